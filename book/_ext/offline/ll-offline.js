/* The book kept for offline use (book/_ext/site_offline.py): registers the service worker
   (sw.js, beside this file at the site's root), tells it what the first page loaded (it keeps
   that, and nothing more until asked), and drives the footer's "Keep
   this book offline" (the whole site, only when pressed: its size, its progress, done).
   Opened from a file (file://, the site on a USB stick) there is no worker: the control, like
   live mode (ll-live.js), says that the site must be served, and how (llNeedsServer). */
(function () {
  var here = document.currentScript && /** @type {HTMLScriptElement} */ (document.currentScript).src;
  var lang = document.documentElement.lang || 'en';
  // absent from a page without the footer's control: each use of it is behind `if (control)`
  var control = /** @type {HTMLElement} */ (document.querySelector('[data-ll-keep]'));
  var SILENT_MS = 60000;  // saving with no news for this long: the worker was stopped

  function folder() {  // the site's folder on this computer, as a shell wants it
    var path = new URL('.', here || location.href).pathname;
    try { path = decodeURIComponent(path); } catch (malformed) { /* shown as the address has it */ }
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);  // file:///C:/... on Windows
    path = path.replace(/(.)\/$/, '$1');
    return /[^\w/.:\\-]/.test(path) ? '"' + path + '"' : path;
  }
  // A note after `place` (once), in the page's language: what needs a server (why: 'live' or
  // 'keep'), then the command that serves the site. Returns its text.
  /** @param {Element | null} place @param {'live' | 'keep'} why */
  window.llNeedsServer = function (place, why) {
    /** @type {HTMLTemplateElement | null} */
    var model = document.querySelector('template[data-ll-needs-server]');
    if (!model) return '';
    // the template (templates/needs_server.html) holds one element, with both places
    var note = /** @type {Element} */ (/** @type {Element} */ (model.content.firstElementChild).cloneNode(true));
    /** @type {Element} */ (note.querySelector('[data-ll-why]')).textContent = model.dataset[why] || '';
    /** @type {Element} */ (note.querySelector('[data-ll-folder]')).textContent = folder();
    var old = place && place.nextElementSibling;
    if (old && old.classList.contains('ll-needs-server')) old.replaceWith(note);
    else if (place) place.after(note);
    return note.textContent || '';
  };

  /** @param {number} bytes */
  function megabytes(bytes) {
    var shown = bytes / 1e6;
    try {
      return new Intl.NumberFormat(lang, {style: 'unit', unit: 'megabyte',
        maximumFractionDigits: shown < 10 ? 1 : 0}).format(shown);
    } catch (e) { return shown.toFixed(1) + ' MB'; }
  }
  // the control's parts (templates of book/_ext/offline): all there when the control is
  var button = /** @type {HTMLButtonElement} */ (control && control.querySelector('[data-ll-action=keep-offline]'));
  var size = /** @type {HTMLElement} */ (control && control.querySelector('.ll-keep-size'));
  var bar = /** @type {HTMLProgressElement} */ (control && control.querySelector('progress'));
  var status = /** @type {HTMLElement} */ (control && control.querySelector('.ll-keep-status'));
  var total = 0;
  /** @param {string} kept */
  function state(kept) {  // what the control shows: 'whole' (done), 'saving', 'failed', or ready
    control.dataset.llKept = kept;
    button.hidden = kept === 'whole';
    button.disabled = kept === 'saving';
    size.hidden = kept === 'whole' || kept === 'saving';
    bar.hidden = kept !== 'saving';
    if (kept === 'whole') status.textContent = control.dataset.done || '';
    else if (kept === 'failed') status.textContent = control.dataset.failed || '';
    else if (kept !== 'saving') status.textContent = '';
  }

  if (location.protocol === 'file:') {
    if (control) {
      control.hidden = false;
      button.onclick = function () { /** @type {NeedsServer} */ (window.llNeedsServer)(status, 'keep'); };
    }
    return;
  }
  if (!here || !('serviceWorker' in navigator)) return;  // the control stays hidden

  /** @type {ReturnType<typeof setTimeout> | undefined} */
  var silence;
  /** @param {OfflineNews} news */
  function heard(news) {  // what the worker says: the size, the progress, what it keeps
    clearTimeout(silence);
    if (news.bytes !== undefined && news.whole !== undefined) {  // its first answer: show the control
      total = news.bytes;
      size.textContent = /** @type {string} */ (control.dataset.size).replace('{size}', megabytes(total));
      control.hidden = false;
      if (news.whole) state('whole');
    } else if (news.saving !== undefined) {
      state('saving');
      bar.max = /** @type {number} */ (news.bytes);  // said with saving
      bar.value = news.saving;
      status.textContent = /** @type {string} */ (control.dataset.progress).replace('{done}', megabytes(news.saving))
        .replace('{total}', megabytes(/** @type {number} */ (news.bytes)));
      silence = setTimeout(function () { state('failed'); }, SILENT_MS);
    } else if (news.failed !== undefined) state('failed');
    else if (news.kept === 'whole' || control.dataset.llKept !== 'saving') state(/** @type {string} */ (news.kept));
  }

  window.addEventListener('load', function () {  // after the page itself: it comes first on a slow line
    navigator.serviceWorker.register(new URL('sw.js', /** @type {string} */ (here)).href, {updateViaCache: 'none'})
      .catch(function () { /* a browser that refuses: the site still works online */ });
    navigator.serviceWorker.onmessage = function (e) { if (control) heard(e.data || {}); };
    navigator.serviceWorker.ready.then(function (registration) {
      var active = /** @type {ServiceWorker} */ (registration.active);  // ready: it has one
      // What this page loaded before the worker took over: kept now, mostly from the browser's cache.
      var loaded = [location.href].concat(performance.getEntriesByType('resource').map(function (entry) {
        return entry.name;
      }));
      // and the page's own replays, which load as they near the screen (not a folded gallery's):
      // the page opens whole with the network cut, wherever the reader scrolls
      document.querySelectorAll('.ll-lazy[data-src]').forEach(function (lazy) {
        if (!lazy.closest('details')) loaded.push(new URL(lazy.getAttribute('data-src') || '', location.href).href);
      });
      // and what the browser fetches for the page by itself, outside its resources' timing (the
      // icon, the manifest): asked for again offline, a missing one is an error in the console
      document.querySelectorAll('link[rel~="icon"][href], link[rel="manifest"][href]').forEach(function (link) {
        loaded.push(/** @type {HTMLLinkElement} */ (link).href);
      });
      active.postMessage({visit: loaded});
      if (!control) return;
      button.onclick = function () {
        state('saving');
        status.textContent = /** @type {string} */ (control.dataset.progress).replace('{done}', megabytes(0))
          .replace('{total}', megabytes(total));
        active.postMessage({keep: 'whole'});
      };
    });
  });
})();
