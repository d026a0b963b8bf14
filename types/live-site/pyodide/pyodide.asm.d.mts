// The npm Pyodide's module factory (_live/pyodide/pyodide.asm.mjs on the built site): the type
// loadPyodide's createPyodideModule option takes, which live-restore.mjs wraps.
import type { PyodideConfig } from 'pyodide';

declare const createPyodideModule: NonNullable<PyodideConfig['createPyodideModule']>;
export default createPyodideModule;
