/* Live mode's page side, first part: the kit the others share (window.llLiveKit). The page's
   calls into the project's own Python, in a Web Worker (live-worker.js, Pyodide, every file
   from this site); nothing is fetched before the first call. book/_ext/site_live.py joins the
   parts (its PAGE_SOURCES, this one first) into the one script the pages load, ll-live.js. */
(function () {
  var here = document.currentScript && /** @type {HTMLScriptElement} */ (document.currentScript).src;
  /** @type {Worker | null} */
  var worker = null, calls = 0;
  /** @type {{[id: string]: {resolve: (result: LiveAnswer) => void, reject: (error: Error) => void}}} */
  var waiting = {};
  var kit = window.llLiveKit = /** @type {LiveKit} */ ({here: here, offline: location.protocol === 'file:'});

  // Opened as a file (file://, the site on a USB stick), nothing here can start: a worker and
  // its files need the site served. What would start it says so instead, in the page's
  // language, with the command that serves the site (ll-offline.js's llNeedsServer).
  if (kit.offline) {
    kit.needsServer = /** @param {Element | null} place */ function (place) { return window.llNeedsServer ? window.llNeedsServer(place, 'live') : ''; };
    // the position editor's taps
    kit.call = function () { return Promise.resolve({refused: kit.needsServer(null)}); };
    kit.download = download;
    kit.siteRoot = siteRoot;
    return;
  }

  function start() {  // the worker, which starts the interpreter at once
    if (!worker) {
      worker = new Worker(new URL('_live/live-worker.js', /** @type {string} */ (here)), {type: 'module'});

      worker.onmessage = /** @param {MessageEvent} e */ function (e) {
        if (e.data.boot) { window.llLiveKit.boot = e.data.boot; return; }  // "snapshot" or "plain"
        var done = waiting[e.data.id];
        delete waiting[e.data.id];
        if (e.data.error !== undefined) done.reject(new Error(e.data.error)); else done.resolve(e.data.result);
      };
      worker.onerror = function (e) {
        Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(e.message)); });
        waiting = {};
      };
    }
    return worker;
  }
  /** @param {string} name @param {object} [args] @returns {Promise<LiveAnswer>} */
  function call(name, args) {  // a promise of lingerlonger.views.live_mode.endpoints.<name>(args)
    start();
    return new Promise(function (resolve, reject) {
      var id = ++calls;
      waiting[id] = {resolve: resolve, reject: reject};
      /** @type {Worker} */ (worker).postMessage({id: id, call: name, args: args});
    });
  }
  // The worker stopped, with every call it had not answered: the next call starts a fresh one,
  // which holds no session (live players open theirs again when told "lost").
  function restart() {
    if (worker) worker.terminate();
    worker = null;
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error('stopped')); });
    waiting = {};
  }
  // for the position editor (position.js); restart for the tests
  kit.call = call;
  kit.download = download;
  kit.siteRoot = siteRoot;
  kit.restart = restart;
  kit.started = function () { return worker !== null; };

  // A reader who kept live mode's files (the whole book kept offline, or live mode used once)
  // downloads nothing more to start it: the interpreter starts when the page is idle, so that
  // "Try it live" answers at once. A reader who did not keep them still fetches nothing unasked.
  // Then the page's first replay is opened and drawn once, unseen: the engine's first replay and
  // first frame cost twice what later ones do (their code's first run), and that is then paid
  // before the reader presses. kit.warm says when it is done (bench/live.py waits for it).
  var KEPT = ['_live/live.json', '_live/interpreter.gz', '_live/pyodide/pyodide.asm.wasm'];
  function startIfKept() {
    if (worker || !self.caches) return;
    Promise.all(KEPT.map(function (name) { return caches.match(new URL(name, /** @type {string} */ (here)).href); }))
      .then(function (copies) {
        if (!copies.every(Boolean) || worker) return;
        start();
        var packed = document.querySelector('.ll-replay script.ll-source');
        var lang = document.documentElement.lang.split('-')[0] || 'en';
        kit.warm = (packed && window.llUnpacked ? window.llUnpacked(packed) : Promise.resolve(''))
          .then(function (text) {
            if (!text) return null;  // no replay on screen yet: the interpreter alone
            return call('open_replay', {source: text, lang: lang}).then(function (opened) {
              return opened.session === undefined ? opened : call('frame', {session: opened.session, at: 0, lang: lang});
            });
          }).then(function () { return true; }, function () { return false; });
      }, function () { /* no cache: asked for later */ });
  }
  function whenIdle() {
    if ('requestIdleCallback' in window) window.requestIdleCallback(startIfKept, {timeout: 2000});
    else setTimeout(startIfKept, 500);
  }
  if (document.readyState === 'complete') whenIdle(); else window.addEventListener('load', whenIdle);

  // A call that runs longer than this is stopped with its worker (an author's file could
  // ask for a long replay): the next call starts a fresh one.
  var CHECK_LIMIT_MS = 20000;
  /** @param {string} name @param {object} args @param {number} ms @returns {Promise<LiveAnswer>} */
  function bounded(name, args, ms) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    var timer;
    var late = new Promise(function (resolve, reject) {
      timer = setTimeout(function () {
        restart();
        reject(new Error('slow'));
      }, ms);
    });
    return Promise.race([call(name, args), late]).finally(function () { clearTimeout(timer); });
  }

  /** @param {string} action @param {string} text @param {string} [key] */
  function button(action, text, key) {  // key: its catalog id, relabelled with the player's language
    var b = document.createElement('button');
    b.type = 'button';
    b.dataset.llAction = action;
    b.textContent = text;
    if (key) b.dataset.t = key;
    return b;
  }
  kit.CHECK_LIMIT_MS = CHECK_LIMIT_MS;
  kit.bounded = bounded;
  kit.button = button;

  /** @param {string} text @param {string} name */
  function download(text, name) {  // the browser saves the text as a file: no server involved
    var link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], {type: 'application/x-yaml'}));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
  }
  // The site's root: its copy of the format's schema is what a saved lesson points editors at.
  function siteRoot() { return new URL('.', /** @type {string} */ (here)).href; }

})();
