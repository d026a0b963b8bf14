/* Live mode's page side, part (see live-kit.js): live mode for the static replays (book/_ext/site_live.py, which serves this file as ll-live.js
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
  var kit = window.llLiveKit, here = kit.here;
  // Opened as a file, "Try it live" says the site must be served (ll-offline.js's llNeedsServer).
  if (kit.offline) {
    window.llLive = /** @param {HTMLElement} root */ function (root) { kit.needsServer(root.querySelector('.ll-live-bar')); };
    return;
  }
  var call = kit.call, button = kit.button, download = kit.download, siteRoot = kit.siteRoot;
  var share = kit.share, checkerPage = kit.checkerPage;

  window.llLive = function (root, shown) {
    if (root.dataset.llLive) return;
    root.dataset.llLive = 'starting';
    if (!document.querySelector('link[data-ll-live-css]')) {  // the coach's bars, a hand's banners, the review
      ['player.css', 'review.css'].forEach(function (name) {
        var css = document.createElement('link');
        css.rel = 'stylesheet';
        css.href = new URL('_live/' + name, /** @type {string} */ (here)).href;
        css.dataset.llLiveCss = '';
        document.head.append(css);
      });
    }
    // a replay's parts (templates/replay.html)
    var stage = /** @type {HTMLElement} */ (root.querySelector('.ll-stage'));
    var bar = /** @type {HTMLElement} */ (root.querySelector('.ll-live-bar'));
    var start = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-ll-action=live]'));
    var lang = shown.lang, at = shown.at, mode = 'scenario', asked = 0;
    /** @type {LiveSession | null} the scenario's, or the hand's, in the worker */
    var session = null;
    var voice = /** @type {Voice} */ (root.llVoice);  // replay.js's: the live regions, the keys, where the focus goes
    /** @param {string} key */
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
    /** @type {LiveSession | null} */
    var branchSession = null;
    // a finished hand or branch reviewed; a moment of it opened as a table (mode 'moment')
    var reviewButton = button('review', say('review'), 'ui.review');
    /** @type {{hand?: LiveSession | null, branch?: LiveSession | null} | null} */
    var reviewing = null;
    /** @type {{session: LiveSession, at: number} | null} */
    var moment = null;
    var fromHand = false;
    var branchReviewable = false;
    // reviewed: the finished review of what is shown, saved with its asks ("Save as lesson")
    /** @type {unknown} */
    var reviewed = null;
    /** @param {{hand?: LiveSession | null, branch?: LiveSession | null} | null} args */
    function reviewable(args) { reviewing = args; reviewed = null; reviewButton.hidden = !args; }
    /** @param {LiveAnswer} result */
    function tried(result) { branchSession = result.branch; branchReviewable = result.reviewable; }
    reviewable(null);
    var out = document.createElement('div');
    out.className = 'll-live-out';
    var shared = document.createElement('div');
    shared.className = 'll-live-share';
    // The computer's level for a new hand, as the app offers it ([data-ll-level]); its words are
    // the worker's (endpoints.levels), asked for once live mode is ready and when the language changes.
    var levelBox = document.createElement('label'), levelName = document.createElement('span');
    var level = document.createElement('select');
    levelBox.className = 'll-live-level';
    level.dataset.llLevel = '';
    levelBox.append(levelName, level);
    levelBox.hidden = true;
    /** @type {string | null} */
    var levelLang = null;
    function levels() {
      if (levelLang === lang) return Promise.resolve();
      var asked = lang;
      return call('levels', {lang: asked}).then(function (result) {
        if (!answer(result)) return;
        var chosen = level.value;
        levelName.textContent = result.label + ' ';
        level.replaceChildren.apply(level, result.levels.map(/** @param {[string, string]} pair */ function (pair) {
          var option = document.createElement('option');
          option.value = pair[0];
          option.textContent = pair[1];
          return option;
        }));
        level.value = chosen || 'tips';
        levelLang = asked;
        levelBox.hidden = false;
      });
    }
    panel.append(coach, levelBox, deal, save, shareButton, reviewButton, leave, out, shared);
    /** @param {boolean} on */
    function saving(on) { save.hidden = shareButton.hidden = !on; if (!on) shared.replaceChildren(); }
    saving(false);
    bar.after(panel);
    bar.append(status);
    // "Try it live" is disabled while the engine starts: the focus it had goes to the table,
    // whose cards are answered even now (never to <body>)
    if (document.activeElement === start) stage.focus({preventScroll: true});
    start.disabled = true;
    status.textContent = say('live-starting');
    // What a pressed card is told, right under the table (in sight of the finger that pressed
    // it, above the step's words): its rule, or that it will be played.
    var verdict = document.createElement('p');
    verdict.className = 'll-live-verdict';
    verdict.setAttribute('role', 'status');
    verdict.dataset.llVerdict = '';
    /** @type {{card: string, at: number} | null} */
    var pending = null;  // a legal card pressed before the engine answered: played once it does
    /** @param {string} text @param {boolean} [refused] */
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
      stage.querySelectorAll('.ll-card[data-ll-card], .ll-card[data-ll-refused]').forEach(function (element) {
        var face = /** @type {HTMLElement} */ (element);
        var card = document.createElement('button');
        card.type = 'button';
        card.className = 'll-card-button';
        if (face.dataset.llCard) card.dataset.llCard = face.dataset.llCard;
        if (face.dataset.llRefused) card.dataset.llRefused = face.dataset.llRefused;
        if (face.dataset.llWhy) card.dataset.llWhy = face.dataset.llWhy;
        delete face.dataset.llCard;
        delete face.dataset.llRefused;
        delete face.dataset.llWhy;
        face.replaceWith(card);
        card.append(face);
      });
    }
    arm();

    // The stage drawn again; ``narrated``: what happened is said (a hand's cards, not the
    // scenario's frame, which the replay said as it stepped).
    /** @param {string} markup @param {boolean} [narrated] */
    function show(markup, narrated) {
      var inside = stage.contains(document.activeElement);
      // eslint-disable-next-line no-unsanitized/property -- markup: a frame of the worker's answers, the package's own templates
      stage.innerHTML = markup;
      if (narrated) voice.narrate();
      voice.settle(inside);
    }
    /** @param {unknown} error */
    function failed(error) {
      if (error && /** @type {Error} */ (error).message === 'refused') return;  // said already, in the reader's words (answer)
      status.textContent = say('live-failed');
      voice.announce(status.textContent, true);
      status.dataset.error = String(error && /** @type {Error} */ (error).message || error);
    }
    /** @param {LiveAnswer} result */
    function answer(result) {  // a refusal comes back as {error: html}, in the reader's language
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: a refusal, the package's own autoescaped template
      if (result.error) { out.innerHTML = result.error; voice.announce(voice.textOf(out), true); return false; }
      return true;
    }
    // A call on the scenario's session. A worker stopped and started again (a slow check is
    // stopped with it) has lost every session: the scenario is opened again, the call made once more.
    /** @param {keyof LiveAnswers} name @param {object} args @returns {Promise<LiveAnswer>} */
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
    /** @param {string[]} frames @param {number} index */
    function branch(frames, index) {  // a what-if branch, stepped inside the stage
      mode = 'branch';
      leave.hidden = false;
      saving(true);
      var box = document.createElement('div');
      box.dataset.llWhatIf = '';
      box.className = 'll-what-if-branch';
      var back = button('branch-back-step', '◀'), next = button('branch-next', '▶');
      var where = document.createElement('span');
      /** @param {number} i */
      function go(i) {
        index = Math.max(0, Math.min(frames.length - 1, i));
        var frame = /** @type {HTMLElement} */ (box.querySelector('.ll-branch-frame'));
        // eslint-disable-next-line no-unsanitized/property -- a what-if frame of the worker's answer, the package's own templates
        frame.innerHTML = frames[index];
        voice.narrate(frame);
        where.textContent = (shown.words[lang] || {})['ui.counter'].replace('{at}', String(index + 1))
          .replace('{last}', String(frames.length));
        back.disabled = index === 0;
        next.disabled = index === frames.length - 1;
        reviewable(next.disabled && branchReviewable ? {branch: branchSession} : null);  // its hand has ended
        var focused = /** @type {HTMLButtonElement | null} */ (document.activeElement);  // a button just disabled keeps no focus: its neighbour takes it
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
      root.classList.add('ll-in-branch');  // its counter the one shown: the lesson's step bar's hides
      back.onclick = function () { go(index - 1); };
      next.onclick = function () { go(index + 1); };
      go(index);
      voice.settle(inside, next.disabled ? back : next);
      box.scrollIntoView({block: 'nearest'});  // its nav in sight, under the page's header
    }
    function backToScenario() {
      // "Back" hides itself, and a branch's buttons go: the table takes the focus they had
      if (root.contains(document.activeElement) && !stage.contains(document.activeElement)
          || document.activeElement === document.body) stage.focus();
      mode = 'scenario';
      root.classList.remove('ll-in-branch');
      moment = null;
      reviewable(null);
      tell('');
      root.classList.remove('ll-live-hand');
      leave.hidden = true;
      saving(false);
      out.replaceChildren();
      scenarioFrame();
    }

    stage.addEventListener('click', function (e) {
      var target = /** @type {Element} */ (e.target);
      /** @type {HTMLElement | null} */
      var pressed = target.closest('[data-ll-answer]');
      if (pressed && session && mode === 'scenario') {
        onScenario('answer', {at: at, answer: pressed.dataset.llAnswer, lang: lang})
          .then(function (result) {
            var box = stage.querySelector('.ll-live-quiz-box');
            if (!box || !answer(result)) return;
            var inside = stage.contains(document.activeElement);
            // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the quiz, the package's own templates
            box.innerHTML = result.quiz;
            var right = box.querySelector('.ll-quiz-right'), wrong = box.querySelector('.ll-quiz-feedback');
            if (right) voice.announce(voice.textOf(right));
            if (wrong) voice.announce(voice.textOf(wrong), true);
            voice.settle(inside, /** @type {HTMLElement | null} */ (box.querySelector('[data-ll-answer]')));
          }).catch(failed);
        return;
      }
      /** @type {HTMLButtonElement | null} */
      var card = target.closest('button[data-ll-card], button[data-ll-refused]');
      if (!card || mode === 'branch') return;
      if (card.dataset.llWhy) return tell(card.dataset.llWhy, true);  // the rule, and nothing changes
      if (mode === 'moment') {  // a what-if from a moment of the review; the review stays below
        tell('');
        var from = /** @type {{session: LiveSession, at: number}} */ (moment);  // set with the mode
        call('what_if', {session: from.session, at: from.at, card: card.dataset.llCard, lang: lang})
          .then(function (result) { if (answer(result)) { tried(result); branch(result.frames, 0); } })
          .catch(failed);
        return;
      }
      if (!session) {  // the engine is still starting: the card is legal, and waits for it
        pending = {card: String(card.dataset.llCard), at: at};
        return tell(say('live-legal-wait').replace('{card}', pending.card));
      }
      tell('');
      /** @type {{session: LiveSession, card: string | undefined, lang: string, at?: number}} */
      var args = {session: session, card: card.dataset.llCard, lang: lang};
      if (mode === 'hand') {
        call('hand_play', args).then(function (result) {
          if (answer(result)) { out.replaceChildren(); show(result.html, true); reviewable(result.over ? {hand: session} : null); }
        }).catch(failed);
      } else if (mode === 'scenario') {
        args.at = at;
        onScenario('what_if', args).then(function (result) {
          if (!answer(result)) return;
          out.replaceChildren();
          if (result.line !== undefined) return stepOn(result.line);
          tried(result);
          branch(result.frames, 0);
        }).catch(failed);
      }
    });
    // The lesson's own card: no branch, the lesson steps on to it (and says so)
    /** @param {number} line */
    function stepOn(line) {
      var slider = /** @type {HTMLInputElement} */ (root.querySelector('.ll-controls input[type=range]'));
      // the replay always draws its Next
      if (line === at + 1) /** @type {HTMLButtonElement} */ (root.querySelector('[data-go=next]')).click();
      else { slider.value = String(line); slider.dispatchEvent(new Event('input')); }
      tell(say('same-as-line'));
    }
    coach.onclick = function () {
      out.textContent = say('coach-thinking');
      var advised = mode === 'hand' ? call('coach', {hand: session, lang: lang})
        : mode === 'moment' && moment ? call('coach', {session: moment.session, at: moment.at, lang: lang})
        : onScenario('coach', {at: at, lang: lang});
      advised.then(function (result) {
        // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the coach, the package's own templates
        if (answer(result)) { out.innerHTML = result.html; voice.announce(voice.textOf(out)); }
      }).catch(failed);
    };
    deal.onclick = function () {
      /** @type {{players: number, level: string, lang: string, seed?: number}} */
      var args = {players: 4, level: level.value || 'tips', lang: lang};
      if (kit.handSeed !== undefined) args.seed = kit.handSeed;  // the same deal every time, for the tests
      call('new_hand', args).then(function (result) {
        if (!answer(result)) return;
        mode = 'hand';
        root.classList.remove('ll-in-branch');
        tell('');
        root.classList.add('ll-live-hand');
        status.textContent = '';
        session = result.session;
        fromHand = true;
        reviewable(null);
        leave.hidden = false;
        saving(true);
        out.replaceChildren();
        show(result.html, true);
        voice.settle(true);  // a new hand: the focus on its first card that may be played
      }).catch(failed);
    };
    function lesson() {  // the hand or the branch shown, as a lesson file
      /** @type {{review?: unknown, hand?: LiveSession | null, branch?: LiveSession | null, lang: string, site?: string}} */
      var args = reviewed !== null ? {review: reviewed, lang: lang}
        : mode === 'hand' ? {hand: session, lang: lang} : {branch: branchSession, lang: lang};
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
    leave.onclick = back;
    function back() {  // to the page's scenario, opened again if a hand took its place
      if (fromHand) return reopen().then(backToScenario).catch(failed);
      backToScenario();
    }
    reviewButton.onclick = function () {
      /** @type {ReviewArgs} */
      var args = Object.assign({lang: lang}, reviewing);
      if (kit.reviewDeals) args.deals = kit.reviewDeals;  // fewer deals, for the tests
      reviewButton.disabled = true;
      kit.review(out, args, {label: say('review-progress'), answer: answer, announce: voice.announce, open: openMoment,
                             failed: failed})
        .then(function (result) { if (result && reviewing) reviewed = result.review; })
        .catch(failed).finally(function () { reviewButton.disabled = false; });
    };
    // "Show this moment": the reviewed hand's table before that choice; a card tried there is a what-if.
    /** @param {unknown} review @param {number} step @param {string} name */
    function openMoment(review, step, name) {
      call('review_moment', {review: review, step: step, lang: lang}).then(function (result) {
        if (!answer(result)) return null;
        return call('frame', {session: result.session, at: result.at, lang: lang}).then(function (shownFrame) {
          if (!answer(shownFrame)) return;
          mode = 'moment';
          root.classList.remove('ll-in-branch');
          moment = {session: result.session, at: result.at};
          reviewable(null);
          saving(false);
          leave.hidden = false;
          tell('');
          show(shownFrame.html);
          status.textContent = shownFrame.hint;
          voice.announce(name ? name + '. ' + shownFrame.hint : shownFrame.hint);  // which moment is shown
          stage.scrollIntoView({block: 'nearest'});
          stage.focus();
          voice.announce(shownFrame.hint);  // what the table now shows, and what to do there
        });
      }).catch(failed);
    }
    root.addEventListener('ll-step', function (event) {
      var e = /** @type {CustomEvent<ReplayStep>} */ (event);
      at = e.detail.at;
      lang = e.detail.lang;
      if (root.dataset.llLive === 'ready') levels().catch(failed);
      pending = null;
      tell('');
      if (mode === 'scenario') arm();  // answered at once, the engine's own frame on its way
      if (mode === 'branch' || mode === 'moment') back();
      else if (mode === 'scenario' && session) scenarioFrame();
    });
    var source = window.llUnpacked(/** @type {Element} */ (root.querySelector('script.ll-source')));
    function reopen() {
      return source.then(function (text) {
        return call('open_replay', {source: text, lang: lang});
      }).then(function (result) {
        if (!answer(result)) throw new Error('refused');
        session = result.session;
        fromHand = false;
        mode = 'scenario';
      });
    }
    reopen().then(scenarioFrame).then(function () {
      var focused = document.activeElement;
      panel.hidden = false;
      bar.hidden = true;
      bar.after(status);
      // "Try it live" is gone: the focus it had goes to the first of the buttons that replace it
      // (without scrolling: the table the reader is told to tap stays in view)
      if (focused === start || focused === document.body) coach.focus({preventScroll: true});
      root.dataset.llLive = 'ready';
      levels().catch(failed);
      /** @type {HTMLElement | null | false} */
      var waited = pending && pending.at === at && /** @type {HTMLElement | null} */ (stage.querySelector('button[data-ll-card="' + pending.card + '"]'));
      pending = null;
      if (waited) waited.click();
    }).catch(function (error) {
      if (error && /** @type {Error} */ (error).message === 'refused') panel.hidden = false;  // its words are in the panel
      failed(error);
      start.disabled = false;
      delete root.dataset.llLive;
    });
  };
})();
