/* The learner's own exercises: each moment of a hand's review that they chose to practise
   ("Practise this" in live mode, live-review.js), kept in this browser only, with the course's
   progress (course_progress.js: the same store, the same file), and shown on the Learn page under
   "From your reviews".

   An exercise is data, never markup: its id, its language, its name in words (the moment, "Trick
   3: 8♦") and the scenario file's text of its position and task (format 1). The Learn page asks
   live mode's worker to draw it (endpoints.practice_task): the worker reads the text like any
   scenario file, proves the task, and draws it with the course's own template; what cannot be read
   is said so, and can be taken away. Nothing drawn is ever stored.

   The API (window.llPracticeQueue in a page, module.exports under node; it needs
   llCourseProgress, loaded before it):
     llPracticeQueue.add({id, lang, moment, lesson}) -> 'added', 'again' (already kept) or
       'refused' (this browser keeps nothing, or it is not one: nothing changes then)
     llPracticeQueue.list()                 -> the exercises kept, oldest first
     llPracticeQueue.remove(id)
     llPracticeQueue.fill(root, words)      -> how many were listed on the Learn page ``root``:
       each a link in the "From your reviews" unit and an exercise waiting to be drawn
     llPracticeQueue.number(root)           numbers the unit's links again (after one is taken away)
     llPracticeQueue.useStorage(storage)    a storage of the test's own (getItem, setItem) */
(/** @param {Window} global @param {(global: Window, progress: CourseProgressApi) => PracticeQueueApi} factory */ function (global, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory(global, require('./course_progress.js'));
  else global.llPracticeQueue = global.llPracticeQueue || factory(global, global.llCourseProgress);
})(typeof self !== 'undefined' ? self : /** @type {Window} */ (/** @type {unknown} */ (this)), function (global, progress) {
  'use strict';
  var OLD_KEY = 'll-practice';  // before: the exercises as markup, dropped unread

  /** @type {ProgressStorage | null | undefined} */
  var given;  // useStorage(): a test's own (null: a browser that keeps nothing)
  function store() {
    /** @type {ProgressOptions} */
    var options = {order: []};
    if (given !== undefined) options.storage = given || {getItem: function () { return null; },
      setItem: function () { throw new Error('refused'); }, removeItem: function () {}};
    var opened = progress.open(options);
    if (given === null) opened.kept = false;
    return opened;
  }
  /** @param {ProgressStorage | null | undefined} storage */
  function useStorage(storage) { given = storage; }

  function list() { return store().own(); }

  /** @param {{id: string, lang: string, moment: string, lesson: string}} exercise @returns {'added' | 'again' | 'refused'} */
  function add(exercise) {
    var item = {id: exercise.id, lang: exercise.lang, moment: exercise.moment, lesson: exercise.lesson,
      day: Math.floor(Date.now() / 86400000)};
    if (!progress.validOwn(item)) return 'refused';
    var kept = store();
    return kept.kept ? kept.keepOwn(item) : 'refused';
  }

  /** @param {string} id */
  function remove(id) { store().dropOwn(id); }

  function dropOld() {
    try { if (global.localStorage) global.localStorage.removeItem(OLD_KEY); } catch (e) { /* keeps nothing */ }
  }

  // The Learn page's "From your reviews": each exercise kept, as an article that waits to be drawn
  // (its title, its name in words: text, never markup), and a link to it in the units' list (its
  // unit stays hidden while there is none). ``words.heading``: the title's words ("From your
  // reviews"); ``words.waiting``: what the article says until it is drawn.
  /** @param {ParentNode & Node} root @param {{heading: string, waiting: string}} words */
  function fill(root, words) {
    var place = root.querySelector('[data-ll-practice-tasks]'), unit = root.querySelector('[data-ll-practice-unit]');
    if (!place || !unit) return 0;
    var into = place;
    var links = /** @type {HTMLOListElement} */ (unit.querySelector('ol'));
    var document = /** @type {Document} */ (root.ownerDocument);
    list().forEach(function (item) {
      var dom = 'll-task-' + item.id, article = document.createElement('article');
      article.className = 'll-task';
      article.id = dom;
      article.lang = item.lang;
      article.dataset.llTask = item.id;
      article.dataset.llKind = 'choice';
      article.setAttribute('data-ll-practice', '');
      article.setAttribute('aria-labelledby', dom + '-title');
      /** @type {HTMLElement & {llOwn?: OwnExercise}} */ (article).llOwn = item;  // what the worker draws it from
      var title = document.createElement('h2'), unitName = document.createElement('span');
      title.id = dom + '-title';
      title.className = 'll-task-title';
      title.tabIndex = -1;
      unitName.className = 'll-task-unit';
      unitName.textContent = ' \u00b7 ' + item.moment;
      var stars = document.createElement('span');
      stars.className = 'll-task-stars';
      stars.dataset.llStars = '';
      stars.hidden = true;
      title.append(words.heading, unitName, stars);
      var waiting = document.createElement('p');
      waiting.className = 'll-task-waiting';
      waiting.setAttribute('role', 'status');
      waiting.textContent = words.waiting;
      article.append(title, waiting);
      into.appendChild(article);

      var link = document.createElement('a'), entry = document.createElement('li');
      link.href = '#' + dom;
      link.dataset.llGoto = item.id;
      link.dataset.llMoment = item.moment;
      entry.appendChild(link);
      links.appendChild(entry);
    });
    dropOld();
    return number(root);
  }

  // Each link's number is its place in the unit: "2: Trick 3: 8♦" (the unit hidden while empty).
  /** @param {ParentNode} root */
  function number(root) {
    var unit = /** @type {HTMLElement | null} */ (root.querySelector('[data-ll-practice-unit]'));
    if (!unit) return 0;
    var links = /** @type {NodeListOf<HTMLElement>} */ (unit.querySelectorAll('[data-ll-goto]'));
    Array.prototype.forEach.call(links, /** @param {HTMLElement} link @param {number} at */ function (link, at) {

      link.textContent = String(at + 1);
      link.setAttribute('aria-label', (at + 1) + ': ' + link.dataset.llMoment);
    });
    unit.hidden = links.length === 0;
    return links.length;
  }

  return {add: add, list: list, remove: remove, fill: fill, number: number, useStorage: useStorage,
          MAX_ITEMS: progress.MAX_OWN, MAX_LESSON: progress.MAX_LESSON, OLD_KEY: OLD_KEY};
});
