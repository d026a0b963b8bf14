/* The static replay player (static_replay.py): one copy per page, every .ll-replay stepped by it.
   A replay whose frames are in another file (the book's pages, book/_ext/site_assets.py) has a
   .ll-lazy[data-src] placeholder instead: that script is loaded when the replay nears the screen
   (one folded in a closed details element when it is opened). */
window.llReplay = window.llReplay || function (root) {
  root.dataset.llReady = '1';
  // a replay's parts (templates/replay.html): all there but the language picker
  var stage = /** @type {HTMLElement} */ (root.querySelector('.ll-stage'));
  var bar = /** @type {HTMLElement} */ (root.querySelector('.ll-controls'));
  /** @type {ArrayLike<HTMLTemplateElement>} */
  var frames = root.querySelectorAll('template[data-frame]');
  /** @type {{[lang: string]: ArrayLike<HTMLTemplateElement>}} */
  var byLang = Object.create(null);  // keys: the languages of this replay's own catalog only
  byLang[String(root.dataset.lang)] = frames;
  /** @type {Catalog} */
  var words = JSON.parse(/** @type {Element} */ (root.querySelector('script.ll-catalog')).textContent || '{}');
  var slider = /** @type {HTMLInputElement} */ (root.querySelector('input[type=range]'));
  var counter = /** @type {HTMLElement} */ (root.querySelector('.ll-counter'));
  var play = /** @type {HTMLButtonElement} */ (root.querySelector('[data-go=play]'));
  var playText = /** @type {HTMLElement} */ (play.querySelector('span'));
  var present = /** @type {HTMLButtonElement} */ (root.querySelector('[data-go=present]'));
  var speed = /** @type {HTMLSelectElement} */ (root.querySelector('select[data-speed]'));
  /** @type {HTMLSelectElement | null} */
  var picker = root.querySelector('select[data-lang-picker]');
  /** @type {ReturnType<typeof setInterval> | null} */
  var timer = null;
  var at = -1, last = frames.length - 1, shownLang = String(root.dataset.lang);
  root.classList.toggle('ll-one-step', last === 0);  // a position alone: no counter, no Play
  play.disabled = last === 0;
  var GAP = 6;  // px between the page's header and the table
  var voice = root.llVoice = window.llVoice(root, function (key) { return (words[shownLang] || {})[key] || ''; });
  /** @param {number} i */
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === at) return;
    var stepped = at >= 0, inside = stage.contains(document.activeElement);  // not on opening, nor a language's redraw
    at = i;
    stage.replaceChildren(frames[i].content.cloneNode(true));
    if (stepped) voice.narrate();
    voice.settle(inside);
    slider.value = String(i);
    counter.textContent = String(counter.dataset.format).replace('{at}', String(i)).replace('{last}', String(last));
    dress();
    stage.scrollTop = 0;
    cue();
    var had = document.activeElement;
    first.disabled = back.disabled = i === 0;
    next.disabled = end.disabled = i === last;
    // a button just disabled under the focus would drop it to the page (and Esc, the arrows with
    // it): the focus moves to the step that still goes somewhere
    if (had === next || had === end || had === first || had === back) {
      if (/** @type {HTMLButtonElement} */ (had).disabled) (i === last ? back : next).focus();
    }
    if (i === last) stop();
    root.dispatchEvent(new CustomEvent('ll-step', {detail: {at: i, lang: shownLang}}));
  }
  function presenting() { return root.classList.contains('ll-presenting'); }
  // In the presenter view, words that cannot fit even small (two questions on a phone) scroll in
  // the stage: the step bar then shows that there is more below, until it has been read.
  function cue() {
    root.classList.toggle('ll-more-below', presenting() && stage.scrollHeight - stage.scrollTop - stage.clientHeight > 2);
  }
  stage.addEventListener('scroll', cue, {passive: true});
  function covered() {  // the screen's top that the page keeps once scrolled: a sticky header above the replay
    var most = 0, box = root.getBoundingClientRect();
    for (var up = /** @type {Element} */ (root); up.parentElement; up = up.parentElement) {
      for (var el = up.previousElementSibling; el; el = el.previousElementSibling) {
        var style = getComputedStyle(el), r = el.getBoundingClientRect();
        if ((style.position === 'sticky' || style.position === 'fixed') && style.top !== 'auto'
            && r.left < box.right && r.right > box.left && r.height < innerHeight / 2) {
          // a fixed one where it is (a skip link waits above the screen), a sticky one where it sticks
          most = Math.max(most, style.position === 'fixed' ? r.bottom : parseFloat(style.top) + r.height);
        }
      }
    }
    return most;
  }
  function keepInView() {  // the table's top and its words above the step bar, with no scrolling by hand
    if (presenting()) return;
    var top = stage.getBoundingClientRect().top, barTop = bar.getBoundingClientRect().top;
    var header = covered() + GAP;
    var bottom = Math.max.apply(null, /** @type {number[]} */ (Array.prototype.map.call(stage.children, /** @param {Element} part */ function (part) {  // beside it or under it
      return part.getBoundingClientRect().bottom;
    })).concat(top));
    if (top < header - 1 || (bottom > barTop + 1 && top > header + 1)) {
      stage.scrollIntoView({block: 'start'});  // in whatever box scrolls; then to the pixel where the page does
      window.scrollBy(0, stage.getBoundingClientRect().top - header);
    }
  }
  /** @param {number} i */
  function step(i) {
    stop();
    // an arrow pressed past the first or the last step says that step again, not nothing
    if (i !== at && Math.max(0, Math.min(last, i)) === at) voice.narrate();
    show(i);
    keepInView();
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    root.classList.remove('ll-playing');
    playText.textContent = play.dataset.play || ''; play.setAttribute('aria-pressed', 'false');
  }
  function start() {
    if (at === last) show(0);
    timer = setInterval(function () { show(at + 1); keepInView(); }, Number(speed.value));
    root.classList.add('ll-playing');
    playText.textContent = play.dataset.pause || ''; play.setAttribute('aria-pressed', 'true');
  }
  /** @param {string} lang @param {(frames: ArrayLike<HTMLTemplateElement>) => void} then */
  function unpack(lang, then) {
    if (byLang[lang]) return then(byLang[lang]);
    var packed = root.querySelector('script[data-lang="' + lang + '"]');
    if (!packed || !window.DecompressionStream) return;
    window.llUnpacked(packed).then(/** @param {string[]} markups */ function (markups) {
      byLang[lang] = markups.map(function (markup) {
        var frame = document.createElement('template');
        // eslint-disable-next-line no-unsanitized/property -- the book's own frames, packed into this page by static_replay.packed
        frame.innerHTML = markup;
        return frame;
      });
      then(byLang[lang]);
    });
  }
  /** @type {NodeListOf<HTMLInputElement>} */
  var looks = root.querySelectorAll('input[data-look]');
  /** @param {Element} table */
  function dressTable(table) {
    looks.forEach(function (box) { table.classList.toggle(String(box.dataset.look), box.checked); });
  }
  function dress() {  // the projector's large cards, words and buttons, the four-colour deck
    var table = stage.querySelector('.ll-table');
    if (table) dressTable(table);
    var projector = looks[0].checked;
    if (root.classList.contains('ll-projector') !== projector) {
      root.classList.toggle('ll-projector', projector);
      tidy();  // its larger buttons may no longer keep to one row with their words
    }
    // the page makes room for a replay with the projector's look (the book's header scrolls
    // away, its "on this page" column folds: ll-site.css)
    document.documentElement.classList.toggle('ll-projector-page', !!document.querySelector('.ll-replay.ll-projector'));
    fit();
  }
  // The table's size, the same at every step: the largest (up to its own; in the presenter
  // view, up to filling the screen) at which each step's table and words fit between the
  // page's header and the step bar (in the presenter view, words taller than half the screen
  // scroll under the table). Where the words go under the table and even a small one leaves too
  // little room, the projector's large words are made smaller too, never below the page's own.
  // In the presenter view and with the Projector option, the words beside the table, questions,
  // hints and answer buttons included, are sized step by step: each step's at the largest that
  // fits the screen (a step with two questions has smaller words than one with a line). Measured
  // on a hidden copy of the stage holding every step at once, again only when the screen, the
  // bar, the language or the look changes.
  // In the page a table is made at most LEAST smaller: one that would need more is shown at its
  // own size, its words first (ll-words-first), and the page scrolls. So a reader who zooms in
  // gets larger text, not a table fitted back to the size it had (at 200% the room is less than
  // half: WCAG 1.4.4), and nobody gets a table too small to read.
  /** @typedef {{size: string, words: string[], height: number, stage: number, over: boolean, key?: string}} Fitted */
  /** @type {Fitted} */
  var fitted = {size: '', words: [], height: 0, stage: 0, over: false};
  var SMALLEST = 8, SMALL = 10;  // px: the presenter view's smallest table, and the least we keep words large for
  var LEAST = 0.65;  // of the page's own table size (the projector's is larger): the book needs 0.7 at 1280×720
  function fit() {
    /** @type {HTMLElement | null} */
    var table = stage.querySelector('.ll-table');
    if (!table) return;
    var on = presenting();
    /** @type {HTMLElement[]} */
    var parts = Array.prototype.slice.call(stage.children);
    var key = [innerWidth, innerHeight, stage.clientWidth, bar.offsetHeight, on, looks[0].checked, shownLang].join();
    if (fitted.key !== key) {
      parts.forEach(function (part) { part.style.fontSize = ''; });
      fitted = stage.clientWidth ? measure(on) : {size: '', words: [], height: 0, stage: 0, over: false};
      fitted.key = key;
    }
    var words = fitted.words[at] || '';
    parts.forEach(function (part) { part.style.fontSize = part === table ? fitted.size : words; });
    table.style.minHeight = fitted.height ? fitted.height + 'px' : '';  // as tall as its tallest step: nothing moves
    stage.style.minHeight = fitted.stage ? fitted.stage + 'px' : '';
    stage.classList.toggle('ll-words-first', fitted.over);
  }
  /** @param {HTMLElement} table @returns {HTMLElement[]} its step's words and questions: the parts after it */
  function partsOf(table) {
    var found = [];
    for (var el = table.nextElementSibling; el && !el.classList.contains('ll-table'); el = el.nextElementSibling) {
      found.push(/** @type {HTMLElement} */ (el));
    }
    return found;
  }
  /** @param {HTMLElement[]} parts @param {string} size */
  function sized(parts, size) { parts.forEach(function (part) { part.style.fontSize = size; }); }
  /** @param {HTMLElement[]} parts @returns {number} their height, one under the other */
  function heightOf(parts) {
    return parts.reduce(function (sum, el) {
      var style = getComputedStyle(el);
      return sum + el.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    }, 0);
  }
  /** @param {boolean} on */
  function measure(on) {
    var probe = /** @type {HTMLElement} */ (stage.cloneNode(false));
    probe.removeAttribute('tabindex');
    probe.setAttribute('aria-hidden', 'true');
    probe.classList.remove('ll-words-first');
    probe.style.cssText = 'position:absolute;left:0;top:0;height:auto;overflow:visible;visibility:hidden;'
      + 'width:' + stage.getBoundingClientRect().width + 'px';  // to the fraction: a centre may wrap at 0.4 px
    Array.prototype.forEach.call(frames, /** @param {HTMLTemplateElement} frame */ function (frame) { probe.append(frame.content.cloneNode(true)); });
    stage.after(probe);
    // a projector's questions, hints and answers on screen too, beside the table (on a wide screen)
    var whole = on || looks[0].checked && getComputedStyle(probe).display === 'grid';
    /** @type {HTMLElement[]} */
    var quizzes = whole ? [] : Array.prototype.slice.call(probe.querySelectorAll('.ll-quiz'));
    quizzes.forEach(function (quiz) { quiz.style.display = 'none'; });  // read by scrolling: not in the table's size
    /** @type {HTMLElement[]} */
    var tables = Array.prototype.slice.call(probe.querySelectorAll('.ll-table'));
    var steps = tables.map(partsOf);
    /** @type {HTMLElement[]} */
    var words = steps.reduce(function (all, parts) { return all.concat(parts); }, /** @type {HTMLElement[]} */ ([]));
    tables[0].classList.remove(String(looks[0].dataset.look));  // drawn large, a projector's lesson
    var own = parseFloat(getComputedStyle(tables[0]).fontSize);  // the page's table size, without the projector's
    tables.forEach(dressTable);
    var room = on ? stage.clientHeight
      : innerHeight - covered() - GAP - bar.offsetHeight - parseFloat(getComputedStyle(bar).marginTop) - 2;
    var natural = on ? 48 : parseFloat(getComputedStyle(tables[0]).fontSize);
    var least = on ? SMALLEST : own * LEAST;
    var large = words.length ? parseFloat(getComputedStyle(words[0]).fontSize) : 0;
    // the words' own size, then the projector's made smaller (beside the table, down to 14 px)
    var sizes = [''].concat([20, 16.8, 14].filter(function (size) { return size < large && (whole || size >= 16.8); })
      .map(function (size) { return size + 'px'; }));
    /** @type {Fitted} */
    var result = {size: '', words: [], height: 0, stage: 0, over: !on};  // until a try fits: the table's own size
    var chosen = '';
    sizes.some(function (wordSize) {
      sized(words, wordSize);
      var size = tableSize(tables, steps, room, natural, least, on);
      if (size === null) return false;
      result = {size: size, words: [], height: 0, stage: 0, over: false};
      chosen = wordSize;
      return beside || !size || parseFloat(size) >= SMALL;  // words beside the table leave it its room
    });
    // each step's words: the size chosen, or beside the table (whole) the largest at which they fit the screen
    result.words = steps.map(function (parts) {
      var size = chosen;
      if (whole && beside) {
        sizes.some(function (wordSize) { size = wordSize; sized(parts, size); return heightOf(parts) <= room; });
      }
      sized(parts, size);
      return size;
    });
    tables.forEach(function (table) { table.style.fontSize = result.size; });
    result.height = Math.max.apply(null, tables.map(function (table) { return table.offsetHeight; }));
    // the tallest step, its table, words and questions (up to the room there is): the stage keeps
    // that height at every step, so that the step bar stays where the finger is between two presses
    quizzes.forEach(function (quiz) { quiz.style.display = ''; });
    result.stage = on ? 0 : Math.min(room, Math.max.apply(null, tables.map(function (table) {
      var bottom = table.getBoundingClientRect().bottom;
      partsOf(table).forEach(function (el) {
        bottom = Math.max(bottom, el.getBoundingClientRect().bottom + parseFloat(getComputedStyle(el).marginBottom));
      });
      return bottom - table.getBoundingClientRect().top;
    })));
    probe.remove();
    return result;
  }
  var beside = false;  // whether the words are beside the table (tableSize found it), not under it
  /** @param {HTMLElement[]} tables @param {HTMLElement[][]} steps each table's words @param {number} room
      @param {number} natural @param {number} least @param {boolean} on
      @returns {string | null} '' for the table's own size, null where it would be smaller than least (in the page) */
  function tableSize(tables, steps, room, natural, least, on) {
    beside = tables.some(function (table, i) {
      return steps[i].some(function (el) { return el.offsetLeft >= table.offsetLeft + table.offsetWidth - 1; });
    });
    var under = beside ? 0 : Math.max.apply(null, steps.map(heightOf));
    /** @param {number | ''} size */
    function fits(size) {  // every table takes the tallest one's height (fit), so the tallest words go under it
      tables.forEach(function (table) { table.style.fontSize = size ? size + 'px' : ''; });
      return tables.every(function (table) { return table.offsetHeight + under <= room; });
    }
    if (!on && fits('')) return '';
    if (!on && !fits(least)) return null;
    var low = least, high = natural;
    for (var tries = 0; tries < 8; tries++) {
      var middle = (low + high) / 2;
      if (fits(middle)) low = middle; else high = middle;
    }
    return low + 'px';
  }
  looks.forEach(function (box) {
    box.onchange = function () {
      try { localStorage.setItem(String(box.dataset.look), box.checked ? '1' : ''); } catch (e) { /* blocked */ }
      document.dispatchEvent(new CustomEvent('ll-look', {detail: [box.dataset.look, box.checked]}));
    };
  });
  document.addEventListener('ll-look', function (event) {  // [the look, on] from any replay of the page
    var e = /** @type {CustomEvent<[string, boolean]>} */ (event);
    looks.forEach(function (box) { if (box.dataset.look === e.detail[0]) box.checked = e.detail[1]; });
    dress();
  });
  var wanted = root.dataset.lang;
  /** @param {unknown} lang */
  function speak(lang) {  // a language this replay has (one kept or asked for may be anything)
    if (typeof lang !== 'string' || !Object.prototype.hasOwnProperty.call(words, lang)) return;
    wanted = lang;  // a later pick wins over an earlier one still unpacking
    unpack(lang, function (unpacked) { if (wanted === lang && unpacked !== frames) relabel(lang, unpacked); });
  }
  /** @param {string} lang @param {ArrayLike<HTMLTemplateElement>} unpacked */
  function relabel(lang, unpacked) {
    var said = words[lang], shown = at;
    frames = unpacked;
    shownLang = lang;
    root.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = said[String(/** @type {HTMLElement} */ (el).dataset.t)]; });
    // eslint-disable-next-line no-unsanitized/property -- the replay's own catalog (script.ll-catalog): the project's messages, markup by design
    root.querySelectorAll('[data-t-html]').forEach(function (el) { el.innerHTML = said[String(/** @type {HTMLElement} */ (el).dataset.tHtml)]; });
    root.querySelectorAll('[data-t-label]').forEach(function (element) {
      var el = /** @type {HTMLElement} */ (element);
      /** @type {HTMLElement | null} */
      var word = el.querySelector('.ll-word');
      var full = said[String(el.dataset.tLabel)];
      var short = word && said[String(word.dataset.t)];  // the name holds the word shown (static_replay.button_name)
      var name = !short || full.toLowerCase().indexOf(short.toLowerCase()) >= 0 ? full : short + ': ' + full;
      el.setAttribute('aria-label', name);
      if (el.title) el.title = name;
    });
    root.querySelectorAll('[lang]:not(option):not(h3):not(.ll-summary)').forEach(function (el) {
      /** @type {HTMLElement} */ (el).lang = said['language.tag'] || lang;
    });
    counter.dataset.format = said['ui.counter'];
    play.dataset.play = said['ui.play']; play.dataset.pause = said['ui.pause'];
    playText.textContent = (timer ? play.dataset.pause : play.dataset.play) || '';
    if (picker) picker.value = lang;
    tidy();
    at = -1; show(shown);
  }
  /** @param {string} name @param {() => number} to */
  function go(name, to) {
    var button = /** @type {HTMLButtonElement} */ (root.querySelector('[data-go=' + name + ']'));
    button.onclick = function () { step(to()); };
    return button;
  }
  var first = go('first', function () { return 0; });
  var back = go('back', function () { return at - 1; });
  var next = go('next', function () { return at + 1; });
  var end = go('last', function () { return last; });
  play.onclick = function () { timer ? stop() : start(); };
  speed.onchange = function () { if (timer) { stop(); start(); } };
  slider.oninput = function () { stop(); show(Number(slider.value)); };
  /** @type {HTMLInputElement} */ (root.querySelector('[data-legal]')).onchange = function (e) {
    root.classList.toggle('ll-show-legal', /** @type {HTMLInputElement} */ (e.target).checked);
  };
  // Live mode (live.js, where the site serves it) takes the button over; elsewhere it says where to go.
  /** @type {HTMLElement} */ (root.querySelector('[data-ll-action=live]')).onclick = function () {
    if (window.llLive) window.llLive(root, {at: at, lang: shownLang, words: words});
    else /** @type {HTMLElement} */ (root.querySelector('.ll-live-only')).hidden = false;
  };
  /** @param {boolean} on */
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
      cue();
    } else {
      fit();
      cue();
      // Back where the teacher was: the replay's top under the page's sticky header, the focus
      // on the Present button; once the screen is the page's again (leaving full screen
      // restores the page's scrolling after this), and again at once for a window never full.
      present.focus({preventScroll: true});
      if (document.fullscreenElement === root) {
        document.exitFullscreen().then(backToReplay, backToReplay);
      }
      backToReplay();
    }
  }
  function backToReplay() {
    requestAnimationFrame(function () {
      root.scrollIntoView({block: 'start'});
      window.scrollBy(0, root.getBoundingClientRect().top - covered() - GAP);
      if (document.activeElement !== present) present.focus({preventScroll: true});
    });
  }
  present.onclick = function () { setPresenting(!presenting()); };
  document.addEventListener('fullscreenchange', function () {
    if (!document.fullscreenElement && presenting()) setPresenting(false);
    else fit();
  });
  // The step bar keeps to one row: its buttons show icons only where their words would wrap it.
  function tidy() {  // measured with the longest count ("step 12 of 12"), so that it holds at every step
    var shown = counter.textContent;
    counter.textContent = String(counter.dataset.format).replace('{at}', String(last)).replace('{last}', String(last));
    root.classList.remove('ll-compact');
    var row = first.getBoundingClientRect(), end = present.getBoundingClientRect();
    if (end.top >= row.bottom - 1) root.classList.add('ll-compact');
    counter.textContent = shown;
  }
  var width = 0;
  function resized() {
    if (root.clientWidth !== width) { width = root.clientWidth; tidy(); }
    fit();
  }
  window.addEventListener('resize', resized);
  if (window.ResizeObserver) {  // a folded replay opened; the next frame, so that its own resizing is not observed
    new ResizeObserver(function () { requestAnimationFrame(resized); }).observe(root);
  }
  // Arrows step when the player has the focus; in the presenter view a clicker's keys too.
  /** @type {{[key: string]: number | undefined}} */
  var forward = {ArrowRight: 1, ArrowDown: 1, PageDown: 1, ' ': 1};
  /** @type {{[key: string]: number | undefined}} */
  var backward = {ArrowLeft: 1, ArrowUp: 1, PageUp: 1};
  /** @param {KeyboardEvent} e */
  function onKey(e) {
    var inPresenter = presenting(), target = /** @type {HTMLInputElement} */ (e.target);
    if (target.tagName === 'SELECT' || target.type === 'range' || e.defaultPrevented) return;
    if (!inPresenter && !(e.key === 'ArrowRight' || e.key === 'ArrowLeft')) return;
    if (inPresenter && e.key === 'Escape') { setPresenting(false); e.preventDefault(); return; }
    if (e.key === ' ' && /^(BUTTON|SUMMARY|INPUT)$/.test(target.tagName)) return;  // Space presses it
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
    Array.prototype.forEach.call(frames, /** @param {HTMLTemplateElement} frame @param {number} i */ function (frame, i) {
      if (i === 0 || i === last || frame.content.querySelector('.ll-say')) {
        var box = document.createElement('div'), title = document.createElement('h4');
        box.className = 'll-print-step';
        title.textContent = String(counter.dataset.format).replace('{at}', String(i)).replace('{last}', String(last));
        box.append(title, frame.content.cloneNode(true));
        box.querySelectorAll('details.ll-hint').forEach(function (hint) { /** @type {HTMLDetailsElement} */ (hint).open = true; });
        printed.append(box);
      }
    });
    stage.after(printed);
    root.classList.add('ll-has-print');
  });
  if (picker && !window.DecompressionStream) /** @type {HTMLElement} */ (picker.parentNode).hidden = true;
  if (picker) picker.onchange = function () {
    var picked = /** @type {HTMLSelectElement} */ (picker).value;
    try { localStorage.setItem(window.llLangKey(), picked); } catch (e) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-lang', {detail: picked}));
  };
  document.addEventListener('ll-lang', function (e) { speak(/** @type {CustomEvent<string>} */ (e).detail); });
  try {
    looks.forEach(function (box) {
      var kept = localStorage.getItem(String(box.dataset.look));
      if (kept !== null) box.checked = kept === '1';
    });
  } catch (e) { /* storage blocked */ }
  tidy();
  width = root.clientWidth;
  show(Number(root.dataset.start) || 0);
  try { speak(localStorage.getItem(window.llLangKey())); } catch (e) { /* storage blocked */ }
};

