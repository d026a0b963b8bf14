/* The book kept for offline use (book/_ext/site_offline.py): registers the service worker
   (sw.js, beside this file at the site's root), tells it what the first page loaded (it keeps
   that, and nothing more until asked), and drives the footer's "Keep
   this book offline" (the whole site, only when pressed: its size, its progress, done).
   Opened from a file (file://, the site on a USB stick) there is no worker: the control, like
   live mode (ll-live.js), says that the site must be served, and how (llNeedsServer). */
(function () {
  var here = document.currentScript && document.currentScript.src;
  var lang = document.documentElement.lang || 'en';
  var control = document.querySelector('[data-ll-keep]');
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
  window.llNeedsServer = function (place, why) {
    var model = document.querySelector('template[data-ll-needs-server]');
    if (!model) return '';
    var note = model.content.firstElementChild.cloneNode(true);
    note.querySelector('[data-ll-why]').textContent = model.dataset[why] || '';
    note.querySelector('[data-ll-folder]').textContent = folder();
    var old = place && place.nextElementSibling;
    if (old && old.classList.contains('ll-needs-server')) old.replaceWith(note);
    else if (place) place.after(note);
    return note.textContent;
  };

  function megabytes(bytes) {
    var shown = bytes / 1e6;
    try {
      return new Intl.NumberFormat(lang, {style: 'unit', unit: 'megabyte',
        maximumFractionDigits: shown < 10 ? 1 : 0}).format(shown);
    } catch (e) { return shown.toFixed(1) + ' MB'; }
  }
  var button, size, bar, status, total = 0;
  if (control) {
    button = control.querySelector('[data-ll-action=keep-offline]');
    size = control.querySelector('.ll-keep-size');
    bar = control.querySelector('progress');
    status = control.querySelector('.ll-keep-status');
  }
  function state(kept) {  // what the control shows: 'whole' (done), 'saving', 'failed', or ready
    control.dataset.llKept = kept;
    button.hidden = kept === 'whole';
    button.disabled = kept === 'saving';
    size.hidden = kept === 'whole' || kept === 'saving';
    bar.hidden = kept !== 'saving';
    if (kept === 'whole') status.textContent = control.dataset.done;
    else if (kept === 'failed') status.textContent = control.dataset.failed;
    else if (kept !== 'saving') status.textContent = '';
  }

  if (location.protocol === 'file:') {
    if (control) {
      control.hidden = false;
      button.onclick = function () { window.llNeedsServer(status, 'keep'); };
    }
    return;
  }
  if (!here || !('serviceWorker' in navigator)) return;  // the control stays hidden

  var silence = null;
  function heard(news) {  // what the worker says: the size, the progress, what it keeps
    clearTimeout(silence);
    if (news.bytes !== undefined && news.whole !== undefined) {  // its first answer: show the control
      total = news.bytes;
      size.textContent = control.dataset.size.replace('{size}', megabytes(total));
      control.hidden = false;
      if (news.whole) state('whole');
    } else if (news.saving !== undefined) {
      state('saving');
      bar.max = news.bytes;
      bar.value = news.saving;
      status.textContent = control.dataset.progress.replace('{done}', megabytes(news.saving))
        .replace('{total}', megabytes(news.bytes));
      silence = setTimeout(function () { state('failed'); }, SILENT_MS);
    } else if (news.failed !== undefined) state('failed');
    else if (news.kept === 'whole' || control.dataset.llKept !== 'saving') state(news.kept);
  }

  window.addEventListener('load', function () {  // after the page itself: it comes first on a slow line
    navigator.serviceWorker.register(new URL('sw.js', here).href, {updateViaCache: 'none'})
      .catch(function () { /* a browser that refuses: the site still works online */ });
    navigator.serviceWorker.onmessage = function (e) { if (control) heard(e.data || {}); };
    navigator.serviceWorker.ready.then(function (registration) {
      // What this page loaded before the worker took over: kept now, mostly from the browser's cache.
      var loaded = [location.href].concat(performance.getEntriesByType('resource').map(function (entry) {
        return entry.name;
      }));
      // and the page's own replays, which load as they near the screen (not a folded gallery's):
      // the page opens whole with the network cut, wherever the reader scrolls
      document.querySelectorAll('.ll-lazy[data-src]').forEach(function (lazy) {
        if (!lazy.closest('details')) loaded.push(new URL(lazy.getAttribute('data-src') || '', location.href).href);
      });
      registration.active.postMessage({visit: loaded});
      if (!control) return;
      button.onclick = function () {
        state('saving');
        status.textContent = control.dataset.progress.replace('{done}', megabytes(0))
          .replace('{total}', megabytes(total));
        registration.active.postMessage({keep: 'whole'});
      };
    });
  });
})();
