/* The book's service worker, written by book/_ext/site_offline.py at each build. It keeps
   what a reader uses, and the whole site only when asked:
   - a page and what it loads, as they are visited (the first page: when it says so, 'visit',
     from the browser's cache at the very addresses the page loaded: nothing is fetched twice);
     nothing else before the reader asks: a phone's first minute is the page it opened;
   - every file (FILES: every language, the handouts, live mode's engine) when the reader
     presses "Keep this book offline" ('keep'), with its progress sent back to the page.
   Every request for a file of the site is answered from the cache when it is there. Each
   copy is labelled with its file's hash in this build: a new build's worker (a new version)
   copies the unchanged files into its own cache, downloads again the changed ones that were
   kept (every file for a reader who kept the whole book), then deletes the older caches. */
// the webworker library types `self` as any worker's: this one is a service worker
var scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
var VERSION = '__VERSION__';
var CACHE = 'll-site-' + VERSION;
var ROOT = new URL('./', self.location.href);
// [name, hash, bytes] of every file of the site, relative to ROOT.
var FILES = __FILES__;
// In a cache, this entry says that the reader kept the whole book.
var WHOLE = new URL('.ll-whole-book', ROOT).href;
var HASH = 'X-LL-Hash';
var PARALLEL = 4;
// Without a prototype: a request's path is outside input ('/constructor' is no file of the site).
/** @type {{[name: string]: [string, string, number]}} */
var BY_NAME = Object.create(null);
FILES.forEach(function (file) { BY_NAME[file[0]] = file; });

/** @param {string} name */
function address(name) { return new URL(name, ROOT).href; }
/** @param {unknown} url */
function nameOf(url) {  // the site's file a URL stands for ('' when none): ru/ is ru/index.html
  var parts;
  try { parts = new URL(String(url)); } catch (malformed) { return ''; }  // a page's list holds anything
  if (parts.origin !== ROOT.origin || parts.pathname.indexOf(ROOT.pathname) !== 0) return '';
  var name;
  try { name = decodeURIComponent(parts.pathname.slice(ROOT.pathname.length)); } catch (malformed) { return ''; }
  if (name === '' || name.slice(-1) === '/') name += 'index.html';
  return BY_NAME[name] ? name : '';
}
/** @param {Cache} cache @param {string} name @param {Response} answer */
function keep(cache, name, answer) {  // stored under its plain address, labelled with its hash
  var headers = new Headers(answer.headers);
  headers.set(HASH, BY_NAME[name][1]);
  return cache.put(address(name), new Response(answer.body, {
    status: answer.status, statusText: answer.statusText, headers: headers}));
}
/** @param {Response | undefined} copy @param {string} name */
function fresh(copy, name) { return copy && copy.headers.get(HASH) === BY_NAME[name][1]; }

// Keeps every one of names not kept yet, PARALLEL at a time; told(bytes) after each.
// 'no-cache': the server is asked whether the browser's copy is still this build's (a
// '304 Not Modified' costs nothing), as it may keep a file of the previous one a while.
// loaded (a visit's): name -> the address the page loaded it from, read from the browser's
// cache as the page has it ('?digest=...' included: without it, a second download).
/** @param {Cache} cache @param {string[]} names @param {(bytes: number) => void} [told] @param {{[name: string]: string}} [loaded] @returns {Promise<unknown>} */
function keepAll(cache, names, told, loaded) {
  var queue = names.slice(), done = 0;
  /** @returns {Promise<void>} */
  function next() {
    var taken = queue.shift();
    if (taken === undefined) return Promise.resolve();
    var name = taken;
    return cache.match(address(name)).then(function (copy) {
      if (fresh(copy, name)) return;
      var request = loaded ? new Request(loaded[name]) : new Request(address(name), {cache: 'no-cache'});
      return fetch(request).then(function (answer) {
        if (!answer.ok) throw new Error(answer.status + ' ' + name);
        return keep(cache, name, answer);
      });
    }).then(function () {
      done += BY_NAME[name][2];
      if (told) told(done);
      return next();
    });
  }
  var workers = [];
  for (var i = 0; i < PARALLEL; i++) workers.push(next());
  return Promise.all(workers);
}
function everything() { return FILES.map(function (file) { return file[0]; }); }
function wholeBytes() { return FILES.reduce(function (sum, file) { return sum + file[2]; }, 0); }