// What static_replay.packed wrote into a script element: base64 of gzipped JSON.
window.llUnpacked = function (script) {
  var bytes = Uint8Array.from(atob(script.textContent || ''), function (c) { return c.charCodeAt(0); });
  var text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(text).text().then(JSON.parse);
};

window.llLoadReplay = window.llLoadReplay || function (root) {
  /** @type {HTMLElement | null} */
  var found = root.querySelector('.ll-lazy[data-src]');
  if (!found) return window.llReplay(root);
  var lazy = found;
  root.dataset.llReady = 'loading';
  // A classic script, not fetch(): it loads from file:// too (the site on a USB stick).
  function load() {
    var script = document.createElement('script'), key = String(lazy.dataset.key);
    script.setAttribute('src', String(lazy.dataset.src));
    script.onload = function () {
      var parts = document.createElement('template');
      var made = window.llReplayParts || {};  // the replay's own file registered its markup
      // eslint-disable-next-line no-unsanitized/property -- the replay's own file (_static/replays/<hash>.js) registered the book's markup
      parts.innerHTML = Object.prototype.hasOwnProperty.call(made, key) ? made[key] : '';
      lazy.replaceWith(parts.content);
      window.llReplay(root);
    };
    script.onerror = function () { lazy.textContent = lazy.dataset.src || ''; lazy.classList.add('ll-lazy-failed'); };
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
  // Only what looks like a language is kept; each replay then speaks it only if it has it.
  var asked = new URLSearchParams(location.search).get('lang');
  if (asked && /^[a-z]{2}$/.test(asked)) {
    try { localStorage.setItem(window.llLangKey(), asked); } catch (e) { /* storage blocked */ }
  }
  document.querySelectorAll('.ll-replay:not([data-ll-ready])').forEach(function (root) { window.llLoadReplay(/** @type {HTMLElement} */ (root)); });
};
// "Show the answer" (a question's [data-ll-reveal] button): the button gives way to the answer
// after it, which takes the focus (the button it had is hidden: it would fall to <body>), so a
// screen reader reads the answer. One listener for the page, however many copies of this script it holds.
if (!window.llRevealReady) {
  window.llRevealReady = true;
  document.addEventListener('click', function (e) {
    var target = /** @type {Element} */ (e.target);
    /** @type {HTMLElement | null} */
    var button = target.closest && target.closest('[data-ll-reveal]');
    if (!button) return;
    var answer = /** @type {HTMLElement} */ (button.nextElementSibling);  // the answer, drawn after it
    button.hidden = true;
    answer.hidden = false;
    answer.tabIndex = -1;
    answer.focus({preventScroll: true});
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', window.llReplayAll);
else window.llReplayAll();
