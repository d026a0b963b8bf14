/* The learner's progress in the course, kept in this browser only: localStorage, no account,
   nothing sent anywhere. Pure functions (the format, its checksum, the review schedule) and a
   small store over them; course_progress_panel.js draws the panel, the Learn page calls the store.

   The API (window.llCourseProgress in a page, module.exports under node):
     var progress = llCourseProgress.open({order: ['deal-1', 'deal-2', ...]});
       order: every task id of this build, in course order (ids stay when a task's text changes;
       a task missing from a new build stays stored, harmlessly, and counts again if it returns).
     progress.record(id, {stars: 1-3, mistakes: n, hints: n})  once the task is solved (not in class mode);
       a review copy's solve adds {copy: k, copies: count}: copy k of the count the page has was seen
     progress.copy(id, count) -> the copy of id's review to draw: the first one not yet seen
     progress.round(id)      -> once every copy is seen, the round of the fresh copy the next review
       draws (live mode's worker makes it), else null; a fresh copy's solve adds {round: n}
     progress.state(id)      -> {stars, mistakes, hints, attempts, box, due, dueToday} or null
     progress.count()        -> {done, total} over this build's tasks
     progress.next()         -> the next undone task after the last one solved (wrapping), or null
     progress.due()          -> the ids due for review today, in course order
     progress.exportText()   -> the file's text;  progress.link(address) -> address#progress=...
     progress.preview(text)  -> what loading a file's text would change, without changing it:
       {done, stars, review, own, changed, apply()}, apply() writing it and returning the text
       of what was kept before, for restore(); progress.previewLink(hash): the same for a
       link's fragment, or null when it carries none
     progress.restore(text)  puts back what preview's apply() returned (the reader's Undo)
     progress.importText(text), progress.importLink(hash) -> preview(...).apply() at once, and
       how many exercises it added or updated (the tests' and other pages' shortcut)
     progress.own()          -> the reader's own exercises (practice_queue.js keeps them here)
     progress.keepOwn(item) -> 'added' | 'again' | 'refused';  progress.dropOwn(id)
     progress.missed(id, skills)  a wrong answer, counted against each of the task's skills at once
     progress.mastery()      -> [{skill, right, hints, wrong, score, level}] for every skill answered
       (a skill: "rule-N" or "tip-N"; right first time, solved with hints, wrong answers; score
       (right + hints / 2) / all; level 'weak' under MASTERY_LEVELS[0], 'learning', 'strong' from [1])
     progress.weak(most)     -> the weakest skills ('weak' or 'learning' with a wrong answer), weakest first
     progress.reset();  progress.subscribe(fn) -> fn() after every change (this tab or another);
       it returns a function that unsubscribes
     progress.kept           false when the browser refuses storage (kept for this visit only)
     progress.damaged        true when what was stored could not be read (set aside, see read())
   A refused file or link throws a ProgressError whose .code names the catalog message
   (progress.refused-CODE) and leaves the stored progress as it was.

   The file: {"format": "linger-longer-progress", "v": 3, "data": {...}, "sum": "xxxxxxxx"}, sum
   the FNV-1a hash of the canonical JSON of data (keys sorted): it catches a damaged or edited
   file, it is no secret (anyone can compute it), so a file or a link is never taken without
   the reader's yes (course_progress_panel.js asks, saying what would change). data:
   {"tasks": {id: record}, "last": id or null, "own": [exercise], "skills": {skill: mastery}}
   (v3; v2 had no skills), a mastery {r: right first time, h: solved with hints, w: wrong answers},
   a record {s: best stars,
   m: mistakes and h: hints of the last solve, n: solves, t: its day, b: review box and r: the
   day it is due (both or neither), c: the review copies seen, bit k for copy k (none: no key), f: once all were seen, the fresh
   copies' rounds solved (none: no key; review_schedule.js)}; an exercise of the reader's own {id, lang, moment: its
   name in words, lesson: the scenario file's text (format 1) of the position and its task,
   day}: data, never markup, drawn by the live worker with the course's own templates and
   validated there like any scenario. Days are local day numbers. A link carries no own
   exercises (too long for an address); a file carries them.
   Keys read from a file, a link or the store (task ids) index only objects without a
   prototype, so that "constructor" or "__proto__" is an id like any other. */
