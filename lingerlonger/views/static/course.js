/* The Learn page (views/course_page.py): one exercise on screen at a time, every verdict read
   from the JSON the build wrote into the page (no interpreter to wait for), a wrong card's line
   stepped on its table, hints that cost, stars. Progress is kept by course_progress.js
   (window.llCourseProgress: its store, and its panel, whose Continue opens a task here); without
   it, for the visit only. Each task done is also told to the page: an 'll-task-done' event on the
   root ({task, stars, hints, mistakes}). Class mode counts no stars. Addresses: #TASK-ID (the
   panel's Continue from another page), #ll-task-TASK-ID, #ll-chapter-CHAPTER (a chapter's link).
   An exercise's body may come in an inert template (course/task.html, lazy): drawn when it first shows.
   The reader's own exercises (practice_queue.js) are data: live mode's worker draws each with the
   same template when it first shows (llLiveKit, from ll-live.js), or says it cannot be read.
   Every id, answer or address read from outside is looked up as an own key, never as a property
   an object inherits; a malformed address leaves the page as it would be with none. */
window.llLearn = window.llLearn || function (root) {
  if (root.dataset.llReady) return;
  root.dataset.llReady = '1';
  root.classList.add('ll-learn-js');
  var words = JSON.parse(root.querySelector('script.ll-learn-words').textContent);
  if (window.llPracticeQueue) {  // the reader's own, from their reviews: waiting to be drawn
    window.llPracticeQueue.fill(root, {heading: words.from_reviews, waiting: words.practice_waiting});
  }
  var tasks = Array.prototype.slice.call(root.querySelectorAll('[data-ll-task]'));
  var course = tasks.filter(function (task) {  // reviews (copies) and the reader's own exercises: not counted
    return !task.dataset.llReviewOf && !('llPractice' in task.dataset);
  });
  var live = root.querySelector('[data-ll-live]');
  var classMode = root.querySelector('[data-ll-class-mode]');
  var api = window.llCourseProgress;
  var ids = tasks.map(function (task) { return task.dataset.llTask; });
  var order = course.map(function (task) { return task.dataset.llTask; });
  var store = api ? api.open({order: order}) : null;
  function keptAs(task) { return task.dataset.llReviewOf || task.dataset.llTask; }  // a review counts for its task
  var STEP_MS = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 900;
  var at = -1;
  var stars = Object.create(null);  // task id -> stars of this browser's best answer
  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined; }
  function gotoLink(id) { return root.querySelector('[data-ll-goto="' + CSS.escape(id) + '"]'); }

  function say(text) {  // the live region: emptied first, so the same words twice are read twice
    live.textContent = '';
    setTimeout(function () { live.textContent = text; }, 30);
  }
  function starsText(n) { return '\u2605\u2605\u2605'.slice(0, n) + '\u2606\u2606\u2606'.slice(0, 3 - n); }
  function showStars(task, n) {
    var mark = task.querySelector('[data-ll-stars]');
    task.dataset.llState = 'done';
    mark.textContent = starsText(n);
    mark.setAttribute('aria-label', words.stars[n]);
    mark.setAttribute('role', 'img');
    mark.hidden = false;
    var link = gotoLink(task.dataset.llTask);
    if (!link) return;
    link.parentNode.dataset.llState = 'done';
    named(link, words.stars[n]);  // the ✓ is drawn, not said: the name says it is done
  }
  function named(link, done) {  // "Exercise 1 of 51", and once done ": 3 stars of 3"
    var name = link.dataset.llName || (link.dataset.llName = link.getAttribute('aria-label') || '');
    link.setAttribute('aria-label', done ? name + ': ' + done : name);
  }
  function clearStars(task) {
    delete task.dataset.llState;
    task.querySelector('[data-ll-stars]').hidden = true;
    var link = gotoLink(task.dataset.llTask);
    if (link) { delete link.parentNode.dataset.llState; named(link, ''); }
  }
  function firstOpen() {
    for (var i = 0; i < course.length; i++) if (course[i].dataset.llState !== 'done') return i;
    return -1;
  }
  function kept() {  // what the store holds (an import, a reset, another tab)
    var queue = window.llPracticeQueue;
    if (queue) {  // a reset empties the reader's own exercises too
      var held = queue.list().map(function (item) { return item.id; });
      tasks.filter(function (task) { return 'llPractice' in task.dataset && held.indexOf(task.dataset.llTask) < 0; })
        .forEach(function (task) { drop(task, false); });
    }
    tasks.forEach(function (task) {
      var id = task.dataset.llTask, held = store.state(keptAs(task));
      stars[id] = (held && held.stars) || 0;
      if (stars[id]) showStars(task, stars[id]); else clearStars(task);
    });
  }
  function indexOf(id) { return ids.indexOf(id); }
  function drop(task, focus) {  // one of the reader's own exercises, taken off the page
    var i = tasks.indexOf(task), id = task.dataset.llTask;
    if (i < 0) return;
    tasks.splice(i, 1);
    ids.splice(i, 1);
    delete stars[id];
    var link = gotoLink(id);
    if (link) link.parentNode.remove();
    task.remove();
    window.llPracticeQueue.number(root);
    if (at > i) at -= 1;
    if (at !== i) return;
    // the next of the reader's own exercises, else the one before, else where the course stands
    function own(j) { return j >= 0 && j < tasks.length && 'llPractice' in tasks[j].dataset; }
    var open = firstOpen();
    show(own(i) ? i : own(i - 1) ? i - 1 : open >= 0 ? indexOf(course[open].dataset.llTask) : 0, focus);
  }
  function sizeTables(part) {  // class mode's tables are large: the ones drawn later too
    var large = root.classList.contains('ll-class-mode');
    part.querySelectorAll('.ll-table').forEach(function (t) { t.classList.toggle('ll-large', large); });
  }
  function ready(task) {  // an exercise is drawn (from its inert template) and set up when it first shows
    if (task.llSetUp) return;
    task.llSetUp = true;
    if (task.llOwn) return drawOwn(task);
    var body = task.querySelector(':scope > template[data-ll-task-body]');
    if (body) task.replaceChild(body.content, body);
    sizeTables(task);
    setup(task);
  }
  /* One of the reader's own exercises: drawn by live mode's worker from the data kept (the
     worker reads it like any scenario file and draws it with the course's template), then set up
     like any other; what cannot be read says so, and can be removed. Opened as a file, the note
     says how to serve the site. */
  function withKit(then) {  // ll-live.js is deferred after this script: its kit comes by the page's load
    if (window.llLiveKit || document.readyState === 'complete') then(window.llLiveKit);
    else window.addEventListener('load', function () { then(window.llLiveKit); }, {once: true});
  }
  function drawOwn(task) { withKit(function (kit) { drawOwnWith(kit, task); }); }
  function drawOwnWith(kit, task) {
    var item = task.llOwn, waiting = task.querySelector('.ll-task-waiting');
    function unreadable() {
      if (!task.isConnected) return;
      waiting.textContent = words.practice_unreadable;
      var remove = document.createElement('button');
      remove.type = 'button';
      remove.dataset.llAction = 'practice-remove';
      remove.textContent = words.practice_remove;
      waiting.after(remove);
    }
    if (!kit) return unreadable();
    if (kit.offline) {
      waiting.textContent = '';
      return kit.needsServer(waiting);
    }
    kit.call('practice_task', {id: item.id, lesson: item.lesson, moment: item.moment, lang: item.lang})
      .then(function (answer) {
        if (!task.isConnected) return;
        if (!answer || typeof answer.html !== 'string') return unreadable();
        var box = document.createElement('template');
        // eslint-disable-next-line no-unsanitized/property -- the worker's answer: course/task.html, the package's own template, drawn from data
        box.innerHTML = answer.html;  // the worker's own template (course/task.html), drawn from data
        var drawn = box.content.firstElementChild;
        if (!drawn || drawn.dataset.llTask !== item.id) return unreadable();
        var focused = task.contains(document.activeElement);
        task.dataset.llKind = drawn.dataset.llKind;
        task.replaceChildren.apply(task, Array.prototype.slice.call(drawn.childNodes));
        sizeTables(task);
        setup(task);
        if (stars[item.id]) showStars(task, stars[item.id]);
        if (focused) task.querySelector('.ll-task-title').focus();
      }, unreadable);
  }
  function show(i, focus) {
    i = Math.max(0, Math.min(tasks.length - 1, i));
    at = i;
    ready(tasks[i]);
    tasks.forEach(function (task, j) { task.hidden = j !== i; });
    root.querySelectorAll('[data-ll-goto]').forEach(function (link) {
      if (link.dataset.llGoto === tasks[i].dataset.llTask) link.setAttribute('aria-current', 'step');
      else link.removeAttribute('aria-current');
    });
    if (focus) tasks[i].querySelector('.ll-task-title').focus();
  }

  function setup(task) {
    var data = JSON.parse(task.querySelector('script.ll-task-data').textContent);
    var feedback = task.querySelector('[data-ll-feedback]');
    var verdictText = feedback.querySelector('.ll-verdict-text');
    var more = feedback.querySelector('.ll-feedback-more');
    var retry = feedback.querySelector('[data-ll-action=retry]');
    var next = feedback.querySelector('[data-ll-action=next]');
    var hintButton = task.querySelector('[data-ll-action=hint]');
    var hintItems = task.querySelectorAll('.ll-hint-list li');
    var answers = task.querySelectorAll('.ll-answers [data-ll-card], .ll-answers [data-ll-suit],'
      + ' .ll-answers [data-ll-seat], .ll-answers [data-ll-choice]');
    var hints = 0, mistakes = 0, timer = null, tapped = null;

    function answerOf(button) {
      return button.dataset.llCard || button.dataset.llSuit || button.dataset.llSeat || button.dataset.llChoice;
    }
    function nameOf(button) { return button.getAttribute('aria-label') || button.textContent.trim(); }
    function playLine(box) {  // the refutation, a table a step
      var stage = box.querySelector('.ll-line-stage');
      var frames = box.querySelectorAll('template[data-ll-line-frame]');
      var k = 0;
      function step() {
        stage.replaceChildren(frames[k].content.cloneNode(true));
        sizeTables(stage);
        k += 1;
        timer = k < frames.length ? setTimeout(step, STEP_MS) : null;
      }
      if (!frames.length) return;
      if (!STEP_MS) { k = frames.length - 1; }
      step();
    }
    // What the feedback says aloud after its verdict: the author's words and the rule; where
    // neither is written, how the play would go, the refutation's narration.
    function why(box) {
      var told = box.querySelectorAll('.ll-say, .ll-rule');
      if (told.length) return Array.prototype.slice.call(told);
      var line = box.querySelector('.ll-line > p');
      var frames = box.querySelectorAll('template[data-ll-line-frame]');
      var last = frames.length ? frames[frames.length - 1].content.querySelectorAll('.ll-narration li') : [];
      return line ? [line].concat(Array.prototype.slice.call(last)) : [];
    }
    function verdict(right, name, template) {
      clearTimeout(timer);
      task.dataset.llVerdict = right ? 'right' : 'wrong';
      var text = right ? words.right : words.wrong;
      verdictText.textContent = words.chosen.replace('{answer}', name).replace('{verdict}', text);
      more.replaceChildren(template ? template.content.cloneNode(true) : '');
      feedback.hidden = false;
      retry.hidden = right;
      next.hidden = !right || at >= course.length - 1;  // a review's next is the panel's Review
      say([verdictText].concat(why(more)).map(function (part) {  // the reason, not only "see why below"
        return part.textContent.replace(/\s+/g, ' ').trim();
      }).join(' '));
      if (right) {
        answers.forEach(function (b) { b.disabled = true; });
        hintButton.disabled = true;
        var counted = hints + mistakes;
        var n = counted === 0 ? 3 : counted === 1 ? 2 : 1;
        if (!root.classList.contains('ll-class-mode')) {
          var best = Math.max(n, own(stars, task.dataset.llTask) || 0);
          stars[task.dataset.llTask] = best;
          showStars(task, best);
          if (store) store.record(keptAs(task), {stars: n, mistakes: mistakes, hints: hints});
          root.dispatchEvent(new CustomEvent('ll-task-done', {detail: {task: keptAs(task), stars: n,
            hints: hints, mistakes: mistakes}}));
        }
        (next.hidden ? verdictText : next).focus();
        if (firstOpen() < 0) say(verdictText.textContent + ' ' + words.all_done);
      } else {
        mistakes += 1;
        var line = more.querySelector('.ll-line');
        if (line) playLine(line);
        retry.focus();
      }
    }
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
      verdict(right, nameOf(button), right ? task.querySelector('template[data-ll-said=right]')
        : task.querySelector('template[data-ll-why="' + CSS.escape(answer) + '"]'));
    }
    function check() {  // a set of seats: right when it is exactly the seats the engine names
      var wrongOne = null, chosen = [];
      answers.forEach(function (b) {
        var picked = b.getAttribute('aria-pressed') === 'true';
        if (picked) chosen.push(nameOf(b));
        var said = own(data.verdicts, answerOf(b));
        if (picked !== !!(said && said[0]) && !wrongOne) wrongOne = b;
      });
      tapped = task.querySelector('[data-ll-action=check]');
      verdict(!wrongOne, chosen.join(', ') || '\u2014', wrongOne ? task.querySelector(
        'template[data-ll-why="' + CSS.escape(answerOf(wrongOne)) + '"]') : task.querySelector('template[data-ll-said=right]'));
    }
    task.addEventListener('click', function (event) {
      var button = event.target.closest('button');
      if (!button || !task.contains(button) || button.disabled) return;
      var action = button.dataset.llAction;
      if (action === 'retry') {
        clearTimeout(timer);
        feedback.hidden = true;
        delete task.dataset.llVerdict;
        (tapped && !tapped.disabled ? tapped : answers[0]).focus();
      } else if (action === 'next') {
        show(at + 1, true);
      } else if (action === 'hint') {
        if (hints < hintItems.length) {
          hintItems[hints].hidden = false;
          say(hintItems[hints].textContent);
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

  if (store) {
    kept();
    store.subscribe(kept);
    var panel = root.querySelector('[data-ll-progress-panel]');
    if (panel && api.panel) api.panel(panel, store, {go: function (id) { show(indexOf(id), true); }});
  }
  root.addEventListener('click', function (event) {
    var remove = event.target.closest('[data-ll-action=practice-remove]');
    var task = remove && remove.closest('[data-ll-practice]');
    if (task) {  // one of the reader's own exercises, drawn or not (one that cannot be read too)
      var id = task.dataset.llTask, named = gotoLink(id);
      var moment = named ? named.dataset.llMoment : '';
      drop(task, true);  // first: the store's news (kept) then finds nothing more to take away
      window.llPracticeQueue.remove(id);
      say(words.removed.replace('{moment}', moment));
      return;
    }
    var link = event.target.closest('[data-ll-goto]');
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
  function bind() { document.querySelectorAll('[data-ll-learn]').forEach(function (root) { window.llLearn(root); }); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bind);
  else bind();
})();
