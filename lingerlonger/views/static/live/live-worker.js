/* Live mode's Web Worker (book/_ext/site_live.py): the project's own Python, in Pyodide, off the
   page's thread, so a long coach hint never freezes a click. Every file comes from the site
   itself (_live/): the runtime, packages.zip (the package, pure-Python PyYAML, markdown-it), and
   the build's snapshot of a started interpreter with the engine imported (interpreter.gz, made
   by Node from the same npm Pyodide): restoring it skips starting Python and importing the
   engine, the slow part of a first start as of every later one.
   Messages: {id, call, args} in; {id, result} or {id, error} out, where call names an endpoint
   of lingerlonger.views.live_mode.endpoints.ENDPOINTS (its serve() is the only door). */
import { loadPyodide } from './pyodide/pyodide.mjs';
import createPyodideModule from './pyodide/pyodide.asm.mjs';
import { restoringModule } from './live-restore.mjs';

const here = new URL('./', import.meta.url);

/** @param {string} name */
async function fetched(name) {
  const answer = await fetch(new URL(name, here));
  if (!answer.ok) throw new Error(answer.status + ' ' + name);
  return answer;
}

/** @param {Response} answer */
function gunzipped(answer) {
  return new Response(/** @type {ReadableStream<BufferSource>} */ (answer.body).pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
}

// A zip's files as [name, bytes], read here while the runtime compiles (Python's own unpacking,
// after it, took a second of a warm start): its central directory, each entry inflated by the
// browser (deflate-raw) or stored.
/** @param {ArrayBuffer} buffer @returns {Promise<Array<[string, Uint8Array]>>} */
async function unzipped(buffer) {
  const bytes = new Uint8Array(buffer), view = new DataView(buffer), names = new TextDecoder();
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let at = view.getUint32(end + 16, true);
  /** @type {Promise<[string, Uint8Array]>[]} */
  const files = [];
  for (let left = view.getUint16(end + 10, true); left > 0; left--) {
    const method = view.getUint16(at + 10, true), size = view.getUint32(at + 20, true);
    const named = view.getUint16(at + 28, true), local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + named));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    files.push(Promise.resolve(method === 0 ? data : new Response(
      new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer())
      .then((content) => /** @type {[string, Uint8Array]} */ ([name, new Uint8Array(content)])));
    at += 46 + named + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return Promise.all(files);
}

async function boot() {
  /** @type {LiveListing} */
  const listing = await (await fetched('live.json')).json();
  // Asked for at once: they download while the runtime compiles.
  const archives = listing.archives.map((archive) => fetched(archive.file)
    .then((answer) => answer.arrayBuffer()).then(unzipped));
  const snapshot = listing.snapshot ? fetched(listing.snapshot).then(gunzipped) : null;
  const options = { indexURL: new URL('pyodide/', here).href };
  let pyodide, how = snapshot ? 'snapshot' : 'plain';
  try {
    pyodide = await loadPyodide(snapshot
      ? { ...options, _loadSnapshot: snapshot, createPyodideModule: restoringModule(createPyodideModule) } : options);
  } catch (error) {  // a snapshot this browser cannot restore: start Python the long way
    if (!snapshot) throw error;
    how = 'plain';
    pyodide = await loadPyodide(options);
  }
  // Written after a snapshot too: its memory has the modules, not their files.
  const sitePackages = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  for (const files of await Promise.all(archives)) {
    for (const [name, content] of files) {
      const path = sitePackages + '/' + name;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
      if (!name.endsWith('/')) pyodide.FS.writeFile(path, content);
    }
  }
  // Each reader's own shuffles, not the build's.
  pyodide.runPython('import random; random.seed()');
  const bridge = pyodide.pyimport('lingerlonger.views.live_mode.endpoints');  // its serve(name, json)
  self.postMessage({ boot: how });  // how it started, for the page (its tests, bench/live.py)
  return bridge;
}

const live = boot();
if (self.caches) caches.delete('ll-live-snapshot').catch(() => {});  // what older builds kept of a first start

self.onmessage = async (event) => {
  const { id, call, args } = event.data;
  try {
    const bridge = await live;
    // serve() answers every call, a refused or failing one too, in the reader's words: what
    // is caught here is the worker itself failing (it could not start), never a call's error.
    self.postMessage({ id, result: JSON.parse(bridge.serve(String(call), JSON.stringify(args || {}))) });
  } catch (error) {
    self.postMessage({ id, error: String(error && /** @type {Error} */ (error).message || error) });
  }
};
