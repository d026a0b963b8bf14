/* The student's side of a class assignment, on the Learn page (views/class_student.py). Opened
   with an assignment's link (learn.html#ll-assignment=CODE), it reads the assignment like any
   scenario (codec.readAssignment: a refusal is said, and the page stays the whole course), then,
   before course.js sets the page up (both deferred: this one runs first), takes every exercise
   that is not in it off the page, so that the Learn page, unchanged, is the assignment's. It
   watches the page as the student works: when each exercise first shows, the first answer given
   (a click on an answer, or "Check" for a set of seats), and the solve course.js reports
   ('ll-task-done': stars, hints). What it saw is kept in this browser (localStorage, per
   assignment), as course.js keeps the student's own progress. "Hand in" checks the first name
   (the rules of seat names) and gives the result (codec.makeResult) as a link to the Class page,
   its QR code and a file. */
(/** @param {Window} global */ function (global) {
  'use strict';
  var codec = global.llClassCodec, qr = global.llClassQr;
  var WORK_KEY = 'll-class-work-';

  function start() {
    var root = /** @type {HTMLElement | null} */ (document.querySelector('[data-ll-learn]'));
    var panel = /** @type {HTMLElement | null} */ (root && root.querySelector('[data-ll-class-student]'));
    var prefix = '#' + codec.ASSIGNMENT_KEY + '=';
    if (!root || !panel || location.hash.indexOf(prefix) !== 0) return;
    var learn = root, box = panel;
    /** @param {string} selector @returns {any} */
    function part(selector) { return box.querySelector(selector); }
    var say = codec.speaker(JSON.parse(part('[data-ll-class-words]').textContent), learn.lang || 'en');
    var status = part('[data-ll-class-status]');
    box.hidden = false;
    var read = codec.readAssignment(location.hash.slice(prefix.length));
    /** @param {string} id */
    function taskOf(id) { return learn.querySelector('[data-ll-task="' + CSS.escape(id) + '"]:not([data-ll-review-of])'); }
    var owned = read.ok ? (read.value.own || []).map(function (o) { return o.id; }) : [];
    var problem = !read.ok ? say('class.refused-' + read.code, {at: read.at, limit: codec.MAX_EXERCISES})
      : read.value.ids.map(function (id, i) {  // the teacher's own tasks are drawn below: no course's id
        if (owned.indexOf(id) >= 0) return taskOf(id) ? say('class.refused-bad-own', {at: i + 1}) : '';
        return taskOf(id) ? '' : say('class.refused-unknown', {id: id});
      }).filter(Boolean)[0];
    if (problem || !read.ok) {
      part('[data-ll-class-title]').textContent = say('class.student-refused');
      status.textContent = problem + ' ' + say('class.whole-course');
      box.querySelectorAll('.ll-class-name, [data-ll-action=hand-in], #ll-class-name-rule, .ll-class-student-how, [data-ll-class-banner]')
        .forEach(function (el) { /** @type {HTMLElement} */ (el).hidden = true; });
      return;
    }
    var a = read.value;
    learn.dataset.llAssignment = a.nonce;
    learn.querySelectorAll('[data-ll-task]').forEach(function (element) {
      var task = /** @type {HTMLElement} */ (element);
      if (task.dataset.llReviewOf || a.ids.indexOf(task.dataset.llTask || '') < 0) task.remove();
    });
    learn.querySelectorAll('[data-ll-goto]').forEach(function (link) {
      if (a.ids.indexOf(/** @type {HTMLElement} */ (link).dataset.llGoto || '') < 0) /** @type {HTMLElement} */ (link.parentNode).remove();
    });
    learn.querySelectorAll('[data-ll-unit]').forEach(function (unit) {
      if (!unit.querySelector('[data-ll-goto]')) unit.remove();
    });
    var practice = learn.querySelector('[data-ll-practice-tasks]');
    if (practice) practice.remove();  // the student's own exercises wait for the whole course
    /** The teacher's own tasks: each an exercise waiting to be drawn by live mode's worker (course.js
     * has it drawn from its packed text when it first shows, and says so where it cannot be), and
     * its link in a unit of its own. @param {ClassOwnTask[]} own */
    function ownTasks(own) {
      var list = document.createElement('ol'), unit = document.createElement('li'), title = document.createElement('span');
      unit.dataset.llUnit = 'class-own';
      title.className = 'll-unit-title';
      title.textContent = say('class.own-unit');
      list.className = 'll-unit-tasks';
      unit.append(title, list);
      var units = /** @type {HTMLElement} */ (learn.querySelector('.ll-learn-units > ol'));
      units.insertBefore(unit, units.querySelector('[data-ll-practice-unit]'));
      own.forEach(function (o, i) {
        var dom = 'll-task-' + o.id, article = document.createElement('article');
        article.className = 'll-task';
        article.id = dom;
        article.dataset.llTask = o.id;
        article.dataset.llKind = 'choice';
        article.setAttribute('aria-labelledby', dom + '-title');
        article.llClassTask = {id: o.id, packed: o.packed, lang: (learn.lang || 'en').split('-')[0],
          offline: say('class.own-needs-address'), failed: say('class.own-failed')};
        var heading = document.createElement('h2'), stars = document.createElement('span'), waiting = document.createElement('p');
        heading.id = dom + '-title';
        heading.className = 'll-task-title';
        heading.tabIndex = -1;
        stars.className = 'll-task-stars';
        stars.dataset.llStars = '';
        stars.hidden = true;
        heading.append(say('class.own-heading'), stars);
        waiting.className = 'll-task-waiting';
        waiting.setAttribute('role', 'status');
        waiting.textContent = say('class.own-waiting');
        article.append(heading, waiting);
        /** @type {HTMLElement} */ (learn.querySelector('.ll-learn-tasks')).appendChild(article);
        var link = document.createElement('a'), entry = document.createElement('li');
        link.href = '#' + dom;
        link.dataset.llGoto = o.id;
        link.textContent = String(i + 1);
        link.setAttribute('aria-label', say('class.own-heading') + ' ' + (i + 1));
        entry.appendChild(link);
        list.appendChild(entry);
      });
    }
    if (a.own) ownTasks(a.own);
    part('[data-ll-class-title]').textContent = say('class.student-title', {title: a.title});
    var due = part('[data-ll-class-due]');
    due.textContent = a.date ? say('class.due', {date: a.date}) : '';
    due.hidden = !a.date;
    var banner = part('[data-ll-class-banner]');
    banner.querySelector('[data-ll-class-banner-text]').textContent = say('class.banner', {title: a.title,
      count: a.ids.length}) + (a.date ? ' ' + due.textContent + '.' : '');
    learn.prepend(banner);
    banner.querySelector('[data-ll-action=to-hand-in]').addEventListener('click', function () {
      part('[data-ll-pupil-name]').focus();
    });
    setTimeout(function () { learn.scrollIntoView({block: 'start'}); }, 0);  // the assignment, not the page's prose
    var address = location.hash;
    learn.addEventListener('click', /** @param {Event} event */ function (event) {
      // course.js writes an exercise's address when its link is followed: the assignment's stays
      if (/** @type {HTMLElement} */ (event.target).closest('[data-ll-goto]')) {
        setTimeout(function () { history.replaceState(null, '', address); }, 0);
      }
    });

    // ---- what the student does, kept per assignment ----
    /** @type {Storage | null} */
    var storage = null;
    try { storage = global.localStorage; } catch (refused) { storage = null; }
    /** @type {ClassWork} */
    var work = {name: '', items: Object.create(null)};
    try {
      var kept = JSON.parse((storage && storage.getItem(WORK_KEY + a.nonce)) || 'null');
      if (kept && typeof kept.name === 'string' && kept.items && typeof kept.items === 'object') {
        work.name = kept.name;
        a.ids.forEach(function (id) {
          var item = Object.prototype.hasOwnProperty.call(kept.items, id) ? kept.items[id] : null;
          if (item && typeof item.a === 'string' && [item.h, item.s, item.t].every(Number.isFinite)) {
            work.items[id] = {a: item.a, h: item.h, s: item.s, t: item.t};
          }
        });
      }
    } catch (damaged) { /* a damaged note: the work starts again */ }
    function keep() {
      try { if (storage) storage.setItem(WORK_KEY + a.nonce, JSON.stringify(work)); } catch (full) { /* kept for the visit */ }
    }
    var nameField = part('[data-ll-pupil-name]');
    nameField.value = work.name;
    /** @type {Map<string, number>} */
    var shown = new Map();  // task id -> when it first showed (ms)
    function seen() {
      learn.querySelectorAll('[data-ll-task]:not([hidden])').forEach(function (task) {
        var id = /** @type {HTMLElement} */ (task).dataset.llTask || '';
        if (!shown.has(id)) shown.set(id, Date.now());
      });
    }
    new MutationObserver(seen).observe(learn, {attributes: true, attributeFilter: ['hidden'], subtree: true});
    /** @param {string} id */
    function seconds(id) { return Math.round((Date.now() - (shown.get(id) || Date.now())) / 1000); }
    /** @param {HTMLElement} task */
    function hintsShown(task) { return task.querySelectorAll('.ll-hint-list li:not([hidden])').length; }
    learn.addEventListener('click', /** @param {Event} event */ function (event) {
      var button = /** @type {HTMLButtonElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('.ll-answers button'));
      var task = /** @type {HTMLElement | null} */ (button && button.closest('[data-ll-task]'));
      if (!button || !task || button.disabled || task.dataset.llVerdict === 'right') return;
      var id = task.dataset.llTask || '';
      if (a.ids.indexOf(id) < 0 || id in work.items) return;
      var answer;
      if (task.dataset.llKind === 'seats') {
        if (button.dataset.llAction !== 'check') return;
        answer = Array.prototype.map.call(task.querySelectorAll('.ll-answers [data-ll-seat][aria-pressed=true]'),
          /** @param {HTMLElement} b */ function (b) { return b.dataset.llSeat; }).join(',');
      } else {
        answer = button.dataset.llCard || button.dataset.llSuit || button.dataset.llSeat || button.dataset.llChoice || '';
      }
      work.items[id] = {a: answer, h: hintsShown(task), s: 0, t: seconds(id)};
      keep();
    }, true);  // before course.js judges it
    learn.addEventListener('ll-task-done', /** @param {Event} event */ function (event) {
      var done = /** @type {CustomEvent<{task: string, stars: number, hints: number}>} */ (event).detail;
      var item = done.task in work.items ? work.items[done.task] : null;
      if (!item || item.s) return;  // the first solve counts
      item.s = done.stars;
      item.h = done.hints;
      item.t = seconds(done.task);
      keep();
    });

    // ---- hand in ----
    part('[data-ll-action=hand-in]').addEventListener('click', function () {
      var name = nameField.value.trim();
      var wrong = codec.nameProblem(name);
      if (wrong) {
        nameField.setAttribute('aria-invalid', 'true');
        status.textContent = say('class.' + wrong, {limit: 20});
        nameField.focus();
        return;
      }
      nameField.removeAttribute('aria-invalid');
      work.name = name;
      keep();
      var items = a.ids.map(function (id) {
        if (!(id in work.items)) return null;
        var item = work.items[id], task = /** @type {HTMLElement} */ (taskOf(id));
        return item.s ? item : {a: item.a, h: hintsShown(task), s: 0, t: item.t};
      });
      var code = codec.makeResult({nonce: a.nonce, name: name, minute: Date.now() / 60000, items: items});
      var href = new URL('class.html#' + codec.RESULT_KEY + '=' + code, location.href).href;
      var link = part('[data-ll-result-link]');
      link.href = href;
      link.textContent = href;
      qr.draw(part('[data-ll-result-qr]'), href);
      var handed = part('[data-ll-class-handed]');
      handed.hidden = false;
      handed.focus();
      var solved = items.filter(function (item) { return item && item.s; }).length;
      status.textContent = say('class.handed', {done: solved, count: a.ids.length});
      box.dataset.llFile = name + ' \u2013 ' + a.title;
    });
    part('[data-ll-action=copy-result]').addEventListener('click', function () {
      var href = part('[data-ll-result-link]').href;
      var done = function () { status.textContent = say('class.copied'); };
      if (navigator.clipboard) navigator.clipboard.writeText(href).then(done, function () { status.textContent = say('class.copy-by-hand'); });
      else status.textContent = say('class.copy-by-hand');
    });
    part('[data-ll-action=save-result]').addEventListener('click', function () {
      var link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([part('[data-ll-result-link]').href + '\n'], {type: 'text/plain;charset=utf-8'}));
      link.download = (box.dataset.llFile || 'result').replace(/[\\/:*?"<>|]+/g, ' ') + '.txt';
      document.body.appendChild(link);
      link.click();
      link.remove();
      status.textContent = say('class.file-saved', {file: link.download});
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
