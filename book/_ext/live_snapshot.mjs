// Live mode's started interpreter, made at build time (site_live.py runs this with Node):
// the same npm Pyodide the reader's browser runs, the package unpacked and imported, every
// catalog read and one replay drawn in each language, then its memory written out. A first
// "Try it live" restores it instead of starting Python and importing the engine, which is
// most of a cold start.
//   node live_snapshot.mjs PYODIDE_DIR PACKAGES_ZIP SCENARIO_YAML OUT
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [runtime, packages, scenario, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + '/pyodide.mjs').href);
const pyodide = await loadPyodide({ indexURL: runtime + '/', _makeSnapshot: true, env: { PYTHONHASHSEED: '0' } });
// A browser restores a snapshot into the memory the runtime starts with (pyodide.asm.wasm
// declares it), and refuses one that grew past it ("offset is out of bounds"): the worker then
// starts Python the long way. So the warm-up must not grow it, and the build fails if it did.
const startingMemory = pyodide._module.HEAP8.length;
const sitePackages = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
pyodide.unpackArchive(new Uint8Array(readFileSync(packages)), 'zip', { extractDir: sitePackages });
const bridge = pyodide.pyimport('lingerlonger.views.live_mode.endpoints');
// What a first call would import and read (the loader, the replay, the views, each catalog).
const source = readFileSync(scenario, 'utf8');
for (const lang of ['en', 'pt', 'es', 'ru']) {
  const opened = JSON.parse(bridge.serve('open_replay', JSON.stringify({ source, lang })));
  JSON.parse(bridge.serve('frame', JSON.stringify({ session: opened.session, at: 1, lang })));
  JSON.parse(bridge.serve('check_file', JSON.stringify({ text: source, lang })));
  pyodide.runPython('import gc; gc.collect()');  // each language's garbage gone before the next's
}
bridge.destroy();
pyodide.runPython('import gc, lingerlonger.views.live_mode.endpoints as live; live._SESSIONS.clear(); gc.collect(); import random; random.seed(0)');
if (pyodide._module.HEAP8.length > startingMemory) {
  console.error(`live_snapshot: the warm-up grew the interpreter's memory from ${startingMemory} to `
    + `${pyodide._module.HEAP8.length} bytes; a browser cannot restore such a snapshot. Warm up less.`);
  process.exit(1);
}
writeFileSync(out, pyodide.makeMemorySnapshot());
