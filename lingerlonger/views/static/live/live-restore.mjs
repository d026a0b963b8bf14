/* How live mode restores its started interpreter (live-worker.js in the browser, and
   book/_ext/live_snapshot.mjs, which proves at build time that the snapshot it made restores).
   Pyodide copies a snapshot into the memory its runtime starts with, which pyodide.asm.wasm
   declares (its INITIAL_MEMORY option is ignored: the module's memory is its own), and refuses
   a snapshot larger than that ("offset is out of bounds"). So the memory is grown first, by
   asking the runtime's own malloc for what is missing: the snapshot then overwrites all of it,
   the allocator's state too, and the interpreter is the one that was saved, however much
   its warm-up allocated. */
/** @typedef {NonNullable<import('pyodide').PyodideConfig['createPyodideModule']>} CreateModule */

/** @param {CreateModule} createModule @returns {CreateModule} */
export function restoringModule(createModule) {
  return async (settings) => {
    // and Emscripten's malloc, which the runtime exports and Pyodide's types leave out
    const module = /** @type {Awaited<ReturnType<CreateModule>> & {_malloc(bytes: number): number}} */ (await createModule(settings));
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (/** @type {Uint8Array} */ snapshot) => {
      // The snapshot's header: its second word is where the saved memory starts.
      const saved = snapshot.byteLength - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
      while (module.HEAP8.length < saved) {
        if (!module._malloc(saved - module.HEAP8.length + 65536)) throw new Error('live: no memory for the snapshot');
      }
      return restore(snapshot);
    };
    return module;
  };
}
