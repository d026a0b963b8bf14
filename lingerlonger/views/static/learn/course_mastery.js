/* The Learn page's mastery (views/course_mastery.py, templates/course/page.html's
   [data-ll-mastery]): each rule's and tip's answers from the progress store
   (course_progress.js: right first time, with hints, wrong), drawn as a table, each row with
   a bar hidden from a screen reader beside the same in words; and "Practise my weak spots"
   ([data-ll-action=practise-weak]), which draws exercises for the weakest rules and tips from the
   whole page (the course, the review copies, the reader's own exercises) until each is weak no
   more or none is left. Every text is set as text: the words and the skills' names are the
   page's own JSON (the catalogs'), the counts numbers. course.js calls llMastery and asks it for
   the next exercise while a practice is on. */
window.llMastery = window.llMastery || /** @param {HTMLElement} root @param {ProgressStore} store
    @param {MasteryOptions} options @returns {MasteryApi} */ function (root, store, options) {
  'use strict';
  var box = /** @type {HTMLElement | null} */ (root.querySelector('[data-ll-mastery]'));
  /** @type {MasteryWords} */
  var words = JSON.parse(/** @type {HTMLElement} */ (root.querySelector('script.ll-mastery-words')).textContent || '{}');
  var WEAKEST = 3;
  /** @type {string[]} */
  var practising = [];  // the skills of the practice under way ([] when none)
  /** @type {HTMLElement[]} */
  var queue = [];  // its exercises still to come
  /** @type {{[skill: string]: number}} */
  var from = Object.create(null);  // each practised skill's level when the practice began (0 weak, 1, 2)
  var RANKS = {weak: 0, learning: 1, strong: 2};
  function levels() {  // each skill's level now, as a rank
    /** @type {{[skill: string]: number}} */
    var now = Object.create(null);
    store.mastery().forEach(function (one) { now[one.skill] = RANKS[one.level]; });
    return now;
  }
  /** @type {{[id: string]: true}} */
  var solved = Object.create(null);  // solved in this visit: their answers are spent until a reload
  if (!box) return {active: function () { return false; }, next: function () { return false; }};
  var table = /** @type {HTMLTableElement} */ (box.querySelector('table'));
  var body = /** @type {HTMLTableSectionElement} */ (table.querySelector('tbody'));
  var none = /** @type {HTMLElement} */ (box.querySelector('[data-ll-mastery-none]'));
  var status = /** @type {HTMLElement} */ (box.querySelector('[data-ll-mastery-status]'));
  var start = /** @type {HTMLButtonElement} */ (box.querySelector('[data-ll-action=practise-weak]'));

  /** @param {string} skill */
  function named(skill) { return Object.prototype.hasOwnProperty.call(words.skills, skill) ? words.skills[skill] : skill; }
  /** @param {string} template @param {{[name: string]: string | number}} values */
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }
  /** @param {{[form: string]: string}} forms @param {number} count */
  function plural(forms, count) {  // the catalog's plural forms, chosen as the language counts
    var form = new Intl.PluralRules(words.lang).select(count);
    var text = Object.prototype.hasOwnProperty.call(forms, form) ? forms[form] : forms.other || forms.many || '';
    return fill(text, {count: count});
  }
  /** @param {HTMLElement} task @returns {string[]} */
  function skillsOf(task) {
    if ('llPractice' in task.dataset) return words.own_skills;  // a moment of the reader's hands: playing well
    if (task.dataset.llSkills !== undefined) return task.dataset.llSkills.split(' ').filter(Boolean);  // the shell's
    var body = /** @type {HTMLTemplateElement | null} */ (task.querySelector(':scope > template[data-ll-task-body]'));
    var data = (body ? body.content : task).querySelector('script.ll-task-data');  // not drawn yet: in its template
    if (data) {
      var parsed = JSON.parse(data.textContent || '{}');
      return Array.isArray(parsed.skills) ? parsed.skills : [];
    }
    return [];
  }
  /** @param {string} text */
  function tell(text) {
    status.textContent = text;
    options.say(text);
  }

  function draw() {  // the table, from what the store holds now
    var all = store.mastery();
    none.hidden = all.length > 0;
    table.hidden = all.length === 0;
    body.replaceChildren.apply(body, all.map(function (one) {
      var row = document.createElement('tr');
      row.dataset.llSkill = one.skill;
      row.dataset.llLevel = one.level;
      var head = document.createElement('th');
      head.scope = 'row';
      var name = named(one.skill);
      head.textContent = name.charAt(0).toUpperCase() + name.slice(1);  // a row's heading
      var cells = [one.right, one.hints, one.wrong].map(function (count) {
        var cell = document.createElement('td');
        cell.textContent = String(count);
        return cell;
      });
      var level = document.createElement('td'), bar = document.createElement('span'), fillBar = document.createElement('span');
      bar.className = 'll-mastery-bar';
      bar.setAttribute('aria-hidden', 'true');
      fillBar.style.width = Math.round(one.score * 100) + '%';
      bar.append(fillBar);
      var said = document.createElement('span');
      said.textContent = words.levels[one.level];
      level.append(bar, said);
      row.append.apply(row, [head].concat(cells, [level]));
      return row;
    }));
  }

  /** @returns {HTMLElement[]} */
  function drawnFor(/** @type {string[]} */ skills) {  // every exercise of the page for these skills, not yet solved now
    return options.tasks().filter(function (task) {
      var id = task.dataset.llTask || '', of = task.dataset.llReviewOf;
      if (of && Number(task.dataset.llCopy || 0) !== store.copy(of, Number(task.dataset.llCopies || 1))) return false;  // its next copy only
      return !solved[id] && skillsOf(task).some(function (skill) { return skills.indexOf(skill) >= 0; });
    }).sort(function (a, b) {  // a new form first: review copies, then the reader's own, then the course
      /** @param {HTMLElement} task */
      function rank(task) { return task.dataset.llReviewOf ? 0 : 'llPractice' in task.dataset ? 1 : 2; }
      return rank(a) - rank(b);
    });
  }

  function begin() {
    var weak = store.weak(WEAKEST);
    if (!weak.length) { practising = []; return tell(words.none_weak); }
    var found = drawnFor(weak);
    if (!found.length) { practising = []; return tell(fill(words.empty, {skills: weak.map(named).join('; ')})); }
    practising = weak;
    from = levels();
    queue = found;
    tell(fill(words.start, {skills: weak.map(named).join('; '), exercises: plural(words.exercises, found.length)}));
    next();
  }

  /** @returns {boolean} an exercise shown */
  function next() {
    var now = levels();  // a skill risen a level since the practice began is practised no more
    var risen = practising.filter(function (skill) { return now[skill] > from[skill]; });
    practising = practising.filter(function (skill) { return risen.indexOf(skill) < 0; });
    if (risen.length) tell(fill(words.risen, {skills: risen.map(named).join('; ')}));
    queue = queue.filter(function (task) {
      return task.isConnected && !solved[task.dataset.llTask || ''] && skillsOf(task).some(function (skill) {
        return practising.indexOf(skill) >= 0;
      });
    });
    if (!practising.length || !queue.length) {
      if (practising.length) tell(fill(words.empty, {skills: practising.map(named).join('; ')}));
      practising = [];
      start.textContent = words.practise;
      return false;
    }
    var task = /** @type {HTMLElement} */ (queue.shift());
    start.textContent = words.practise_next;
    options.show(task);
    return true;
  }

  start.addEventListener('click', function () { if (practising.length) next(); else begin(); });
  root.addEventListener('ll-task-done', function (event) {
    var detail = /** @type {CustomEvent<{task: string, shown?: string}>} */ (event).detail;
    solved[detail.shown || detail.task] = true;
  });
  store.subscribe(draw);
  draw();
  return {active: function () { return practising.length > 0; }, next: next};
};
