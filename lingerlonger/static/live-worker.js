/* Live mode's Web Worker (book/_ext/site_live.py): the project's own Python, in Pyodide, off the
   page's thread, so a long coach hint never freezes a click. Every file comes from the site
   itself (_live/): the runtime, and packages.zip (the package, pure-Python PyYAML, markdown-it).
   The first start keeps a snapshot of the started interpreter (gzipped, in the browser's cache
   storage, named after this build's live.json version); later starts restore it instead of
   starting Python again, in a fraction of the time.
   Messages: {id, call, args} in; {id, result} or {id, error} out, where call is a function
   of lingerlonger.live taking and returning JSON. */
import { loadPyodide } from './pyodide/pyodide.mjs';

const here = new URL('./', import.meta.url);
const SNAPSHOTS = 'll-live-snapshot';

async function fetched(name) {
  const answer = await fetch(new URL(name, here));
  if (!answer.ok) throw new Error(answer.status + ' ' + name);
  return answer;
}

function gzip(bytes, how) {
  const stream = new Blob([bytes]).stream().pipeThrough(
    how === 'in' ? new CompressionStream('gzip') : new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

async function savedSnapshot(key) {
  try {
    const copy = await (await caches.open(SNAPSHOTS)).match(key);
    return copy ? new Uint8Array(await gzip(await copy.arrayBuffer(), 'out')) : null;
  } catch (error) {
    return null;  // no cache storage (a private window): start Python the long way
  }
}

async function keepSnapshot(pyodide, key) {
  try {
    const packed = await gzip(pyodide.makeMemorySnapshot(), 'in');
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);  // another build's
    await cache.put(key, new Response(packed));
  } catch (error) { /* kept or not, the engine runs */ }
}

async function boot() {
  const listing = await (await fetched('live.json')).json();
  const key = new URL('snapshot-' + listing.version, here).href;
  const snapshot = await savedSnapshot(key);
  const options = { indexURL: new URL('pyodide/', here).href };
  if (snapshot) options._loadSnapshot = snapshot; else options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  // Unpacked again after a snapshot too: a module imported later reads its file.
  const sitePackages = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  for (const archive of listing.archives) {
    const bytes = await (await fetched(archive.file)).arrayBuffer();
    pyodide.unpackArchive(bytes, archive.format, { extractDir: sitePackages });
  }
  const bridge = pyodide.pyimport('lingerlonger.live');
  if (!snapshot) setTimeout(() => keepSnapshot(pyodide, key), 0);  // after the first answer
  return bridge;
}

const live = boot();

self.onmessage = async (event) => {
  const { id, call, args } = event.data;
  try {
    const bridge = await live;
    if (!/^[a-z_]+$/.test(call) || call.startsWith('_')) throw new Error('no such call: ' + call);
    self.postMessage({ id, result: JSON.parse(bridge[call](JSON.stringify(args || {}))) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
