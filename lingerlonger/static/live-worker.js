/* Live mode's Web Worker (book/_ext/site_live.py): the project's own Python, in Pyodide, off the
   page's thread, so a long coach hint never freezes a click. Every file comes from the site
   itself (_live/): the runtime, the project's wheel and pure-Python PyYAML and markdown-it.
   Messages: {id, call, args} in; {id, result} or {id, error} out, where call is a function
   of lingerlonger.live taking and returning JSON. */
import { loadPyodide } from './pyodide/pyodide.mjs';

const here = new URL('./', import.meta.url);

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL('pyodide/', here).href });
  const listing = await (await fetch(new URL('live.json', here))).json();
  const sitePackages = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  for (const archive of listing.archives) {
    const answer = await fetch(new URL(archive.file, here));
    if (!answer.ok) throw new Error(answer.status + ' ' + archive.file);
    pyodide.unpackArchive(await answer.arrayBuffer(), archive.format, { extractDir: sitePackages });
  }
  return pyodide.pyimport('lingerlonger.live');
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
