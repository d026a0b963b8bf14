// How live mode restores its started interpreter (lingerlonger/views/static/live/live-restore.mjs):
// a snapshot whose warm-up grew the runtime's memory past what pyodide.asm.wasm starts with
// (a CI build's did, by a few pages) is restored whole, its Python objects intact.
// Run by tests/test_scripts_under_node.py (node --test), with the npm Pyodide of `make assets`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { restoringModule } from '../../lingerlonger/views/static/live/live-restore.mjs';

const runtime = fileURLToPath(new URL('../../node_modules/pyodide/', import.meta.url));
const { loadPyodide } = await import(pathToFileURL(runtime + 'pyodide.mjs').href);
const createModule = (await import(pathToFileURL(runtime + 'pyodide.asm.mjs').href)).default;

test('a snapshot larger than the starting memory is restored whole', async () => {
  const made = await loadPyodide({ indexURL: runtime, _makeSnapshot: true });
  const starting = made._module.HEAP8.length;
  made.runPython('kept = bytearray(6_000_000); kept[5_432_100] = 7; words = {"trump": "trunfo"}');
  const snapshot = made.makeMemorySnapshot();
  assert.ok(made._module.HEAP8.length > starting, 'the warm-up did not grow the memory: nothing is tested');
  const restored = await loadPyodide({
    indexURL: runtime, _loadSnapshot: snapshot, createPyodideModule: restoringModule(createModule),
  });
  assert.equal(restored.runPython('kept[5_432_100]'), 7);
  assert.equal(restored.runPython('words["trump"]'), 'trunfo');
  assert.equal(restored.runPython('len(bytes(10_000_000))'), 10_000_000);  // and it still allocates
});
