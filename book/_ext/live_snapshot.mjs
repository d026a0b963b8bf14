// Live mode's started interpreter, made at build time (site_live.py runs this with Node):
// the same npm Pyodide the reader's browser runs, the package unpacked and imported, every
// catalog read and one replay drawn in each language, then its memory written out. A first
// "Try it live" restores it instead of starting Python and importing the engine, which is
// most of a cold start.
// The snapshot is then restored as the worker restores it (RESTORE_MJS, live-restore.mjs, which
// grows the runtime's memory to the snapshot's first) and asked to open a replay: a snapshot that
// cannot be restored stops the build rather than every reader's first start.
//   node live_snapshot.mjs PYODIDE_DIR PACKAGES_ZIP SCENARIO_YAML OUT RESTORE_MJS
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [runtime, packages, scenario, out, restorer] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + '/pyodide.mjs').href);
const pyodide = await loadPyodide({ indexURL: runtime + '/', _makeSnapshot: true, env: { PYTHONHASHSEED: '0' } });
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
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);

const { restoringModule } = await import(pathToFileURL(restorer).href);
const createModule = (await import(pathToFileURL(runtime + '/pyodide.asm.mjs').href)).default;
const restored = await loadPyodide({
  indexURL: runtime + '/', _loadSnapshot: snapshot, createPyodideModule: restoringModule(createModule),
});
const opened = JSON.parse(restored.pyimport('lingerlonger.views.live_mode.endpoints')
  .serve('open_replay', JSON.stringify({ source, lang: 'en' })));
if (!opened.session) {
  console.error('live_snapshot: the restored interpreter did not open a replay: ' + JSON.stringify(opened).slice(0, 2000));
  process.exit(1);
}
