/* Live mode for the static replays (book/_ext/site_live.py, which serves this file as ll-live.js
   at the site's root): "Try it live" starts the project's
   own Python in a Web Worker (live-worker.js, Pyodide, every file from this site) and from then
   on the player shows the engine's frames, every card of the seat to play a button, the legal
   ones standing up and named "playable": a legal card plays a what-if branch, a refused one
   says the rule at once (the frames carry the engine's verdicts, in the page's language, so
   that a card pressed while the engine is still starting is answered too), the coach gives each
   card's chance, "New hand" deals a hand against the computer. The HTML comes from
   lingerlonger/views/live_mode/endpoints.py; this file only shows it and sends back what the reader pressed.
   Nothing is fetched before the first press. */
(function () {
  var here = document.currentScript && document.currentScript.src;
  var worker = null, calls = 0, waiting = {};

  // Opened as a file (file://, the site on a USB stick), nothing here can start: a worker and
  // its files need the site served. What would start it says so instead, in the page's
  // language, with the command that serves the site (ll-offline.js's llNeedsServer).
  if (location.protocol === 'file:') {
    var needsServer = function (place) { return window.llNeedsServer ? window.llNeedsServer(place, 'live') : ''; };
    window.llLive = function (root) { needsServer(root.querySelector('.ll-live-bar')); };
    window.llLiveKit = {call: function () { return Promise.resolve({refused: needsServer(null)}); },
                        download: download, siteRoot: siteRoot};  // the position editor's taps
    document.addEventListener('DOMContentLoaded', function () {  // after ll-offline.js
      document.querySelectorAll('[data-ll-checker] .ll-checker-status').forEach(needsServer);
    });
    return;
  }

  function call(name, args) {  // a promise of lingerlonger.views.live_mode.endpoints.<name>(args)
    if (!worker) {
      worker = new Worker(new URL('_live/live-worker.js', here), {type: 'module'});
      worker.onmessage = function (e) {
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
    return new Promise(function (resolve, reject) {
      var id = ++calls;
      waiting[id] = {resolve: resolve, reject: reject};
      worker.postMessage({id: id, call: name, args: args});
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
  window.llLiveKit = {call: call, download: download, siteRoot: siteRoot, restart: restart};

  // A call that runs longer than this is stopped with its worker (an author's file could
  // ask for a long replay): the next call starts a fresh one.
  var CHECK_LIMIT_MS = 20000;
  function bounded(name, args, ms) {
    var timer;
    var late = new Promise(function (resolve, reject) {
      timer = setTimeout(function () {
        restart();
        reject(new Error('slow'));
      }, ms);
    });
    return Promise.race([call(name, args), late]).finally(function () { clearTimeout(timer); });
  }

  function button(action, text, key) {  // key: its catalog id, relabelled with the player's language
    var b = document.createElement('button');
    b.type = 'button';
    b.dataset.llAction = action;
    b.textContent = text;
    if (key) b.dataset.t = key;
    return b;
  }

  // --- a lesson as a file, and as a link to the checker page (#lesson=...) ----------------
  var LESSON = '#lesson=';
  function download(text, name) {  // the browser saves the text as a file: no server involved
    var link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], {type: 'application/x-yaml'}));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
  }
  function streamed(bytes, transform) {  // bytes through a (De)CompressionStream, as a reader
    return new Blob([bytes]).stream().pipeThrough(transform).getReader();
  }
  function packLesson(text) {  // deflate-raw, then base64url
    var reader = streamed(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
    var parts = [];
    function more() {
      return reader.read().then(function (got) {
        if (!got.done) { parts.push(got.value); return more(); }
        return new Blob(parts).arrayBuffer().then(function (buffer) {
          var bytes = new Uint8Array(buffer), binary = '';
          for (var i = 0; i < bytes.length; i += 8192)
            binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
          return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        });
      });
    }
    return more();
  }
  function unpackLesson(packed, limit) {  // a promise of {text, size}; rejects when corrupt
    return Promise.resolve().then(function () {
      if (!/^[A-Za-z0-9_-]+$/.test(packed)) throw new Error('not base64url');
      var binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
      var bytes = Uint8Array.from(binary, function (c) { return c.charCodeAt(0); });
      var reader = streamed(bytes, new DecompressionStream('deflate-raw')), parts = [], size = 0;
      function more() {
        return reader.read().then(function (got) {
          if (got.done || size > limit) {  // never more than the checker's limit unpacked
            if (!got.done) reader.cancel().catch(function () {});
            return new Blob(parts).arrayBuffer().then(function (buffer) {
              var text = new TextDecoder('utf-8', {fatal: size <= limit}).decode(buffer.slice(0, limit));
              if (!text.trim()) throw new Error('empty');
              return {text: text, size: size};
            });
          }
          parts.push(got.value);
          size += got.value.length;
          return more();
        });
      }
      return more();
    });
  }
  // The site's root: its copy of the format's schema is what a saved lesson points editors at.
  function siteRoot() { return new URL('.', here).href; }
  // Tags are matched on their primary subtag: a browser saying pt-BR or pt gets the site's pt-PT.
  function primary(tag) { return String(tag).split('-')[0].toLowerCase(); }
  // This page in each language of the site (its alternate links), and the reader's language
  // (the first of the browser's languages the site has, else English).
  function pagesByLanguage() {
    var pages = {};
    document.querySelectorAll('link[rel=alternate][hreflang]').forEach(function (link) {
      pages[primary(link.hreflang)] = link.href;
    });
    pages.reader = (navigator.languages || [navigator.language]).map(primary).filter(function (lang) { return pages[lang]; })[0] || 'en';
    return pages;
  }
  // The language a shared lesson opens in: with texts in several languages ({en: ..., ru: ...}),
  // the one of the page it was shared from (madeIn); else its own (lang:, else English).
  function lessonLanguage(text, madeIn) {
    if (/(^[ \t]+|[{,][ \t]*)(en|pt|es|ru):[ \t]/m.test(text)) return madeIn;
    var own = /^lang:[ \t]*["']?([a-z]{2})\b/m.exec(text);
    return own ? own[1] : 'en';
  }
  function checkerPage() {  // the site's checker page, in the language of this page
    var root = document.documentElement.dataset.content_root;
    var base = root !== undefined ? new URL(root, location.href) : new URL('.', here);
    return new URL('book/check-a-scenario.html', base).href;
  }
  // "Share link": the lesson packed into the checker page's address, copied and shown.
  function share(text, page, words, place, status) {
    return packLesson(text).then(function (packed) {
      place.replaceChildren();
      if (packed.length > +words.shareLimit) { status.textContent = words.shareTooLong; return; }
      var url = page + LESSON + packed;
      var label = document.createElement('label'), field = document.createElement('input');
      label.className = 'll-share';
      field.type = 'text';
      field.readOnly = true;
      field.value = url;
      field.dataset.llShareLink = '';
      label.append(words.shareLink + ' ', field);
      place.append(label);
      field.select();
      var copied = navigator.clipboard && navigator.clipboard.writeText(url);
      return Promise.resolve(copied).then(function () {
        if (copied) status.textContent = words.shareCopied;
      }, function () {});  // no clipboard here: the link stays in its field, selected
    });
  }

  window.llLive = function (root, shown) {
    if (root.dataset.llLive) return;
    root.dataset.llLive = 'starting';
    if (!document.querySelector('link[data-ll-live-css]')) {  // the coach's bars, a hand's banners
      var css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = new URL('_live/player.css', here).href;
      css.dataset.llLiveCss = '';
      document.head.append(css);
    }
    var stage = root.querySelector('.ll-stage');
    var bar = root.querySelector('.ll-live-bar');
    var start = bar.querySelector('[data-ll-action=live]');
    var lang = shown.lang, at = shown.at, session = null, mode = 'scenario', asked = 0;
    var voice = root.llVoice;  // replay.js's: the live regions, the keys, where the focus goes
    function say(key) { return (shown.words[lang] || {})['ui.' + key] || ''; }
    var status = document.createElement('p');
    status.className = 'll-live-status';
    status.setAttribute('aria-live', 'polite');
    var panel = document.createElement('div');
    panel.className = 'll-live-panel';
    panel.hidden = true;
    var coach = button('coach', say('coach'), 'ui.coach');
    var deal = button('new-hand', say('new-hand'), 'ui.new-hand');
    var leave = button('back', say('branch-back'), 'ui.branch-back');
    leave.hidden = true;
    // a hand against the computer, or a what-if branch, as a lesson: a file or a link
    var save = button('save-lesson', say('save-lesson'), 'ui.save-lesson');
    var shareButton = button('share', say('share'), 'ui.share');
    var branchSession = null;
    var out = document.createElement('div');
    out.className = 'll-live-out';
    var shared = document.createElement('div');
    shared.className = 'll-live-share';
    panel.append(coach, deal, save, shareButton, leave, out, shared);
    function saving(on) { save.hidden = shareButton.hidden = !on; if (!on) shared.replaceChildren(); }
    saving(false);
    bar.after(panel);
    bar.append(status);
    start.disabled = true;
    status.textContent = say('live-starting');
    // What a pressed card is told, right under the table (in sight of the finger that pressed
    // it, above the step's words): its rule, or that it will be played.
    var verdict = document.createElement('p');
    verdict.className = 'll-live-verdict';
    verdict.setAttribute('role', 'status');
    verdict.dataset.llVerdict = '';
    var pending = null;  // a legal card pressed before the engine answered: played once it does
    function tell(text, refused) {
      verdict.textContent = text;
      voice.announce(text, refused);
      verdict.classList.toggle('ll-live-refused', !!refused);
      if (!text) return verdict.remove();
      var table = stage.querySelector('.ll-table');
      if (table) table.after(verdict); else stage.prepend(verdict);
      // Above the step bar, which stays on screen over the page's bottom: scrolled up if under it.
      var bar = root.querySelector('.ll-controls');
      var limit = Math.min(bar ? bar.getBoundingClientRect().top : innerHeight, innerHeight);
      var under = verdict.getBoundingClientRect().bottom + 8 - limit;
      if (under > 0) window.scrollBy(0, under);
    }
    function arm() {  // the book's own frame, until the engine's: its cards of the seat to play as buttons
      stage.querySelectorAll('.ll-card[data-ll-card]').forEach(function (face) {
        var card = document.createElement('button');
        card.type = 'button';
        card.className = 'll-card-button';
        card.dataset.llCard = face.dataset.llCard;
        if (face.dataset.llWhy) card.dataset.llWhy = face.dataset.llWhy;
        delete face.dataset.llCard;
        delete face.dataset.llWhy;
        face.replaceWith(card);
        card.append(face);
      });
    }
    arm();

    // The stage drawn again; ``narrated``: what happened is said (a hand's cards, not the
    // scenario's frame, which the replay said as it stepped).
    function show(markup, narrated) {
      var inside = stage.contains(document.activeElement);
      stage.innerHTML = markup;
      if (narrated) voice.narrate();
      voice.settle(inside);
    }
    function failed(error) {
      if (error && error.message === 'refused') return;  // said already, in the reader's words (answer)
      status.textContent = say('live-failed');
      voice.announce(status.textContent, true);
      status.dataset.error = String(error && error.message || error);
    }
    function answer(result) {  // a refusal comes back as {error: html}, in the reader's language
      if (result.error) { out.innerHTML = result.error; voice.announce(out.textContent, true); return false; }
      return true;
    }
    // A call on the scenario's session. A worker stopped and started again (a slow check is
    // stopped with it) has lost every session: the scenario is opened again, the call made once more.
    function onScenario(name, args) {
      function made() { return call(name, Object.assign({}, args, {session: session})); }
      return made().then(function (result) { return result.lost ? reopen().then(made) : result; });
    }
    function scenarioFrame() {
      var ticket = ++asked;
      return onScenario('frame', {at: at, lang: lang}).then(function (result) {
        if (ticket !== asked || mode !== 'scenario' || !answer(result)) return;
        show(result.html);
        status.textContent = result.hint;
      });
    }
    function branch(frames, index) {  // a what-if branch, stepped inside the stage
      mode = 'branch';
      leave.hidden = false;
      saving(true);
      var box = document.createElement('div');
      box.dataset.llWhatIf = '';
      box.className = 'll-what-if-branch';
      var back = button('branch-back-step', '◀'), next = button('branch-next', '▶');
      var where = document.createElement('span');
      function go(i) {
        index = Math.max(0, Math.min(frames.length - 1, i));
        var frame = box.querySelector('.ll-branch-frame');
        frame.innerHTML = frames[index];
        voice.narrate(frame);
        where.textContent = (index + 1) + ' / ' + frames.length;
        back.disabled = index === 0;
        next.disabled = index === frames.length - 1;
        var focused = document.activeElement;  // a button just disabled keeps no focus: its neighbour takes it
        if (focused && focused.disabled) (focused === next ? back : next).focus();
      }
      var nav = document.createElement('div');
      nav.className = 'll-branch-nav';
      nav.append(back, where, next);
      var frame = document.createElement('div');
      frame.className = 'll-branch-frame';
      box.append(nav, frame);
      var inside = stage.contains(document.activeElement);
      stage.replaceChildren(box);
      back.onclick = function () { go(index - 1); };
      next.onclick = function () { go(index + 1); };
      go(index);
      voice.settle(inside, next.disabled ? back : next);
    }
    function backToScenario() {
      // "Back" hides itself, and a branch's buttons go: the table takes the focus they had
      if (root.contains(document.activeElement) && !stage.contains(document.activeElement)
          || document.activeElement === document.body) stage.focus();
      mode = 'scenario';
      tell('');
      root.classList.remove('ll-live-hand');
      leave.hidden = true;
      saving(false);
      out.replaceChildren();
      scenarioFrame();
    }

    stage.addEventListener('click', function (e) {
      var pressed = e.target.closest('[data-ll-answer]');
      if (pressed && session && mode === 'scenario') {
        onScenario('answer', {at: at, answer: pressed.dataset.llAnswer, lang: lang})
          .then(function (result) {
            var box = stage.querySelector('.ll-live-quiz-box');
            if (!box || !answer(result)) return;
            var inside = stage.contains(document.activeElement);
            box.innerHTML = result.quiz;
            var right = box.querySelector('.ll-quiz-right'), wrong = box.querySelector('.ll-quiz-feedback');
            if (right) voice.announce(right.textContent);
            if (wrong) voice.announce(wrong.textContent, true);
            voice.settle(inside, box.querySelector('[data-ll-answer]'));
          }).catch(failed);
        return;
      }
      var card = e.target.closest('button[data-ll-card]');
      if (!card || mode === 'branch') return;
      if (card.dataset.llWhy) return tell(card.dataset.llWhy, true);  // the rule, and nothing changes
      if (!session) {  // the engine is still starting: the card is legal, and waits for it
        pending = {card: card.dataset.llCard, at: at};
        return tell(say('live-legal-wait').replace('{card}', pending.card));
      }
      tell('');
      var args = {session: session, card: card.dataset.llCard, lang: lang};
      if (mode === 'hand') {
        call('hand_play', args).then(function (result) {
          if (answer(result)) { out.replaceChildren(); show(result.html, true); }
        }).catch(failed);
      } else if (mode === 'scenario') {
        args.at = at;
        onScenario('what_if', args).then(function (result) {
          if (answer(result)) { out.replaceChildren(); branchSession = result.branch; branch(result.frames, 0); }
        }).catch(failed);
      }
    });
    coach.onclick = function () {
      out.textContent = say('coach-thinking');
      var advised = mode === 'hand' ? call('coach', {hand: session, lang: lang}) : onScenario('coach', {at: at, lang: lang});
      advised.then(function (result) {
        if (answer(result)) { out.innerHTML = result.html; voice.announce(out.textContent); }
      }).catch(failed);
    };
    deal.onclick = function () {
      call('new_hand', {players: 4, lang: lang}).then(function (result) {
        if (!answer(result)) return;
        mode = 'hand';
        tell('');
        root.classList.add('ll-live-hand');
        status.textContent = '';
        session = result.session;
        leave.hidden = false;
        saving(true);
        out.replaceChildren();
        show(result.html, true);
        voice.settle(true);  // a new hand: the focus on its first card that may be played
      }).catch(failed);
    };
    function lesson() {  // the hand or the branch shown, as a lesson file
      var args = mode === 'hand' ? {hand: session, lang: lang} : {branch: branchSession, lang: lang};
      args.site = siteRoot();
      return call('save_lesson', args).then(function (result) {
        if (!answer(result)) throw new Error('refused');
        return result;
      });
    }
    save.onclick = function () {
      lesson().then(function (result) { download(result.text, result.name); }).catch(failed);
    };
    shareButton.onclick = function () {
      lesson().then(function (result) {
        return share(result.text, checkerPage(), result.words, shared, out);
      }).catch(failed);
    };
    leave.onclick = function () {
      if (mode === 'hand') return reopen().then(backToScenario).catch(failed);
      backToScenario();
    };
    root.addEventListener('ll-step', function (e) {
      at = e.detail.at;
      lang = e.detail.lang;
      pending = null;
      tell('');
      if (mode === 'scenario') arm();  // answered at once, the engine's own frame on its way
      if (mode === 'branch') backToScenario();
      else if (mode === 'scenario' && session) scenarioFrame();
    });
    var source = window.llUnpacked(root.querySelector('script.ll-source'));
    function reopen() {
      return source.then(function (text) {
        return call('open_replay', {source: text, lang: lang});
      }).then(function (result) {
        if (!answer(result)) throw new Error('refused');
        session = result.session;
        mode = 'scenario';
      });
    }
    reopen().then(scenarioFrame).then(function () {
      var focused = document.activeElement;
      panel.hidden = false;
      bar.hidden = true;
      bar.after(status);
      // "Try it live" is gone: the focus it had goes to the first of the buttons that replace it
      if (focused === start || focused === document.body) coach.focus();
      root.dataset.llLive = 'ready';
      var waited = pending && pending.at === at && stage.querySelector('button[data-ll-card="' + pending.card + '"]');
      pending = null;
      if (waited) waited.click();
    }).catch(function (error) {
      if (error && error.message === 'refused') panel.hidden = false;  // its words are in the panel
      failed(error);
      start.disabled = false;
      delete root.dataset.llLive;
    });
  };

  // The scenario editor's text box (live.py's checker_html): line numbers in a gutter that
  // scrolls with the text, and a band behind the line of a mistake, its column marked. The
  // text never wraps, so line N is row N.
  function lineBox(form, text) {
    var box = form.querySelector('.ll-editor-box'), numbers = form.querySelector('.ll-editor-numbers');
    var band = form.querySelector('.ll-editor-band'), mark = band.firstElementChild;
    var counted = 1, marked = null, ruler = document.createElement('canvas').getContext('2d');
    function px(value) { return parseFloat(value) || 0; }
    function widthOf(prefix) {  // what the text box's font needs for these characters
      var style = getComputedStyle(text);
      ruler.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
      return ruler.measureText(prefix).width;
    }
    function before(line, column) {  // the line's text up to the column (characters, as Python counts)
      return Array.from(text.value.split('\n')[line - 1] || '').slice(0, column - 1).join('');
    }
    function place() {  // the band follows the text's scrolling; hidden when its line is not in view
      numbers.style.transform = 'translateY(' + -text.scrollTop + 'px)';
      if (!marked) return;
      var style = getComputedStyle(text), high = px(style.lineHeight);
      var top = text.offsetTop + px(style.borderTopWidth) + px(style.paddingTop)
        + (marked.line - 1) * high - text.scrollTop;
      band.hidden = top + high <= text.offsetTop || top >= text.offsetTop + text.clientHeight;
      band.style.top = top + 'px';
      band.style.height = high + 'px';
      var left = text.offsetLeft + px(style.borderLeftWidth) + px(style.paddingLeft) + marked.left - text.scrollLeft;
      mark.hidden = left < text.offsetLeft;
      mark.style.left = left + 'px';
      mark.style.width = marked.width + 'px';
    }
    text.addEventListener('scroll', place);
    if (window.ResizeObserver) new ResizeObserver(place).observe(text);
    return {
      count: function () {  // the gutter's numbers, redrawn when the text's lines change
        var lines = text.value.split('\n').length;
        if (lines === counted) return;
        counted = lines;
        var all = [];
        for (var i = 1; i <= lines; i++) all.push(i);
        numbers.textContent = all.join('\n');
        box.style.setProperty('--ll-digits', Math.max(2, String(lines).length));
        place();
      },
      mark: function (line, column) {
        if (line) {  // measured once: the band then only follows the scrolling
          var start = before(line, column), next = before(line, column + 1);
          marked = {line: line, left: widthOf(start), width: Math.max(widthOf(next.slice(start.length) || ' '), 6)};
        } else marked = null;
        band.classList.toggle('ll-editor-error-line', !!marked);
        if (marked) band.dataset.llLine = line; else { delete band.dataset.llLine; band.hidden = true; }
        place();
      },
      go: function (line, column) {  // the caret at the mistake, its line in view: only when asked
        var lines = text.value.split('\n'), at = 0;
        for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
        at += before(line, column).length;
        text.focus({preventScroll: true});
        text.setSelectionRange(at, at);
        var high = px(getComputedStyle(text).lineHeight), left = widthOf(before(line, column));
        text.scrollTop = Math.max(0, (line - 1) * high - text.clientHeight / 3);
        text.scrollLeft = left < text.clientWidth * 0.8 ? 0 : left - text.clientWidth / 2;
        box.scrollIntoView({block: 'nearest'});
        place();
      }
    };
  }

  // The book's scenario editor (live.py's checker_html): the text is checked a moment after
  // each change (one check at a time; an answer for older text is dropped), a mistake is
  // marked at its line and column, and the replay beside the text is drawn again at the step
  // it showed. While the text is broken, the last good replay stays, dimmed, under the error.
  var EDIT_PAUSE_MS = 400;
  function checker(form) {
    var text = form.querySelector('textarea'), file = form.querySelector('input[type=file]');
    var status = form.querySelector('.ll-checker-status'), out = form.querySelector('.ll-checker-out');
    var words = form.dataset, name = 'scenario.yaml', size = 0;
    var limit = +text.getAttribute('maxlength');
    var lines = lineBox(form, text);
    var problem = document.createElement('div'), shown = document.createElement('div');
    problem.className = 'll-editor-problem';
    shown.className = 'll-editor-replay';
    var version = 0, busy = false, again = false, pause = null, step = 0;
    out.addEventListener('ll-step', function (e) { step = e.detail.at; }, true);  // the replay's own event
    function showing(result) {
      problem.innerHTML = result.error || result.located || '';
      lines.mark(result.line, result.column);
      if (result.error) {
        status.textContent = '';
        if (shown.childElementCount) {
          var note = document.createElement('p');
          note.className = 'll-editor-stale-note';
          note.textContent = words.stale;
          problem.append(note);
        }
        shown.classList.add('ll-editor-stale');
        shown.inert = true;  // out of date: seen, not used
      } else {
        status.textContent = result.message;
        shown.classList.remove('ll-editor-stale');
        shown.inert = false;
        shown.innerHTML = result.html;
      }
      out.replaceChildren.apply(out, [problem, shown].filter(function (part) { return part.childElementCount; }));
      if (!result.error && window.llReplayAll) window.llReplayAll();  // once in the page
    }
    function run() {
      clearTimeout(pause);
      if (busy) { again = true; return; }
      busy = true;
      var ticket = version;
      if (!worker) status.textContent = words.starting;
      bounded('check_file', {text: text.value, name: name, size: size, lang: words.lang, at: step}, CHECK_LIMIT_MS)
        .then(function (result) { if (ticket === version) showing(result); })
        .catch(function (error) {
          if (ticket === version) status.textContent = error.message === 'slow' ? words.slow : words.failed;
        })
        .finally(function () {
          busy = false;
          if (again) { again = false; run(); }
        });
    }
    function edited(content, named, bytes) {  // another file in the box: checked at once, from its start
      text.value = content;
      name = named;
      size = bytes;
      step = 0;
      version++;
      lines.count();
      run();
    }
    form.querySelector('[data-ll-action=check]').onclick = run;
    // "Make this a task": a task for the seat to act at the step shown, put in the box and checked.
    form.querySelector('[data-ll-action=make-task]').onclick = function () {
      if (!text.value.trim()) return;
      bounded('make_task', {text: text.value, name: name, lang: words.lang, at: step}, CHECK_LIMIT_MS)
        .then(function (result) {
          if (result.error) { problem.innerHTML = result.error; out.prepend(problem); return; }
          edited(result.text, name, 0);
        })
        .catch(function () { status.textContent = words.failed; });
    };
    out.addEventListener('click', function (e) {
      var go = e.target.closest('[data-ll-action=go-to-error]');
      var where = go && go.closest('[data-ll-error-line]');
      if (where) lines.go(+where.dataset.llErrorLine, +where.dataset.llErrorColumn);
    });
    var place = document.createElement('div');
    place.className = 'll-checker-share';
    status.after(place);
    form.querySelector('[data-ll-action=share]').onclick = function () {
      if (!text.value.trim()) return;
      share(text.value, location.href.split('#')[0], words, place, status)
        .catch(function () { status.textContent = words.failed; });
    };
    // A shared link (#lesson=...): its lesson in the box, checked and replayed at once, on the
    // page in the lesson's language, with a link to the reader's (which adds &lang=, their pick).
    function opened() {
      if (location.hash.indexOf(LESSON) !== 0) return;
      var parts = location.hash.slice(LESSON.length).split('&lang='), packed = parts[0];
      var pages = pagesByLanguage(), shownIn = primary(document.documentElement.lang);
      version++;  // a check under way is for the text before
      place.replaceChildren();
      out.replaceChildren();
      shown.replaceChildren();
      lines.mark(null);
      if (packed.length > +words.shareLimit) { status.textContent = words.shareTooLong; return; }
      unpackLesson(packed, limit).then(function (got) {
        var lang = parts[1] || lessonLanguage(got.text, shownIn);
        if (lang !== shownIn && pages[lang]) {  // a reader's pick (&lang=) goes along, so it holds
          location.replace(pages[lang] + LESSON + packed + (parts[1] ? '&lang=' + parts[1] : ''));
          return;
        }
        var readIn = JSON.parse(words.readIn || '{}');
        if (pages.reader !== shownIn && readIn[pages.reader]) {
          var other = document.createElement('a');
          other.href = pages[pages.reader] + LESSON + packed + '&lang=' + pages.reader;
          other.lang = other.hreflang = pages.reader;
          other.dataset.llReaderLanguage = '';
          other.textContent = readIn[pages.reader];
          place.append(other);
        }
        edited(got.text, 'lesson.yaml', got.size);
      }, function () { status.textContent = words.shareBad; });
    }
    window.addEventListener('hashchange', opened);
    opened();
    text.addEventListener('input', function () {
      name = 'scenario.yaml';
      size = 0;
      version++;
      lines.count();
      clearTimeout(pause);
      pause = setTimeout(run, EDIT_PAUSE_MS);
    });
    file.onchange = function () {
      var chosen = file.files[0];
      if (!chosen) return;
      // Never more than the limit read from the device: a larger file is refused by its size.
      chosen.slice(0, limit + 1).text().then(function (content) { edited(content, chosen.name, chosen.size); });
    };
  }
  function start() { document.querySelectorAll('[data-ll-checker]').forEach(checker); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
