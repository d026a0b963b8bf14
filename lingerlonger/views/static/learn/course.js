/* The Learn page (views/course_page.py): one exercise on screen at a time, every verdict read
   from the JSON the build wrote into the page (no interpreter to wait for), a wrong card's line
   stepped on its table, hints that cost, stars. Progress is kept by course_progress.js
   (window.llCourseProgress: its store, and its panel, whose Continue opens a task here); without
   it, for the visit only. Each task done is also told to the page: an 'll-task-done' event on the
   root ({task, stars, hints, mistakes}). Class mode counts no stars. Addresses: #TASK-ID (the
   panel's Continue from another page), #ll-task-TASK-ID, #ll-chapter-CHAPTER (a chapter's link).
   An exercise's body may come in an inert template (course/task.html, lazy): drawn when it first shows;
   in the book, after the first unit's, that template is empty and names its unit's file, loaded
   when one of the unit's exercises is first drawn (ready, whenLoaded).
   The reader's own exercises (practice_queue.js) are data: live mode's worker draws each with the
   same template when it first shows (llLiveKit, from ll-live.js), or says it cannot be read.
   Every id, answer or address read from outside is looked up as an own key, never as a property
   an object inherits; a malformed address leaves the page as it would be with none. */
window.llLearn = window.llLearn || function (root) {
  if (root.dataset.llReady) return;
  root.dataset.llReady = '1';
  root.classList.add('ll-learn-js');
  /** @type {LearnWords} */
  var words = JSON.parse(/** @type {Element} */ (root.querySelector('script.ll-learn-words')).textContent || '{}');
  if (window.llPracticeQueue) {  // the reader's own, from their reviews: waiting to be drawn
    window.llPracticeQueue.fill(root, {heading: words.from_reviews, waiting: words.practice_waiting});
  }
  /** @type {HTMLElement[]} */
  var tasks = Array.prototype.slice.call(root.querySelectorAll('[data-ll-task]'));
  var course = tasks.filter(function (task) {  // reviews (copies) and the reader's own exercises: not counted
    return !task.dataset.llReviewOf && !('llPractice' in task.dataset);
  });
  var live = /** @type {HTMLElement} */ (root.querySelector('[data-ll-live]'));  // course/page.html's
  var classMode = /** @type {HTMLInputElement} */ (root.querySelector('[data-ll-class-mode]'));
  var api = window.llCourseProgress;
  var ids = tasks.map(function (task) { return String(task.dataset.llTask); });
  var order = course.map(function (task) { return String(task.dataset.llTask); });
  var store = api ? api.open({order: order}) : null;
  /** @param {HTMLElement} task @param {SolveResult} result @returns {SolveResult} */
  function copyOf(task, result) {  // a review copy's solve says which copy was seen: the next review draws another
    if (task.dataset.llRound !== undefined) { result.round = Number(task.dataset.llRound); return result; }  // a fresh one's round
    if (task.dataset.llCopy === undefined) return result;
    result.copy = Number(task.dataset.llCopy);
    result.copies = Number(task.dataset.llCopies);
    return result;
  }
  /** @param {HTMLElement} task */
  function keptAs(task) { return String(task.dataset.llReviewOf || task.dataset.llTask); }  // a review counts for its task
  var STEP_MS = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 900;
  var at = -1;
  /** @type {{[id: string]: number}} */
  var stars = Object.create(null);  // task id -> stars of this browser's best answer
  /** @template T @param {{[key: string]: T}} object @param {string} key @returns {T | undefined} */
  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined; }
  /** @param {string | undefined} id @returns {HTMLElement | null} */
  function gotoLink(id) { return root.querySelector('[data-ll-goto="' + CSS.escape(/** @type {string} */ (id)) + '"]'); }

  /** @param {string} text */
  function say(text) {  // the live region: emptied first, so the same words twice are read twice
    live.textContent = '';
    setTimeout(function () { live.textContent = text; }, 30);
  }
  /** @param {number} n */
  function starsText(n) { return '\u2605\u2605\u2605'.slice(0, n) + '\u2606\u2606\u2606'.slice(0, 3 - n); }
  /** @param {HTMLElement} task @param {number} n */
  function showStars(task, n) {
    var mark = /** @type {HTMLElement} */ (task.querySelector('[data-ll-stars]'));
    task.dataset.llState = 'done';
    mark.textContent = starsText(n);
    mark.setAttribute('aria-label', words.stars[n]);
    mark.setAttribute('role', 'img');
    mark.hidden = false;
    var link = gotoLink(task.dataset.llTask);
    if (!link) return;
    /** @type {HTMLElement} */ (link.parentNode).dataset.llState = 'done';
    named(link, words.stars[n]);  // the ✓ is drawn, not said: the name says it is done
  }
  /** @param {HTMLElement} link @param {string} done */
  function named(link, done) {  // "Exercise 1 of 51", and once done ": 3 stars of 3"
    var name = link.dataset.llName || (link.dataset.llName = link.getAttribute('aria-label') || '');
    link.setAttribute('aria-label', done ? name + ': ' + done : name);
  }
  /** @param {HTMLElement} task */
  function clearStars(task) {
    delete task.dataset.llState;
    /** @type {HTMLElement} */ (task.querySelector('[data-ll-stars]')).hidden = true;
    var link = gotoLink(task.dataset.llTask);
    if (link) { delete /** @type {HTMLElement} */ (link.parentNode).dataset.llState; named(link, ''); }
  }
  function firstOpen() {
    for (var i = 0; i < course.length; i++) if (course[i].dataset.llState !== 'done') return i;
    return -1;
  }
  function kept() {  // what the store holds (an import, a reset, another tab)
    var queue = window.llPracticeQueue;
    if (queue) {  // a reset empties the reader's own exercises too
      var held = queue.list().map(function (item) { return item.id; });
      tasks.filter(function (task) { return 'llPractice' in task.dataset && held.indexOf(/** @type {string} */ (task.dataset.llTask)) < 0; })
        .forEach(function (task) { drop(task, false); });
    }
    tasks.forEach(function (task) {
      var id = String(task.dataset.llTask), held = /** @type {ProgressStore} */ (store).state(keptAs(task));  // kept() runs with a store
      stars[id] = (held && held.stars) || 0;
      if (stars[id]) showStars(task, stars[id]); else clearStars(task);
    });
  }
  /** @param {string | undefined} id */
  function indexOf(id) { return ids.indexOf(/** @type {string} */ (id)); }
  /** @param {HTMLElement} task @param {boolean} focus */
  function drop(task, focus) {  // one of the reader's own exercises, taken off the page
    var i = tasks.indexOf(task), id = String(task.dataset.llTask);
    if (i < 0) return;
    tasks.splice(i, 1);
    ids.splice(i, 1);
    delete stars[id];
    var link = gotoLink(id);
    if (link) /** @type {Element} */ (link.parentNode).remove();
    task.remove();
    /** @type {PracticeQueueApi} */ (window.llPracticeQueue).number(root);  // its exercises are on the page
    if (at > i) at -= 1;
    if (at !== i) return;
    // the next of the reader's own exercises, else the one before, else where the course stands
    /** @param {number} j */
    function own(j) { return j >= 0 && j < tasks.length && 'llPractice' in tasks[j].dataset; }
    var open = firstOpen();
    show(own(i) ? i : own(i - 1) ? i - 1 : open >= 0 ? indexOf(course[open].dataset.llTask) : 0, focus);
  }
  /** @param {Element} part */
  function sizeTables(part) {  // class mode's tables are large: the ones drawn later too
    var large = root.classList.contains('ll-class-mode');
    part.querySelectorAll('.ll-table').forEach(function (t) { t.classList.toggle('ll-large', large); });
  }
  /** @param {HTMLElement} task */
  function ready(task) {  // an exercise is drawn (from its inert template) and set up when it first shows
    if (task.llSetUp) return;
    if (task.llOwn || task.llClassTask) {
      task.llSetUp = true;
      return drawOwn(task);
    }
    if (task.llFresh === 'asking') return;  // drawFresh's: drawn when the worker answers
    var round = store && task.dataset.llReviewOf && task.dataset.llKind !== 'best-chance' && !task.llFresh
      ? store.round(task.dataset.llReviewOf) : null;
    if (round !== null) return drawFresh(task, round);
    /** @type {HTMLTemplateElement | null} */
    var body = task.querySelector(':scope > template[data-ll-task-body]');
    if (body && body.dataset.llSrc) {  // in its unit's file (book/_ext/site_assets.py): loaded once
      var made = window.llTaskBodies, id = String(task.dataset.llTask), src = body.dataset.llSrc;
      if (!made || !Object.prototype.hasOwnProperty.call(made, id)) return whenLoaded(task, src);
      // eslint-disable-next-line no-unsanitized/property -- the unit's own file (_static/learn/<lang>-<unit>.<hash>.js) registered the book's markup (course/task.html)
      body.innerHTML = made[id];
      delete body.dataset.llSrc;
    }
    task.llSetUp = true;
    var line = task.querySelector(':scope > .ll-task-loading');
    if (line) line.remove();
    if (body) task.replaceChild(body.content, body);
    sizeTables(task);
    setup(task);
  }
  /* The exercise live mode's worker drew (course/task.html, the package's own template, drawn
     from data) for the exercise ``id``; null when its answer is no such exercise. */
  /** @param {LiveAnswer | undefined} answer @param {string} id @returns {HTMLElement | null} */
  function workerTask(answer, id) {
    if (!answer || typeof answer.html !== 'string') return null;
    var box = document.createElement('template');
    // eslint-disable-next-line no-unsanitized/property -- the worker's answer: course/task.html, the package's own template, drawn from data
    box.innerHTML = answer.html;
    var made = /** @type {HTMLElement | null} */ (box.content.firstElementChild);
    return made && made.dataset.llTask === id ? made : null;
  }
  /* A review once every built copy is seen: live mode's worker makes the round's fresh copy
     (endpoints.review_copy, the course's template) and its body takes the place of the built
     copy's; opened as a file, without a worker, or refused, the built copy shows, as before. */
  var FRESH_WAIT_MS = 60000;  // a first start downloads the interpreter: the loading line says so
  /** @param {HTMLElement} task @param {number} round */
  function drawFresh(task, round) {
    task.llFresh = 'asking';
    var line = document.createElement('p');
    line.className = 'll-task-loading';
    line.textContent = words.unit_loading;
    /** @type {HTMLElement} */ (task.querySelector('.ll-task-title')).after(line);
    var settled = false;
    /** @param {HTMLTemplateElement | null} [body] its body, when the worker made one */
    function drawn(body) {
      if (settled) return;
      settled = true;
      task.llFresh = 'asked';
      line.remove();
      /** @type {HTMLTemplateElement | null} */
      var built = task.querySelector(':scope > template[data-ll-task-body]');
      if (body && built) {
        built.replaceWith(body);
        task.dataset.llRound = String(round);
      }
      if (tasks[at] === task) ready(task);  // else when it shows
    }
    setTimeout(drawn, FRESH_WAIT_MS);
    withKit(function (kit) {
      if (!kit || kit.offline) return drawn();
      var id = String(task.dataset.llTask), lang = (root.getAttribute('lang') || 'en').slice(0, 2);
      kit.call('review_copy', {of: task.dataset.llReviewOf, id: id, round: round, lang: lang}).then(function (answer) {
        var made = workerTask(answer, id);
        drawn(made && /** @type {HTMLTemplateElement | null} */ (made.querySelector(':scope > template[data-ll-task-body]')));
      }, function () { drawn(); });
    });
  }
  /* A unit's file: a classic script, not fetch(), so that it loads from file:// too. The exercise
     shows its title and a loading line meanwhile; a file that cannot load says so, with a Retry. */
  /** @type {{[src: string]: HTMLScriptElement}} */
  var units = Object.create(null);  // each unit file asked for, by its address
  /** @param {HTMLElement} task @param {string} src */
  function whenLoaded(task, src) {
    var line = task.querySelector(':scope > .ll-task-loading');
    if (!line) {
      line = document.createElement('p');
      line.className = 'll-task-loading';
      /** @type {HTMLElement} */ (task.querySelector('.ll-task-title')).after(line);
    }
    var script = own(units, src);
    if (script && script.dataset.llLoaded) return unitFailed(task);  // loaded, without this exercise
    line.textContent = words.unit_loading;
    if (script) return;
    var asked = units[src] = document.createElement('script');
    asked.setAttribute('src', src);
    asked.addEventListener('load', function () {
      asked.dataset.llLoaded = '1';
      var shown = waitingOn(src);
      if (shown) ready(shown);
    });
    asked.addEventListener('error', function () {
      delete units[src];
      asked.remove();
      var shown = waitingOn(src);
      if (shown) unitFailed(shown);
    });
    document.head.append(asked);
  }
  /** @param {string} src @returns {HTMLElement | null} the exercise on screen, if it waits for that file */
  function waitingOn(src) {
    var shown = at >= 0 ? tasks[at] : null;
    /** @type {HTMLTemplateElement | null} */
    var body = shown && !shown.llSetUp ? shown.querySelector(':scope > template[data-ll-task-body]') : null;
    return body && body.dataset.llSrc === src ? shown : null;
  }
  /** @param {HTMLElement} task */
  function unitFailed(task) {
    var line = task.querySelector(':scope > .ll-task-loading');
    if (!line) return;  // not one waiting for a file
    line.textContent = words.unit_failed + ' ';
    var again = document.createElement('button');
    again.type = 'button';
    again.dataset.llAction = 'unit-retry';
    again.textContent = words.retry;
    line.append(again);
    say(words.unit_failed);
  }
  /* One of the reader's own exercises: drawn by live mode's worker from the data kept (the
     worker reads it like any scenario file and draws it with the course's template), then set up
     like any other; what cannot be read says so, and can be removed. Opened as a file, the note
     says how to serve the site. A class teacher's own task (class/student.js) is drawn alike, from
     its packed text (endpoints.class_tasks); what cannot be read says why, and opened as a file,
     that it needs the site's address. */
  /** @param {(kit: LiveKit | undefined) => void} then */
  function withKit(then) {  // ll-live.js is deferred after this script: its kit comes by the page's load
    if (window.llLiveKit || document.readyState === 'complete') then(window.llLiveKit);
    else window.addEventListener('load', function () { then(window.llLiveKit); }, {once: true});
  }
  /** @param {HTMLElement} task */
  function drawOwn(task) { withKit(function (kit) { drawOwnWith(kit, task); }); }
  /** @param {LiveKit | undefined} kit @param {HTMLElement} task */
  function drawOwnWith(kit, task) {
    var item = task.llOwn, given = task.llClassTask;
    var waiting = /** @type {HTMLElement} */ (task.querySelector('.ll-task-waiting'));  // practice_queue.js's, student.js's
    /** @param {unknown} [said] why, as the worker says it */
    function unreadable(said) {
      if (!task.isConnected) return;
      waiting.textContent = typeof said === 'string' && said ? said : given ? given.failed : words.practice_unreadable;
      if (given) return;  // the teacher's: nothing of the reader's to take away
      var remove = document.createElement('button');
      remove.type = 'button';
      remove.dataset.llAction = 'practice-remove';
      remove.textContent = words.practice_remove;
      waiting.after(remove);
    }
    if (given && (!kit || kit.offline)) { waiting.textContent = given.offline; return; }
    if (!kit) return unreadable();
    if (kit.offline) {
      waiting.textContent = '';
      return kit.needsServer(waiting);
    }
    var mine = /** @type {OwnExercise | ClassTaskToDraw} */ (given || item);
    (given ? kit.call('class_tasks', {packed: given.packed, id: given.id, lang: given.lang})
      : kit.call('practice_task', {id: mine.id, lesson: item && item.lesson, moment: item && item.moment, lang: mine.lang}))
      .then(function (answer) {
        if (!task.isConnected) return;
        if (!answer || typeof answer.html !== 'string') return unreadable(answer && answer.refused);
        var drawn = workerTask(answer, mine.id);
        if (!drawn) return unreadable();
        var focused = task.contains(document.activeElement);
        task.dataset.llKind = drawn.dataset.llKind;
        task.replaceChildren.apply(task, Array.prototype.slice.call(drawn.childNodes));
        sizeTables(task);
        setup(task);
        if (stars[mine.id]) showStars(task, stars[mine.id]);
        if (focused) /** @type {HTMLElement} */ (task.querySelector('.ll-task-title')).focus();
      }, unreadable);
  }
  /** @param {number} i @param {boolean} focus */
  function show(i, focus) {
    i = Math.max(0, Math.min(tasks.length - 1, i));
    at = i;
    ready(tasks[i]);
    tasks.forEach(function (task, j) { task.hidden = j !== i; });
    root.querySelectorAll('[data-ll-goto]').forEach(function (link) {
      if (/** @type {HTMLElement} */ (link).dataset.llGoto === tasks[i].dataset.llTask) link.setAttribute('aria-current', 'step');
      else link.removeAttribute('aria-current');
    });
    if (focus) /** @type {HTMLElement} */ (tasks[i].querySelector('.ll-task-title')).focus();
  }

  /** @param {HTMLElement} task an exercise drawn by course/task.html, with all its parts */
  function setup(task) {
    /** @type {TaskData} */
    var data = JSON.parse(/** @type {Element} */ (task.querySelector('script.ll-task-data')).textContent || '{}');
    var feedback = /** @type {HTMLElement} */ (task.querySelector('[data-ll-feedback]'));
    var verdictText = /** @type {HTMLElement} */ (feedback.querySelector('.ll-verdict-text'));
    var more = /** @type {HTMLElement} */ (feedback.querySelector('.ll-feedback-more'));
    var retry = /** @type {HTMLButtonElement} */ (feedback.querySelector('[data-ll-action=retry]'));
    var next = /** @type {HTMLButtonElement} */ (feedback.querySelector('[data-ll-action=next]'));
    var hintButton = /** @type {HTMLButtonElement} */ (task.querySelector('[data-ll-action=hint]'));
    /** @type {NodeListOf<HTMLElement>} */
    var hintItems = task.querySelectorAll('.ll-hint-list li');
    /** @type {NodeListOf<HTMLButtonElement>} */
    var answers = task.querySelectorAll('.ll-answers [data-ll-card], .ll-answers [data-ll-suit],'
      + ' .ll-answers [data-ll-seat], .ll-answers [data-ll-choice]');
    var hints = 0, mistakes = 0;
    /** @type {ReturnType<typeof setTimeout>[]} */
    var timers = [];
    /** @type {HTMLButtonElement | null} */
    var tapped = null;

    /** @param {HTMLElement} button */
    function answerOf(button) {
      return String(button.dataset.llCard || button.dataset.llSuit || button.dataset.llSeat || button.dataset.llChoice);
    }
    /** @param {HTMLElement} button */
    function nameOf(button) {  // a card's in words (data-ll-name), not its face's "2♠"
      return button.dataset.llName || button.getAttribute('aria-label') || (button.textContent || '').trim();
    }
    function stopLines() { timers.forEach(clearTimeout); timers = []; }
    /** @param {Element} box */
    function playLine(box) {  // the refutation, a table a step (a best-chance answer has two, side by side)
      var stage = /** @type {Element} */ (box.querySelector('.ll-line-stage'));
      /** @type {NodeListOf<HTMLTemplateElement>} */
      var frames = box.querySelectorAll('template[data-ll-line-frame]');
      var k = 0, slot = timers.length;
      timers.push(0);
      function step() {
        stage.replaceChildren(frames[k].content.cloneNode(true));
        sizeTables(stage);
        k += 1;
        timers[slot] = k < frames.length ? setTimeout(step, STEP_MS) : 0;
      }
      if (!frames.length) return;
      if (!STEP_MS) { k = frames.length - 1; }
      step();
    }
    // What the feedback says aloud after its verdict: the author's words and the rule; where
    // neither is written, how the play would go, the refutation's narration.
    /** @param {Element} box @returns {Element[]} */
    function why(box) {
      var told = box.querySelectorAll('.ll-say, .ll-rule');
      if (told.length) return Array.prototype.slice.call(told);
      var line = box.querySelector('.ll-line > p');
      var frames = /** @type {NodeListOf<HTMLTemplateElement>} */ (box.querySelectorAll('template[data-ll-line-frame]'));
      var last = frames.length ? Array.prototype.slice.call(frames[frames.length - 1].content.querySelectorAll('.ll-narration li')) : [];
      return line ? [line].concat(last) : [];
    }
    /** @param {boolean} right @param {string} name @param {HTMLTemplateElement | null} template */
    function verdict(right, name, template) {
      stopLines();
      task.dataset.llVerdict = right ? 'right' : 'wrong';
      var text = right ? words.right : words.wrong;
      verdictText.textContent = words.chosen.replace('{answer}', name).replace('{verdict}', text);
      more.replaceChildren(template ? template.content.cloneNode(true) : '');
      feedback.hidden = false;
      retry.hidden = right;
      // a review's next is the panel's Review; during weak-spot practice, the next weak spot
      next.hidden = !right || (at >= course.length - 1 && !(mastery && mastery.active()));
      say([/** @type {Element} */ (verdictText)].concat(why(more)).map(function (part) {  // the reason, not only "see why below"
        return (part.textContent || '').replace(/\s+/g, ' ').trim();
      }).join(' '));
      feedback.querySelectorAll('.ll-verdict-stars').forEach(function (echo) { echo.remove(); });
      if (right) {
        answers.forEach(function (b) { b.disabled = true; });
        hintButton.disabled = true;
        var counted = hints + mistakes;
        var n = counted === 0 ? 3 : counted === 1 ? 2 : 1;
        if (!root.classList.contains('ll-class-mode')) {
          var best = Math.max(n, own(stars, String(task.dataset.llTask)) || 0);
          stars[String(task.dataset.llTask)] = best;
          showStars(task, best);
          // and beside the verdict, in sight when it shows (the task's own are at its top, off a
          // phone's screen by then); said once, by the task's stars
          var echo = document.createElement('span');
          echo.className = 'll-verdict-stars';
          echo.setAttribute('aria-hidden', 'true');
          echo.textContent = starsText(best);
          verdictText.after(echo);
          if (store) store.record(keptAs(task), copyOf(task, {stars: n, mistakes: mistakes, hints: hints, skills: data.skills || []}));
          root.dispatchEvent(new CustomEvent('ll-task-done', {detail: {task: keptAs(task), stars: n,
            hints: hints, mistakes: mistakes, shown: task.dataset.llTask}}));
        }
        (next.hidden ? verdictText : next).focus();
        if (firstOpen() < 0) say(verdictText.textContent + ' ' + words.all_done);
      } else {
        mistakes += 1;
        // each wrong answer counts against the task's rules and tips (course_mastery.js), once the
        // verdict is on screen: writing the store redraws what listens to it
        if (store && !root.classList.contains('ll-class-mode')) {
          var counting = store;
          setTimeout(function () { counting.missed(keptAs(task), data.skills || []); }, 0);
        }
        more.querySelectorAll('.ll-line').forEach(playLine);
        retry.focus();
      }
    }
    /** @param {HTMLButtonElement} button */
    function judge(button) {
      if (task.dataset.llVerdict === 'right') return;
      if (data.kind === 'seats') {  // a toggle; "Check" judges the whole set
        button.setAttribute('aria-pressed', button.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
        return;
      }
      tapped = button;
      var answer = answerOf(button);
      var said = own(data.verdicts, answer);
      var right = !!(said && said[0]);
      verdict(right, nameOf(button), right ? /** @type {HTMLTemplateElement | null} */ (task.querySelector('template[data-ll-said=right]'))
        : /** @type {HTMLTemplateElement | null} */ (task.querySelector('template[data-ll-why="' + CSS.escape(answer) + '"]')));
    }
    function check() {  // a set of seats: right when it is exactly the seats the engine names
      /** @type {HTMLButtonElement | null} */
      var wrongOne = null;
      /** @type {string[]} */
      var chosen = [];
      answers.forEach(function (b) {
        var picked = b.getAttribute('aria-pressed') === 'true';
        if (picked) chosen.push(nameOf(b));
        var said = own(data.verdicts, answerOf(b));
        if (picked !== !!(said && said[0]) && !wrongOne) wrongOne = b;
      });
      tapped = task.querySelector('[data-ll-action=check]');
      var wrong = /** @type {HTMLButtonElement | null} */ (wrongOne);  // set in the loop above
      verdict(!wrong, chosen.join(', ') || '\u2014', /** @type {HTMLTemplateElement | null} */ (wrong ? task.querySelector(
        'template[data-ll-why="' + CSS.escape(answerOf(wrong)) + '"]') : task.querySelector('template[data-ll-said=right]')));
    }
    task.addEventListener('click', function (event) {
      var button = /** @type {Element} */ (event.target).closest('button');
      if (!button || !task.contains(button) || button.disabled) return;
      var action = button.dataset.llAction;
      if (action === 'retry') {
        stopLines();
        feedback.hidden = true;
        delete task.dataset.llVerdict;
        (tapped && !tapped.disabled ? tapped : answers[0]).focus();
      } else if (action === 'next') {
        if (!(mastery && mastery.active() && mastery.next())) show(at + 1, true);
      } else if (action === 'hint') {
        if (hints < hintItems.length) {
          hintItems[hints].hidden = false;
          say(hintItems[hints].textContent || '');
          hints += 1;
        }
        hintButton.disabled = hints >= hintItems.length;
      } else if (action === 'check') {
        check();
      } else if (button.closest('.ll-answers')) {
        judge(button);
      }
    });
  }

  /** @type {MasteryApi | null} */
  var mastery = null;  // each rule's and tip's mastery, and "Practise my weak spots" (course_mastery.js)
  if (store && window.llMastery) {
    mastery = window.llMastery(root, store, {say: say, tasks: function () { return tasks; },
      show: function (task) { show(tasks.indexOf(task), true); }});
  }
  if (store) {
    kept();
    store.subscribe(kept);
    /** @type {HTMLElement | null} */
    var panel = root.querySelector('[data-ll-progress-panel]');
    if (panel && api.panel) api.panel(panel, store, {go: function (id) { show(indexOf(id), true); }});
  }
  root.addEventListener('click', function (event) {
    var target = /** @type {Element} */ (event.target);
    /** @type {HTMLElement | null} */
    var waiting = target.closest('[data-ll-action=unit-retry]') && target.closest('[data-ll-task]');
    if (waiting) {  // its unit's file, asked for again: the title holds the focus meanwhile
      /** @type {HTMLElement} */ (waiting.querySelector('.ll-task-title')).focus();
      ready(waiting);
      return;
    }
    var remove = target.closest('[data-ll-action=practice-remove]');
    /** @type {HTMLElement | null} */
    var task = remove && remove.closest('[data-ll-practice]');
    if (task) {  // one of the reader's own exercises, drawn or not (one that cannot be read too)
      var id = String(task.dataset.llTask), named = gotoLink(id);
      var moment = (named && named.dataset.llMoment) || '';
      drop(task, true);  // first: the store's news (kept) then finds nothing more to take away
      /** @type {PracticeQueueApi} */ (window.llPracticeQueue).remove(id);  // it drew the exercise
      say(words.removed.replace('{moment}', moment));
      return;
    }
    /** @type {HTMLElement | null} */
    var link = target.closest('[data-ll-goto]');
    if (link) {
      event.preventDefault();
      show(indexOf(link.dataset.llGoto), true);
      history.replaceState(null, '', '#ll-task-' + link.dataset.llGoto);
    }
  });
  classMode.addEventListener('change', function () {
    root.classList.toggle('ll-class-mode', classMode.checked);
    sizeTables(root);
  });
  function fromAddress() {  // #TASK, #ll-task-TASK or a chapter's #ll-chapter-CHAPTER (else -1)
    var wanted;
    try { wanted = decodeURIComponent(location.hash.slice(1)); } catch (malformed) { return -1; }
    wanted = wanted.replace(/^ll-task-/, '');
    var chapter = wanted.match(/^ll-chapter-(.+)$/);
    if (chapter) {
      /** @type {HTMLElement | null} */
      var unit = root.querySelector('[data-ll-chapter="' + CSS.escape(chapter[1]) + '"] [data-ll-goto]');
      return unit ? indexOf(unit.dataset.llGoto) : -1;
    }
    return indexOf(wanted);
  }
  var start = fromAddress();
  show(start >= 0 ? start : Math.max(0, firstOpen()), false);
  window.addEventListener('hashchange', function () {
    var i = fromAddress();
    if (i >= 0) show(i, true);
  });
};
(function () {
  function bind() { document.querySelectorAll('[data-ll-learn]').forEach(function (root) { window.llLearn(/** @type {HTMLElement} */ (root)); }); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bind);
  else bind();
})();
