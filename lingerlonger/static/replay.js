/* The static replay player (static_replay.py): one copy per page, every .ll-replay stepped by it.
   A replay whose frames are in another file (the book's pages, book/_ext/site_assets.py) has a
   .ll-lazy[data-src] placeholder instead: that script is loaded when the replay nears the screen
   (one folded in a closed details element when it is opened). */
window.llReplay = window.llReplay || function (root) {
  root.dataset.llReady = '1';
  var stage = root.querySelector('.ll-stage');
  var bar = root.querySelector('.ll-controls');
  var frames = root.querySelectorAll('template[data-frame]');
  var byLang = {};
  byLang[root.dataset.lang] = frames;
  var words = JSON.parse(root.querySelector('script.ll-catalog').textContent);
  var slider = root.querySelector('input[type=range]');
  var counter = root.querySelector('.ll-counter');
  var play = root.querySelector('[data-go=play]');
  var playText = play.querySelector('span');
  var present = root.querySelector('[data-go=present]');
  var speed = root.querySelector('select[data-speed]');
  var picker = root.querySelector('select[data-lang-picker]');
  var timer = null, at = -1, last = frames.length - 1, shownLang = root.dataset.lang;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === at) return;
    at = i;
    stage.replaceChildren(frames[i].content.cloneNode(true));
    slider.value = i;
    counter.textContent = counter.dataset.format.replace('{at}', i).replace('{last}', last);
    dress();
    first.disabled = back.disabled = i === 0;
    next.disabled = end.disabled = i === last;
    if (i === last) stop();
    root.dispatchEvent(new CustomEvent('ll-step', {detail: {at: i, lang: shownLang}}));
  }
  function presenting() { return root.classList.contains('ll-presenting'); }
  function keepInView() {  // the table's top and its words above the step bar, with no scrolling by hand
    if (presenting()) return fit();
    var top = stage.getBoundingClientRect().top, barTop = bar.getBoundingClientRect().top;
    var header = parseFloat(getComputedStyle(stage).scrollMarginTop) || 0;
    var lastWord = stage.lastElementChild;
    var bottom = lastWord ? lastWord.getBoundingClientRect().bottom : top;
    if (top < header - 1 || (bottom > barTop + 1 && top > header + 1)) stage.scrollIntoView({block: 'start'});
  }
  function step(i) { stop(); show(i); keepInView(); }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    root.classList.remove('ll-playing');
    playText.textContent = play.dataset.play; play.setAttribute('aria-pressed', 'false');
  }
  function start() {
    if (at === last) show(0);
    timer = setInterval(function () { show(at + 1); keepInView(); }, +speed.value);
    root.classList.add('ll-playing');
    playText.textContent = play.dataset.pause; play.setAttribute('aria-pressed', 'true');
  }
  function unpack(lang, then) {
    if (byLang[lang]) return then(byLang[lang]);
    var packed = root.querySelector('script[data-lang="' + lang + '"]');
    if (!packed || !window.DecompressionStream) return;
    window.llUnpacked(packed).then(function (markups) {
      byLang[lang] = markups.map(function (markup) {
        var frame = document.createElement('template');
        frame.innerHTML = markup;
        return frame;
      });
      then(byLang[lang]);
    });
  }
  var looks = root.querySelectorAll('input[data-look]');
  function dress() {  // the projector's large cards and words, the four-colour deck
    var table = stage.querySelector('.ll-table');
    looks.forEach(function (box) { if (table) table.classList.toggle(box.dataset.look, box.checked); });
    root.classList.toggle('ll-projector', looks[0].checked);
    if (presenting()) fit();
  }
  function fit() {  // presenter view: the largest table that fits the screen above the bar
    var table = stage.querySelector('.ll-table');
    if (!table) return;
    var room = stage.clientHeight, low = 8, high = 48;  // px; the layout reflows with the size
    Array.prototype.forEach.call(stage.children, function (words) {  // words under the table (upright phone)
      if (words !== table && words.offsetLeft < table.offsetLeft + table.offsetWidth - 1) {
        var style = getComputedStyle(words);
        room -= words.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
      }
    });
    for (var tries = 0; tries < 9; tries++) {
      var size = (low + high) / 2;
      table.style.fontSize = size + 'px';
      if (table.offsetHeight <= room) low = size; else high = size;
    }
    table.style.fontSize = low + 'px';
  }
  looks.forEach(function (box) {
    box.onchange = function () {
      try { localStorage.setItem(box.dataset.look, box.checked ? '1' : ''); } catch (e) { /* blocked */ }
      document.dispatchEvent(new CustomEvent('ll-look', {detail: [box.dataset.look, box.checked]}));
    };
  });
  document.addEventListener('ll-look', function (e) {
    looks.forEach(function (box) { if (box.dataset.look === e.detail[0]) box.checked = e.detail[1]; });
    dress();
  });
  var wanted = root.dataset.lang;
  function speak(lang) {
    if (!words[lang]) return;
    wanted = lang;  // a later pick wins over an earlier one still unpacking
    unpack(lang, function (unpacked) { if (wanted === lang && unpacked !== frames) relabel(lang, unpacked); });
  }
  function relabel(lang, unpacked) {
    var said = words[lang], shown = at;
    frames = unpacked;
    shownLang = lang;
    root.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = said[el.dataset.t]; });
    root.querySelectorAll('[data-t-html]').forEach(function (el) { el.innerHTML = said[el.dataset.tHtml]; });
    root.querySelectorAll('[data-t-label]').forEach(function (el) {
      var full = said[el.dataset.tLabel], word = el.querySelector('.ll-word');
      var short = word && said[word.dataset.t];  // the name holds the word shown (static_replay.button_name)
      var name = !short || full.toLowerCase().indexOf(short.toLowerCase()) >= 0 ? full : short + ': ' + full;
      el.setAttribute('aria-label', name);
      if (el.title) el.title = name;
    });
    root.querySelectorAll('[lang]:not(option):not(h3):not(.ll-summary)').forEach(function (el) {
      el.lang = said['language.tag'] || lang;
    });
    counter.dataset.format = said['ui.counter'];
    play.dataset.play = said['ui.play']; play.dataset.pause = said['ui.pause'];
    playText.textContent = timer ? play.dataset.pause : play.dataset.play;
    if (picker) picker.value = lang;
    at = -1; show(shown);
  }
  function go(name, to) {
    var button = root.querySelector('[data-go=' + name + ']');
    button.onclick = function () { step(to()); };
    return button;
  }
  var first = go('first', function () { return 0; });
  var back = go('back', function () { return at - 1; });
  var next = go('next', function () { return at + 1; });
  var end = go('last', function () { return last; });
  play.onclick = function () { timer ? stop() : start(); };
  speed.onchange = function () { if (timer) { stop(); start(); } };
  slider.oninput = function () { stop(); show(+slider.value); };
  root.querySelector('[data-legal]').onchange = function (e) {
    root.classList.toggle('ll-show-legal', e.target.checked);
  };
  // Live mode (live.js, where the site serves it) takes the button over; elsewhere it says where to go.
  root.querySelector('[data-ll-action=live]').onclick = function () {
    if (window.llLive) window.llLive(root, {at: at, lang: shownLang, words: words});
    else root.querySelector('.ll-live-only').hidden = false;
  };
  function setPresenting(on) {
    if (on === presenting()) return;
    root.classList.toggle('ll-presenting', on);
    document.documentElement.classList.toggle('ll-presenting-page', on);
    present.setAttribute('aria-pressed', String(on));
    if (on) {
      if (root.requestFullscreen && !document.fullscreenElement) {
        root.requestFullscreen().catch(function () { /* refused: the fixed view still fills the window */ });
      }
      next.focus();
      fit();
    } else {
      var table = stage.querySelector('.ll-table');
      if (table) table.style.fontSize = '';
      if (document.fullscreenElement === root) document.exitFullscreen().catch(function () {});
      root.scrollIntoView({block: 'start'});
    }
  }
  present.onclick = function () { setPresenting(!presenting()); };
  document.addEventListener('fullscreenchange', function () {
    if (!document.fullscreenElement && presenting()) setPresenting(false);
    else if (presenting()) fit();
  });
  window.addEventListener('resize', function () { if (presenting()) fit(); });
  // Arrows step when the player has the focus; in the presenter view a clicker's keys too.
  var forward = {ArrowRight: 1, ArrowDown: 1, PageDown: 1, ' ': 1}, backward = {ArrowLeft: 1, ArrowUp: 1, PageUp: 1};
  function onKey(e) {
    var inPresenter = presenting();
    if (e.target.tagName === 'SELECT' || e.target.type === 'range' || e.defaultPrevented) return;
    if (!inPresenter && !(e.key === 'ArrowRight' || e.key === 'ArrowLeft')) return;
    if (inPresenter && e.key === 'Escape') { setPresenting(false); e.preventDefault(); return; }
    if (e.key === ' ' && /^(BUTTON|SUMMARY|INPUT)$/.test(e.target.tagName)) return;  // Space presses it
    if (forward[e.key]) { step(at + 1); e.preventDefault(); }
    else if (backward[e.key]) { step(at - 1); e.preventDefault(); }
    else if (inPresenter && e.key === 'Home') { step(0); e.preventDefault(); }
    else if (inPresenter && e.key === 'End') { step(last); e.preventDefault(); }
  }
  root.addEventListener('keydown', function (e) { if (!presenting()) onKey(e); });
  document.addEventListener('keydown', function (e) { if (presenting()) onKey(e); });
  window.addEventListener('beforeprint', function () {  // the key positions: start, every author's word, end
    var printed = root.querySelector('.ll-print') || document.createElement('div');
    printed.className = 'll-print';
    printed.replaceChildren();
    Array.prototype.forEach.call(frames, function (frame, i) {
      if (i === 0 || i === last || frame.content.querySelector('.ll-say')) {
        var box = document.createElement('div'), title = document.createElement('h4');
        box.className = 'll-print-step';
        title.textContent = counter.dataset.format.replace('{at}', i).replace('{last}', last);
        box.append(title, frame.content.cloneNode(true));
        printed.append(box);
      }
    });
    stage.after(printed);
    root.classList.add('ll-has-print');
  });
  if (picker && !window.DecompressionStream) picker.parentNode.hidden = true;
  if (picker) picker.onchange = function () {
    try { localStorage.setItem(window.llLangKey(), picker.value); } catch (e) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-lang', {detail: picker.value}));
  };
  document.addEventListener('ll-lang', function (e) { speak(e.detail); });
  try {
    looks.forEach(function (box) {
      var kept = localStorage.getItem(box.dataset.look);
      if (kept !== null) box.checked = kept === '1';
    });
  } catch (e) { /* storage blocked */ }
  show(+root.dataset.start || 0);
  try { speak(localStorage.getItem(window.llLangKey())); } catch (e) { /* storage blocked */ }
};

