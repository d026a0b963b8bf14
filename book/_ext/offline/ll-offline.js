/* Registers the book's service worker (sw.js, beside this file at the site's root), so that the
   whole site is kept for offline use; see book/_ext/site_offline.py. */
(function () {
  var here = document.currentScript && document.currentScript.src;
  if (!here || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', function () {  // after the page itself: it comes first on a slow line
    navigator.serviceWorker.register(new URL('sw.js', here).href, {updateViaCache: 'none'})
      .catch(function () { /* a browser that refuses: the site still works online */ });
  });
})();
