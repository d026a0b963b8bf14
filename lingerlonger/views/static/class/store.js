/* The teacher's classes, kept in this browser only (IndexedDB 'll-class', store 'classes'): one
   record per assignment, keyed by its nonce: {id, assignment (its text), made (ms), results:
   [{name, code, minute}]}. The results are the texts students handed in, read again (and checked
   again) each time the page opens: what is kept is data, never markup. Where the browser keeps
   nothing (IndexedDB refused: a private window, some file:// pages), the classes last as long as
   the page, and the page says so.
     llClassStore.open() -> a promise of {kept, list(), put(record), remove(id)}, each a promise */
(/** @param {Window} global */ function (global) {
  'use strict';
  if (global.llClassStore) return;
  var NAME = 'll-class', STORE = 'classes';

  /** @returns {Promise<ClassStore>} */
  function inMemory() {
    /** @type {Map<string, ClassRecord>} */
    var kept = new Map();
    return Promise.resolve({
      kept: false,
      list: function () { return Promise.resolve(Array.from(kept.values())); },
      put: function (record) { kept.set(record.id, record); return Promise.resolve(); },
      remove: function (id) { kept.delete(id); return Promise.resolve(); },
    });
  }
  /** @template T @param {IDBRequest<T>} request @returns {Promise<T>} */
  function done(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  /** @returns {Promise<ClassStore>} */
  function open() {
    /** @type {IDBOpenDBRequest} */
    var opening;
    try { opening = global.indexedDB.open(NAME, 1); } catch (refused) { return inMemory(); }
    opening.onupgradeneeded = function () { opening.result.createObjectStore(STORE, {keyPath: 'id'}); };
    return done(opening).then(function (db) {
      /** @param {IDBTransactionMode} mode */
      function store(mode) { return db.transaction(STORE, mode).objectStore(STORE); }
      return /** @type {ClassStore} */ ({
        kept: true,
        list: function () { return done(store('readonly').getAll()); },
        put: function (record) { return done(store('readwrite').put(record)).then(function () {}); },
        remove: function (id) { return done(store('readwrite').delete(id)).then(function () {}); },
      });
    }, inMemory);
  }

  global.llClassStore = {open: open};
})(self);