(/** @param {Window} global @param {(global: Window) => CourseProgressApi} factory */ function (global, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory(global);
  else global.llCourseProgress = global.llCourseProgress || factory(global);  // two scripts carry it: one store
})(typeof self !== 'undefined' ? self : /** @type {Window} */ (/** @type {unknown} */ (this)), function (global) {
  'use strict';
  var FORMAT = 'linger-longer-progress';
  var VERSION = 3;
  var STORAGE_KEY = 'll-course-progress';
  var LINK_KEY = 'progress';
  var MAX_TASKS = 5000, MAX_COUNT = 1e6, MAX_TEXT = 4e6;
  var TASK_ID = /^[A-Za-z0-9][\w.:/-]{0,119}$/;
  /* The reader's own exercises: at most MAX_OWN (the oldest go first), each lesson at most
     MAX_LESSON characters, its name at most MAX_MOMENT. */
  var OWN_ID = /^review-[0-9a-f]{8}-\d{1,4}$/, LANG = /^[a-z]{2}$/;
  var MAX_OWN = 40, MAX_LESSON = 60000, MAX_MOMENT = 200;
  var DAY = 86400000;
  /* A skill is a rule of the Rules reference or a tip of chapter 10; at most MAX_SKILLS kept. Its
     score (right + hints / 2) / answers: under MASTERY_LEVELS[0] weak, from [1] strong. */
  var SKILL_ID = /^(rule|tip)-\d{1,2}$/, MAX_SKILLS = 200, MASTERY_LEVELS = [0.5, 0.8];
  /* The review schedule and the copy each review draws: review_schedule.js, loaded before. */
  var schedule = /** @type {ReviewScheduleApi} */ (typeof module === 'object' && module.exports
    ? require('./review_schedule.js') : global.llReviewSchedule);
  var REVIEW_DAYS = schedule.REVIEW_DAYS, MAX_COPIES = schedule.MAX_COPIES;
  /* A format older than VERSION is brought up to it here, step by step: MIGRATIONS[n](data of
     version n) -> data of version n + 1. None yet. */
  var MIGRATIONS = [
    null,
    /** @param {any} data */
    function (data) {  // 1 -> 2: the reader's own exercises join the progress (none yet)
      /** @type {{[key: string]: unknown}} */
      var copy = dict(plain(data) ? data : undefined);  // no prototype: a key "__proto__" stays a key, and is refused
      copy.own = [];
      return copy;
    },
    /** @param {any} data */
    function (data) {  // 2 -> 3: each rule's and tip's mastery joins the progress (none yet)
      /** @type {{[key: string]: unknown}} */
      var copy = dict(plain(data) ? data : undefined);
      copy.skills = dict();
      return copy;
    }
  ];
  /* Whoever listens to any store of this page hears every change: the page's store and the
     panel's may be two objects over one localStorage. */
  /** @type {(() => void)[]} */
  var listeners = [];
  function tell() { listeners.forEach(function (listener) { listener(); }); }
  if (global.addEventListener) {  // another tab changed it: heard late, but heard
    global.addEventListener('storage', function (event) {
      if (event.key === null || event.key === STORAGE_KEY) tell();
    });
  }

  /** @constructor @param {string} code @this {Error & ProgressErrorCode} */
  function ProgressError(code) {
    this.name = 'ProgressError';
    this.code = code;  // json | format | version | checksum | shape | too-large
    this.message = 'progress refused: ' + code;
  }
  ProgressError.prototype = Object.create(Error.prototype);
  ProgressError.prototype.constructor = ProgressError;

  /** @param {number} now @returns {number} */
  function today(now) {  // the local day number of the time now (ms)
    var at = new Date(now);
    return Math.floor((at.getTime() - at.getTimezoneOffset() * 60000) / DAY);
  }

  /** @param {any} value @returns {string} */
  function canonical(value) {  // JSON with the keys of every object sorted: the same data, the same text
    if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
    if (value && typeof value === 'object') {
      return '{' + Object.keys(value).sort().map(function (key) {
        return JSON.stringify(key) + ':' + canonical(value[key]);
      }).join(',') + '}';
    }
    return JSON.stringify(value);
  }

  /** @param {string} text */
  function utf8(text) { return new TextEncoder().encode(text); }

  /** @param {unknown} data */
  function checksum(data) {  // FNV-1a, 32 bits, of the canonical JSON's UTF-8: 8 hex digits
    var bytes = utf8(canonical(data)), hash = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return ('0000000' + hash.toString(16)).slice(-8);
  }

  /** @param {unknown} value @param {number} most @returns {value is number} */
  function isCount(value, most) {
    return typeof value === 'number' && value % 1 === 0 && value >= 0 && value <= most;
  }

  /** @param {object} object @param {PropertyKey} key */
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  /** @param {unknown} value @returns {value is {[key: string]: any}} */
  function plain(value) {
    return !!value && typeof value === 'object' && !Array.isArray(value);
  }

  /** @param {unknown} record @returns {record is ProgressRecord} */
  function validRecord(record) {
    if (!plain(record)) return false;
    var keys = Object.keys(record);
    var known = {s: 1, m: 1, h: 1, n: 1, t: 1, b: 1, r: 1, c: 1, f: 1};
    if (!keys.every(function (key) { return has(known, key); })) return false;
    if (!(isCount(record.s, 3) && record.s >= 1)) return false;
    if (!(isCount(record.m, MAX_COUNT) && isCount(record.h, MAX_COUNT))) return false;
    if (!(isCount(record.n, MAX_COUNT) && record.n >= 1 && isCount(record.t, 1e7))) return false;
    if (has(record, 'b') !== has(record, 'r')) return false;
    if (has(record, 'c') && !(isCount(record.c, (1 << MAX_COPIES) - 1) && record.c > 0)) return false;
    if (has(record, 'f') && !isCount(record.f, schedule.MAX_ROUND)) return false;
    return !has(record, 'b') || (isCount(record.b, REVIEW_DAYS.length - 1) && isCount(record.r, 1e7));
  }

  /** @param {unknown} value @param {number} most @returns {value is string} */
  function text(value, most) {  // words for textContent: no control characters but a newline
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    return typeof value === 'string' && value.length <= most && !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(value);
  }

  /** @param {unknown} item @returns {item is OwnExercise} */
  function validOwn(item) {  // one of the reader's own exercises: exactly these keys, as data
    if (!plain(item)) return false;
    var keys = Object.keys(item).sort().join(',');
    return keys === 'day,id,lang,lesson,moment' && typeof item.id === 'string' && OWN_ID.test(item.id)
      && typeof item.lang === 'string' && LANG.test(item.lang) && text(item.moment, MAX_MOMENT)
      && typeof item.lesson === 'string' && item.lesson.length <= MAX_LESSON && isCount(item.day, 1e7);
  }

  /** @param {unknown} mastery @returns {mastery is SkillRecord} */
  function validSkill(mastery) {  // exactly three counts
    if (!plain(mastery) || Object.keys(mastery).sort().join(',') !== 'h,r,w') return false;
    return isCount(mastery.r, MAX_COUNT) && isCount(mastery.h, MAX_COUNT) && isCount(mastery.w, MAX_COUNT);
  }

  /** @param {unknown} skills @returns {skills is {[skill: string]: SkillRecord}} */
  function validSkills(skills) {
    if (!plain(skills)) return false;
    var ids = Object.keys(skills);
    return ids.length <= MAX_SKILLS && ids.every(function (id) { return SKILL_ID.test(id) && validSkill(skills[id]); });
  }

  /** @param {unknown} data @returns {data is ProgressData} */
  function validData(data) {  // the shape of version VERSION's data, strictly: nothing unknown
    if (!plain(data) || !plain(data.tasks) || !validSkills(data.skills)) return false;
    var fields = ['tasks', 'last', 'own', 'skills'];
    if (Object.keys(data).some(function (key) { return fields.indexOf(key) < 0; })) return false;
    var ids = Object.keys(data.tasks);
    if (ids.length > MAX_TASKS) return false;
    if (!ids.every(function (id) { return TASK_ID.test(id) && validRecord(data.tasks[id]); })) return false;
    if (!Array.isArray(data.own) || data.own.length > MAX_OWN || !data.own.every(validOwn)) return false;
    var seen = dict();
    if (data.own.some(/** @param {OwnExercise} item */ function (item) { var again = has(seen, item.id); seen[item.id] = 1; return again; })) return false;
    return data.last === undefined || data.last === null || (typeof data.last === 'string' && TASK_ID.test(data.last));
  }

  /** @template T @param {{[key: string]: T}} [from] @returns {{[key: string]: T}} */
  function dict(from) {  // an object without a prototype: outside keys are only keys in it
    var made = Object.create(null);
    if (from) Object.keys(from).forEach(function (key) { made[key] = from[key]; });
    return made;
  }

  /** @param {{[id: string]: ProgressRecord}} tasks @param {string} id */
  function held(tasks, id) { return has(tasks, id) ? tasks[id] : undefined; }

  /** @returns {ProgressData} */
  function empty() { return {tasks: dict(), last: null, own: [], skills: dict()}; }

  /** @param {ProgressData} data */
  function wrap(data) {  // the file's (and the store's) text for ``data``
    return JSON.stringify({format: FORMAT, v: VERSION, data: data, sum: checksum(data)});
  }

  /* The data a file's text carries, or a ProgressError: not JSON, not ours, a version this
     build does not know, a checksum that does not match, or a wrong shape. */
  /** @param {unknown} text @returns {ProgressData} */
  function unwrap(text) {
    if (typeof text !== 'string' || text.length > MAX_TEXT) throw new ProgressError('too-large');
    var file;
    try { file = JSON.parse(text); } catch (error) { throw new ProgressError('json'); }
    if (!plain(file) || file.format !== FORMAT) throw new ProgressError('format');
    if (!isCount(file.v, 1000) || file.v < 1 || file.v > VERSION) throw new ProgressError('version');
    if (typeof file.sum !== 'string' || !has(file, 'data') || checksum(file.data) !== file.sum) {
      throw new ProgressError('checksum');
    }
    var data = file.data;
    for (var v = file.v; v < VERSION; v++) {
      try { data = /** @type {(data: unknown) => unknown} */ (MIGRATIONS[v])(data); } catch (error) { throw new ProgressError('shape'); }
    }
    if (!validData(data)) throw new ProgressError('shape');
    return {tasks: dict(data.tasks), last: data.last === undefined ? null : data.last, own: data.own,
            skills: dict(data.skills)};
  }

  /* ``incoming`` added to ``data``: tasks only one side has are kept, and for a task both have,
     the record solved later (more solves on the same day), with the best stars of the two; the
     own exercises of both (the newest MAX_OWN). ``changed`` counts the tasks added or updated;
     ``done``, ``stars``, ``review`` and ``own`` say what it changes, for the reader's yes:
     tasks newly done, stars raised, review days changed, own exercises added. */
  /** @param {ProgressData} data @param {ProgressData} incoming @returns {MergeResult} */
  function merged(data, incoming) {
    var tasks = dict(data.tasks), changed = 0, done = 0, stars = 0, review = 0;
    Object.keys(incoming.tasks).forEach(function (id) {
      var mine = held(tasks, id), theirs = incoming.tasks[id];
      var pick = !mine || theirs.t > mine.t || (theirs.t === mine.t && theirs.n > mine.n) ? theirs : mine;
      var kept = JSON.parse(JSON.stringify(pick));
      if (mine) kept.s = Math.max(mine.s, theirs.s);
      if (canonical(kept) !== canonical(mine)) changed += 1;
      if (!mine) done += 1;
      else if (kept.s > mine.s) stars += 1;
      if (mine && (kept.b !== mine.b || kept.r !== mine.r)) review += 1;
      tasks[id] = kept;
    });
    var own = data.own.slice(), ids = own.map(function (item) { return item.id; });
    var added = (incoming.own || []).filter(function (item) { return ids.indexOf(item.id) < 0; });
    own = own.concat(added).sort(function (a, b) { return a.day - b.day; }).slice(-MAX_OWN);
    var skills = dict(data.skills);  // of a skill both have, the one with more answers
    Object.keys(incoming.skills).forEach(function (id) {
      var mine = has(skills, id) ? skills[id] : null, theirs = incoming.skills[id];
      if (!mine || answers(theirs) > answers(mine)) skills[id] = {r: theirs.r, h: theirs.h, w: theirs.w};
    });
    return {data: {tasks: tasks, last: incoming.last || data.last, own: own, skills: skills}, changed: changed,
            done: done, stars: stars, review: review, own: added.length};
  }

  /** @param {SkillRecord} mastery */
  function answers(mastery) { return mastery.r + mastery.h + mastery.w; }

  /* A skill's mastery as the page shows it: its counts, its score (0 to 1) and its level. */
  /** @param {string} skill @param {SkillRecord} mastery @returns {Mastery} */
  function masteryOf(skill, mastery) {
    var all = answers(mastery), score = all ? (mastery.r + mastery.h / 2) / all : 0;
    /** @type {Mastery['level']} */
    var level = score < MASTERY_LEVELS[0] ? 'weak' : score < MASTERY_LEVELS[1] ? 'learning' : 'strong';
    return {skill: skill, right: mastery.r, hints: mastery.h, wrong: mastery.w, score: score, level: level};
  }

  /* ``skills`` after an answer: 'right' first time, 'hints' (solved with hints, no mistake) or a
     'wrong' answer, for each of the task's skills (ids that are no skill are left out). */
  /** @param {{[skill: string]: SkillRecord}} skills @param {unknown} ids @param {'right' | 'hints' | 'wrong'} how */
  function counted(skills, ids, how) {
    /** @type {'r' | 'h' | 'w'} */
    var key = how === 'right' ? 'r' : how === 'hints' ? 'h' : 'w';
    (Array.isArray(ids) ? ids : []).forEach(function (id) {
      if (typeof id !== 'string' || !SKILL_ID.test(id)) return;
      if (!has(skills, id) && Object.keys(skills).length >= MAX_SKILLS) return;
      var old = has(skills, id) ? skills[id] : {r: 0, h: 0, w: 0};
      /** @type {SkillRecord} */
      var now = {r: old.r, h: old.h, w: old.w};
      now[key] = Math.min(now[key] + 1, MAX_COUNT);
      skills[id] = now;
    });
    return skills;
  }

  /** @param {string} text */
  function base64url(text) {
    var bytes = utf8(text), binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  /** @param {string} code */
  function fromBase64url(code) {
    if (!/^[A-Za-z0-9_-]*$/.test(code)) throw new ProgressError('json');
    var binary;
    try { binary = atob(code.replace(/-/g, '+').replace(/_/g, '/')); } catch (error) { throw new ProgressError('json'); }
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    try { return new TextDecoder('utf-8', {fatal: true}).decode(bytes); } catch (error) { throw new ProgressError('json'); }
  }

  /* The progress carried by a page's fragment (``#progress=...``), or null when it carries none. */
  /** @param {string | null | undefined} hash */
  function linkText(hash) {
    var match = /(?:^#?|&)progress=([^&]*)/.exec(hash || '');
    return match ? fromBase64url(match[1]) : null;
  }

  /** @returns {ProgressStorage} */
  function memoryStorage() {
    /** @type {{[key: string]: string}} */
    var kept = {};
    return {
      getItem: function (key) { return has(kept, key) ? kept[key] : null; },
      setItem: function (key, value) { kept[key] = String(value); },
      removeItem: function (key) { delete kept[key]; }
    };
  }

  /* localStorage when the browser lets us write it (not in some private modes, nor when full). */
  /** @returns {ProgressStorage | null} */
  function browserStorage() {
    try {
      var storage = global.localStorage, probe = STORAGE_KEY + '.probe';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    } catch (error) {
      return null;
    }
  }

  /** @param {ProgressOptions} [options] @returns {ProgressStore} */
  function open(options) {
    options = options || {};
    var order = (options.order || []).slice();
    var found = options.storage || browserStorage();
    var storage = found || memoryStorage();
    var now = options.now || function () { return Date.now(); };
    var store = /** @type {ProgressStore} */ ({kept: !!found, damaged: false, order: order, REVIEW_DAYS: REVIEW_DAYS});

    function read() {
      var text = storage.getItem(STORAGE_KEY);
      if (text === null) return empty();
      try {
        return unwrap(text);
      } catch (error) {  // never lost: set aside for whoever wants to look, then a fresh start
        storage.setItem(STORAGE_KEY + '.damaged', text);
        storage.removeItem(STORAGE_KEY);
        store.damaged = true;
        return empty();
      }
    }

    /* What is stored, for reading only: parsed and checked once per change, not once per task
       (the Learn page asks for every task's state after each answer). Never changed in place. */
    /** @type {string | null} */
    var seenText = null;
    /** @type {ProgressData | null} */
    var seen = null;
    function peek() {
      var text = storage.getItem(STORAGE_KEY);
      if (seen === null || text !== seenText) {
        seen = read();
        seenText = storage.getItem(STORAGE_KEY);  // read() sets a damaged store aside
      }
      return seen;
    }

    /** @param {ProgressData} data */
    function write(data) {
      try {
        storage.setItem(STORAGE_KEY, wrap(data));
      } catch (error) {  // full or refused: keep it for this visit at least
        storage = memoryStorage();
        store.kept = false;
        storage.setItem(STORAGE_KEY, wrap(data));
      }
      tell();
    }

    function day() { return today(now()); }

    store.record = function (id, result) {
      if (!TASK_ID.test(id)) throw new TypeError('not a task id: ' + id);
      /** @type {SolveCounts} */
      var clean = {
        stars: Math.min(3, Math.max(1, Math.round(result.stars))),
        mistakes: Math.max(0, Math.round(result.mistakes || 0)),
        hints: Math.max(0, Math.round(result.hints || 0))
      };
      var count = Math.min(MAX_COPIES, Math.round(result.copies || 0)), copy = Math.round(result.copy || 0);
      if (result.copy !== undefined && copy >= 0 && copy < count) { clean.copy = copy; clean.copies = count; }
      var round = Math.round(result.round || 0);
      if (result.round !== undefined && round >= 0 && round <= schedule.MAX_ROUND) clean.round = round;
      var data = read();
      data.tasks[id] = schedule.solved(held(data.tasks, id), clean, day());
      data.last = id;
      if (clean.mistakes === 0) counted(data.skills, result.skills, clean.hints ? 'hints' : 'right');
      write(data);
      return store.state(id);
    };

    store.missed = function (id, skills) {
      if (!TASK_ID.test(id)) throw new TypeError('not a task id: ' + id);
      var data = read();
      counted(data.skills, skills, 'wrong');
      write(data);
    };

    store.mastery = function () {
      var skills = peek().skills;
      return Object.keys(skills).sort().map(function (id) { return masteryOf(id, skills[id]); });
    };

    store.weak = function (most) {
      return store.mastery().filter(function (one) { return one.level !== 'strong' && one.wrong > 0; })
        .sort(function (a, b) { return a.score - b.score || b.wrong - a.wrong; }).slice(0, most)
        .map(function (one) { return one.skill; });
    };

    store.copy = function (id, count) {
      var record = held(peek().tasks, id);
      return schedule.nextCopy(record && record.c, Math.min(MAX_COPIES, count));
    };

    store.round = function (id) { return schedule.freshRound(held(peek().tasks, id)); };

    store.state = function (id) {
      var record = held(peek().tasks, id);
      if (!record) return null;
      var inReview = has(record, 'b'), box = /** @type {number} */ (record.b), due = /** @type {number} */ (record.r);
      return {
        stars: record.s, mistakes: record.m, hints: record.h, attempts: record.n, day: record.t,
        box: inReview ? box : null, due: inReview ? due : null,
        dueToday: inReview && due <= day()
      };
    };

    store.count = function () {
      var tasks = peek().tasks;
      return {done: order.filter(function (id) { return has(tasks, id); }).length, total: order.length};
    };

    store.next = function () {
      var data = read(), start = order.indexOf(/** @type {string} */ (data.last)) + 1;
      for (var i = 0; i < order.length; i++) {
        var id = order[(start + i) % order.length];
        if (!has(data.tasks, id)) return id;
      }
      return null;
    };

    store.due = function () {
      var tasks = peek().tasks, on = day();
      return order.filter(function (id) {
        return has(tasks, id) && has(tasks[id], 'r') && /** @type {number} */ (tasks[id].r) <= on;
      });

    };

    store.exportText = function () { return wrap(read()); };

    /* What loading ``text`` would change (a ProgressError, before anything is written, when it
       cannot be loaded), and apply(), which writes it and returns the text kept before. */
    store.preview = function (text) {
      var result = merged(read(), unwrap(text));
      return {
        changed: result.changed, done: result.done, stars: result.stars, review: result.review, own: result.own,
        apply: function () {
          var before = wrap(read());
          write(merged(read(), unwrap(text)).data);  // what is stored now: another tab may have moved on
          return before;
        }
      };
    };

    store.restore = function (text) { write(unwrap(text)); };

    store.importText = function (text) {
      var change = store.preview(text);
      change.apply();
      return change.changed;
    };

    store.link = function (address) {  // the tasks, not the own exercises (an address is short)
      var data = read();
      data.own = [];
      return String(address).split('#')[0] + '#' + LINK_KEY + '=' + base64url(wrap(data));
    };

    store.previewLink = function (hash) {
      var text = linkText(hash);
      return text === null ? null : store.preview(text);
    };

    store.importLink = function (hash) {
      var text = linkText(hash);
      return text === null ? null : store.importText(text);
    };

    store.own = function () { return read().own.slice(); };

    store.keepOwn = function (item) {
      var data = read();
      if (!validOwn(item)) return 'refused';
      if (data.own.some(function (kept) { return kept.id === item.id; })) return 'again';
      data.own = data.own.concat([item]).slice(-MAX_OWN);
      try {  // full: the oldest make room, never the one just added
        for (;;) {
          try { storage.setItem(STORAGE_KEY, wrap(data)); break; } catch (full) {
            if (data.own.length < 2) return 'refused';
            data.own = data.own.slice(1);
          }
        }
      } finally { tell(); }
      return store.kept ? 'added' : 'refused';
    };

    store.dropOwn = function (id) {
      var data = read();
      data.own = data.own.filter(function (item) { return item.id !== id; });
      write(data);
    };

    store.reset = function () { write(empty()); };

    store.subscribe = function (listener) {
      listeners.push(listener);
      return function () { listeners = listeners.filter(function (other) { return other !== listener; }); };
    };

    read();  // a damaged store is set aside now, and store.damaged says so
    return store;
  }

  /** @type {CourseProgressApi} */
  var api = {
    open: open, ProgressError: ProgressError, checksum: checksum, canonical: canonical, wrap: wrap,
    unwrap: unwrap, solved: schedule.solved, merged: merged, today: today, linkText: linkText, base64url: base64url,
    validOwn: validOwn, masteryOf: masteryOf, counted: counted, nextCopy: schedule.nextCopy,
    FORMAT: FORMAT, VERSION: VERSION, MAX_COPIES: MAX_COPIES,
    STORAGE_KEY: STORAGE_KEY, REVIEW_DAYS: REVIEW_DAYS, MAX_OWN: MAX_OWN, MAX_LESSON: MAX_LESSON,
    MASTERY_LEVELS: MASTERY_LEVELS
  };
  return api;
});