// What static_replay.packed wrote into a script element: base64 of gzipped JSON.
window.llUnpacked = function (script) {
  var bytes = Uint8Array.from(atob(script.textContent), function (c) { return c.charCodeAt(0); });
  var text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(text).text().then(JSON.parse);
};

window.llLoadReplay = window.llLoadReplay || function (root) {
  var lazy = root.querySelector('.ll-lazy[data-src]');
  if (!lazy) return window.llReplay(root);
  root.dataset.llReady = 'loading';
  // A classic script, not fetch(): it loads from file:// too (the site on a USB stick).
  function load() {
    var script = document.createElement('script'), key = lazy.dataset.key;
    script.setAttribute('src', lazy.dataset.src);
    script.onload = function () {
      var parts = document.createElement('template');
      parts.innerHTML = (window.llReplayParts || {})[key];
      lazy.replaceWith(parts.content);
      window.llReplay(root);
    };
    script.onerror = function () { lazy.textContent = lazy.dataset.src; lazy.classList.add('ll-lazy-failed'); };
    document.head.append(script);
  }
  if (!window.IntersectionObserver) return load();
  var watch = new IntersectionObserver(function (seen) {
    if (seen.some(function (entry) { return entry.isIntersecting; })) { watch.disconnect(); load(); }
  }, {rootMargin: '600px'});
  watch.observe(lazy);
};

// A pick is kept per site language: the Portuguese book's replays open in Portuguese.
window.llLangKey = function () { return 'll-lang:' + (document.documentElement.lang || 'en'); };

window.llReplayAll = function () {
  // ?lang=ru in the address picks the players' language, as their menu does (and is kept).
  var asked = new URLSearchParams(location.search).get('lang');
  if (asked) try { localStorage.setItem(window.llLangKey(), asked); } catch (e) { /* storage blocked */ }
  document.querySelectorAll('.ll-replay:not([data-ll-ready])').forEach(window.llLoadReplay);
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', window.llReplayAll);
else window.llReplayAll();