// What an older cache held, carried into this build's: unchanged files copied, changed ones
// downloaded again (all of them when the whole book was kept).
/** @param {string} older @param {Cache} cache */
function carry(older, cache) {
  return caches.open(older).then(function (old) {
    return old.keys().then(function (requests) {
      var whole = false;
      /** @type {string[]} */
      var again = [];
      return Promise.all(requests.map(function (request) {
        if (request.url === WHOLE) { whole = true; return null; }
        var name = nameOf(request.url);
        if (!name) return null;
        return old.match(request).then(function (copy) {
          if (fresh(copy, name)) return cache.put(address(name), /** @type {Response} */ (copy));
          again.push(name);
        });
      })).then(function () {
        return keepAll(cache, whole ? everything() : again).then(function () {
          if (whole) return cache.put(WHOLE, new Response('1'));
        });
      });
    });
  });
}

scope.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return caches.keys().then(function (names) {
      return names.filter(function (name) { return name.indexOf('ll-site-') === 0 && name !== CACHE; })
        .reduce(function (done, older) { return done.then(function () { return carry(older, cache); }); },
                Promise.resolve());
    });
  }).then(function () { return scope.skipWaiting(); }));
});

scope.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf('ll-site-') === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return scope.clients.claim(); }));
});

scope.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || request.url.indexOf(ROOT.href) !== 0) return;
  var name = nameOf(request.url);  // ?lang=ru, ?digest=...: the same file
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return (name ? cache.match(address(name)) : Promise.resolve(null)).then(function (copy) {
      if (copy) return copy;
      return fetch(request).then(function (answer) {
        if (name && answer.status === 200) event.waitUntil(keep(cache, name, answer.clone()));
        return answer;
      }).catch(function () {
        if (request.mode !== 'navigate') return Response.error();
        return cache.match(address('404.html')).then(function (page) { return page || Response.error(); });
      });
    });
  }));
});

// The whole book being kept (one at a time, whichever page asked), and every open page told.
/** @type {Promise<void> | null} */
var keeping = null;
/** @param {OfflineNews} news */
function tellAll(news) {
  return scope.clients.matchAll({type: 'window'}).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(news); });
  });
}
/** @param {Cache} cache */
function keepWhole(cache) {
  if (keeping) return keeping;
  var total = wholeBytes(), last = 0;
  keeping = keepAll(cache, everything(), function (done) {
    if (done - last > total / 200) { last = done; tellAll({saving: done, bytes: total}); }
  }).then(function () { return cache.put(WHOLE, new Response('1')); })
    .then(function () { return tellAll({kept: 'whole'}); },
          function (error) { return tellAll({failed: String(error)}); })
    .then(function () { keeping = null; });
  return keeping;
}

scope.addEventListener('message', function (event) {
  /** @type {{visit?: unknown, lang?: string, keep?: 'whole'}} what a page asks (ll-offline.js): anything */
  var asked = event.data || {};
  var page = event.source;
  /** @param {OfflineNews} news */
  function tell(news) { if (page) page.postMessage(news); }
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    if (Array.isArray(asked.visit)) {  // the whole book's size; the page and what it loaded before this worker
      // took over, nothing more
      /** @type {{[name: string]: string}} */
      var loaded = Object.create(null);  // the page's addresses: outside keys
      asked.visit.forEach(/** @param {unknown} url */ function (url) {
        if (typeof url !== 'string') return;
        var name = nameOf(url);
        if (name && !loaded[name]) loaded[name] = url;
      });
      return cache.match(WHOLE).then(function (whole) {
        tell({bytes: wholeBytes(), whole: !!whole});
        return keepAll(cache, Object.keys(loaded), undefined, loaded);
      }).then(function () { return cache.match(WHOLE); })
        .then(function (whole) { tell({kept: whole ? 'whole' : 'page'}); },
              function (error) { tell({kept: 'some', error: String(error)}); });
    }
    if (asked.keep) return keepWhole(cache);
  }));
});
