// The built site's _live/pyodide/ is the npm package's files (book/_ext/site_live.py copies them):
// live-worker.js imports them by that address; tsconfig.worker.json's rootDirs maps it here.
export { loadPyodide } from 'pyodide';
