/* The book's service worker, written by book/_ext/site_offline.py at each build: on the first
   visit it copies every file of the site into the cache named after this build's version, then
   answers every request of the site from that copy (from the network only what is not in it).
   A new build has a new version: the browser installs the new worker, which fills its own cache
   and, once active, deletes the older ones. */
var VERSION = '__VERSION__';
var CACHE = 'll-site-' + VERSION;
var FILES = __FILES__;
var ROOT = new URL('./', self.location);
// Folders copied when first asked for, not at install (live mode's engine: only for a reader
// who starts it); from then on they are answered from the cache like the rest.
var ON_DEMAND = __ON_DEMAND__.map(function (folder) { return new URL(folder, ROOT).href; });

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // cache: 'reload': from the server, not from the browser's HTTP cache (which may hold the
    // previous build for a while: GitHub Pages lets it keep files ten minutes).
    return cache.addAll(FILES.map(function (name) {
      return new Request(new URL(name, ROOT).href, {cache: 'reload'});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf('ll-site-') === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || request.url.indexOf(ROOT.href) !== 0) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    // ?lang=ru, ?v=digest: the same file.
    return cache.match(request, {ignoreSearch: true}).then(function (copy) {
      if (copy) return copy;
      var keep = ON_DEMAND.some(function (folder) { return request.url.indexOf(folder) === 0; });
      return fetch(request).then(function (answer) {
        if (keep && answer.ok) cache.put(request, answer.clone());
        return answer;
      }).catch(function () {
        return request.mode === 'navigate' ? cache.match(new URL('404.html', ROOT).href) : Response.error();
      });
    });
  }));
});
