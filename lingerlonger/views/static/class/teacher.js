/* The Class page, the teacher's side (views/class_page.py, templates/class/page.html). The teacher
   picks exercises and makes an assignment (codec.js: a short text) with its link to the Learn page
   (where student.js does the rest), its QR code and a sheet to print. Results come back as links
   pasted, files opened (a result's text, or a photo of its QR code) and codes scanned with the
   camera; each is read like any scenario (codec.readResult, then checked against this class's
   assignment and exercises) and refused with a message, nothing stored, when it cannot be taken.
   The latest hand-in of a name replaces the earlier after asking. The class is kept in this
   browser (store.js, IndexedDB) and shown as a table, a summary per rule and per tip (how many
   missed, the most common wrong answer, the course's explanation), a CSV file and a printed
   report; "Make a review assignment" gives the exercises missed most. Every text from outside
   (a name, a title, an answer) is set as text; the page's own data (the exercises, written by the
   build) is looked up in Maps. Addresses: #ll-result=CODE (a student's link followed here) and
   #ll-assignment=CODE (an assignment opened on another device) are taken in on load. */
(/** @param {Window} global */ function (global) {
  'use strict';
  var codec = global.llClassCodec, qr = global.llClassQr;
  var MAX_FILE = 65536;  // a result file is a line; a photo of a code is read as a picture
  var REVIEW_SIZE = 12;

  /** @param {HTMLElement} root */
  function bind(root) {
    if (root.dataset.llReady) return;
    root.dataset.llReady = '1';
    /** @param {string} selector @returns {any} */
    function part(selector) { return root.querySelector(selector); }
    var lang = root.lang || 'en';
    var say = codec.speaker(JSON.parse(part('[data-ll-class-words]').textContent), lang);
    /** @type {ClassPageData} */
    var data = JSON.parse(part('[data-ll-class-data]').textContent);
    /** @type {Map<string, ClassExercise>} */
    var exercises = new Map(data.exercises.map(function (e) { return [e.id, e]; }));
    var courseIds = new Set(exercises.keys());
    var own = global.llClassOwn(root, {say: say, tell: tell, lang: lang.split('-')[0], exercises: exercises,
      taken: function (id) { return courseIds.has(id); }});
    var builder = part('[data-ll-class-builder]'), assignmentBox = part('[data-ll-class-assignment]');
    var results = part('[data-ll-class-results]'), addForm = part('[data-ll-class-add]');
    var addButton = part('[data-ll-action=add-results]'), live = part('[data-ll-class-live]');
    var ask = part('[data-ll-class-ask]'), picker = part('[data-ll-class-pick]');
    var video = part('[data-ll-class-camera]');
    /** @type {ClassRecord[]} */
    var classes = [];
    /** @type {ClassRecord | null} */
    var current = null;
    /** @type {ClassAssignment | null} */
    var assignment = null;
    /** @type {ClassStore | null} */
    var store = null;
    var busy = Promise.resolve(), ownProblem = '';  // why the class's own tasks cannot be read here (opened as a file...)

    /** @param {string} text */
    function tell(text) {  // the live region: emptied first, so the same words twice are said twice
      live.textContent = '';
      setTimeout(function () { live.textContent = text; }, 30);
    }
    /** @param {string} id */
    function exercise(id) { return exercises.get(id) || own.unread(id); }
    function pending() { return ((assignment && assignment.own) || []).some(function (o) { return !exercises.has(o.id); }); }
    function kinds() { return (assignment ? assignment.ids : []).map(function (id) { return exercise(id).kind; }); }
    /** @param {string} code */
    function linkFor(code) { return new URL(data.learn + '#' + codec.ASSIGNMENT_KEY + '=' + code, location.href).href; }
    /** What a name looks like (scenario/author_names.py skeleton): NFKC, letters drawn alike as one.
     * @param {string} name */
    function skeleton(name) {
      return Array.from(name.normalize('NFKC'), function (c) {
        return Object.prototype.hasOwnProperty.call(data.sameShape, c) ? data.sameShape[c] : c;
      }).join('');
    }
    /** @param {ClassAssignment} a */
    function label(a) { return a.date ? say('class.title-dated', {title: a.title, date: a.date}) : a.title; }

    // ---- the assignment ----
    function counted() {
      var n = builder.querySelectorAll('[data-ll-class-pick-task]:checked').length;
      part('[data-ll-class-count]').textContent = say('class.chosen', {count: n});
    }
    builder.addEventListener('change', counted);
    builder.addEventListener('submit', /** @param {Event} event */ function (event) {
      event.preventDefault();
      var ids = Array.from(builder.querySelectorAll('[data-ll-class-pick-task]:checked'),
        function (box) { return /** @type {HTMLInputElement} */ (box).value; }).concat(own.picked().map(function (o) { return o.id; }));
      if (!ids.length) { tell(say('class.pick-some')); builder.querySelector('[data-ll-class-pick-task]').focus(); return; }
      if (ids.length > codec.MAX_EXERCISES) { tell(say('class.refused-too-many', {limit: codec.MAX_EXERCISES})); return; }
      var title = part('[data-ll-class-title-field]').value.trim() || say('class.title-default');
      make(codec.makeAssignment({title: title, date: part('[data-ll-class-date-field]').value, ids: ids, own: own.picked()}));
    });
    /** @param {string} code @returns {string} why it cannot be taken, or '' */
    function assignmentProblem(code) {
      var read = codec.readAssignment(code);
      if (!read.ok) return say('class.refused-' + read.code, {at: read.at, limit: codec.MAX_EXERCISES});
      var owned = (read.value.own || []).map(function (o) { return o.id; });
      var clash = read.value.ids.findIndex(function (id) { return owned.indexOf(id) >= 0 && courseIds.has(id); });
      if (clash >= 0) return say('class.refused-bad-own', {at: clash + 1});
      var unknown = read.value.ids.filter(function (id) { return !exercises.has(id) && owned.indexOf(id) < 0; });
      return unknown.length ? say('class.refused-unknown', {id: unknown[0]}) : '';
    }
    /** @param {string} code */
    function make(code) {
      var problem = assignmentProblem(code);
      if (problem) { tell(problem); return; }
      var read = /** @type {{value: ClassAssignment}} */ (codec.readAssignment(code));
      var known = classes.filter(function (c) { return c.id === read.value.nonce; })[0];
      var record = known || {id: read.value.nonce, assignment: code, made: Date.now(), results: []};
      if (!known) classes.push(record);
      open(record, true);
      tell(say('class.made', {title: read.value.title, count: read.value.ids.length}));
      save(record);
    }
    /** @param {ClassRecord} record */
    function save(record) { return store ? store.put(record) : Promise.resolve(); }
    /** @param {ClassRecord} record @param {boolean} focus */
    function open(record, focus) {
      current = record;
      assignment = /** @type {{value: ClassAssignment}} */ (codec.readAssignment(record.assignment)).value;
      builder.hidden = true;
      assignmentBox.hidden = results.hidden = false;
      part('[data-ll-class-heading]').textContent = assignment.title;
      var due = part('[data-ll-class-due]');
      due.textContent = assignment.date ? say('class.due', {date: assignment.date}) : '';
      due.hidden = !assignment.date;
      var href = linkFor(record.assignment), link = part('[data-ll-assignment-link]');
      link.href = href;
      link.textContent = href;
      own.link(href);
      ownProblem = '';
      var missing = (assignment.own || []).filter(function (o) { return !exercises.has(o.id); });
      if (missing.length) own.describe(missing).then(function () { if (current === record) { listExercises(); draw(); } },
        /** @param {Error} why */ function (why) { if (current === record) { ownProblem = why.message; draw(); } });
      listExercises();
      listClasses();
      draw();
      if (focus) part('[data-ll-class-heading]').focus();
    }
    function listExercises() {
      var list = part('[data-ll-class-exercises]');
      list.replaceChildren.apply(list, /** @type {ClassAssignment} */ (assignment).ids.map(function (id) {
        var e = exercise(id);
        return cell('li', say('class.exercise', {at: e.at}) + ': ' + e.goal + ' (' + e.unitTitle + ')');
      }));
    }
    function listClasses() {
      classes.sort(function (a, b) { return b.made - a.made; });
      picker.replaceChildren.apply(picker, classes.map(function (c) {
        var option = document.createElement('option'), read = codec.readAssignment(c.assignment);
        option.value = c.id;
        option.textContent = read.ok ? say('class.class-option', {title: label(read.value), count: c.results.length}) : c.id;
        option.selected = c === current;
        return option;
      }));
      part('[data-ll-class-list]').hidden = classes.length < 2;
    }
    picker.addEventListener('change', function () {
      var chosen = classes.filter(function (c) { return c.id === picker.value; })[0];
      if (chosen) open(chosen, false);
    });

    // ---- results in ----
    /** @param {ClassItem | null} item @param {ClassExercise} e */
    function answerKnown(item, e) {
      if (!item) return true;
      var parts = e.kind === 'seats' ? (item.a ? item.a.split(',') : []) : [item.a];
      return parts.every(function (a) { return Object.prototype.hasOwnProperty.call(e.answers, a); });
    }
    /** One text given (a link, a code): taken, refused or asked about; the words said of it.
     * @param {string} text @returns {Promise<string>} */
    function consider(text) {
      if (text.length > codec.MAX_TEXT) return Promise.resolve(say('class.refused-too-long', {limit: codec.MAX_TEXT}));
      var code = codec.codeIn(text, codec.RESULT_KEY);
      if (!current || !assignment) return Promise.resolve(say('class.no-class'));
      if (pending()) {  // its own tasks not read yet: once they are (or cannot be)
        return own.ready().then(function () { return pending() ? ownProblem || say('class.own-needs-site') : consider(text); });
      }
      var read = codec.readResult(code, kinds());
      if (!read.ok) return Promise.resolve(say('class.refused-' + read.code, {at: read.at, limit: codec.MAX_TEXT}));
      var r = read.value, a = assignment, record = current;
      if (r.nonce !== a.nonce) {
        var other = classes.filter(function (c) { return c.id === r.nonce; })[0];
        var otherRead = other && codec.readAssignment(other.assignment);
        return Promise.resolve(otherRead && otherRead.ok ? say('class.refused-other-known', {title: label(otherRead.value)})
          : say('class.refused-other'));
      }
      if (r.items.length !== a.ids.length) return Promise.resolve(say('class.refused-mismatch'));
      for (var i = 0; i < r.items.length; i++) {
        if (!answerKnown(r.items[i], exercise(a.ids[i]))) return Promise.resolve(say('class.refused-malformed', {at: i + 1}));
      }
      var twin = record.results.filter(function (x) { return x.name !== r.name && skeleton(x.name) === skeleton(r.name); })[0];
      if (twin) return Promise.resolve(say('class.refused-lookalike', {name: r.name, other: twin.name}));
      var earlier = record.results.filter(function (x) { return x.name === r.name; })[0];
      var entry = {name: r.name, code: code, minute: r.minute};
      if (!earlier) {
        record.results.push(entry);
        return save(record).then(function () { return say('class.added', {name: r.name}); });
      }
      if (earlier.code === code) return Promise.resolve(say('class.refused-again', {name: r.name}));
      if (r.minute < earlier.minute) return Promise.resolve(say('class.refused-older', {name: r.name}));
      return question(say('class.replace-ask', {name: r.name}), say('class.replace'), say('class.keep'))
        .then(function (yes) {
          if (!yes) return say('class.kept', {name: r.name});
          record.results[record.results.indexOf(earlier)] = entry;
          return save(record).then(function () { return say('class.replaced', {name: r.name}); });
        });
    }
    /** @param {string} text @param {string} yes @param {string} no @returns {Promise<boolean>} */
    function question(text, yes, no) {
      return new Promise(function (resolve) {
        var back = document.activeElement;
        part('[data-ll-class-ask-text]').textContent = text;
        var yesButton = ask.querySelector('[data-ll-action=ask-yes]'), noButton = ask.querySelector('[data-ll-action=ask-no]');
        yesButton.textContent = yes;
        noButton.textContent = no;
        ask.hidden = false;
        tell(text);
        yesButton.focus();
        /** @param {Event} event */
        function answered(event) {
          var button = /** @type {HTMLElement} */ (event.target).closest('button');
          if (!button) return;
          ask.removeEventListener('click', answered);
          ask.hidden = true;
          if (back instanceof HTMLElement && back.isConnected && !back.closest('[hidden]')) back.focus();
          else addButton.focus();
          resolve(button === yesButton);
        }
        ask.addEventListener('click', answered);
      });
    }
    /** Texts in order (several codes in one are each taken); what became of each is said at the end.
     * @param {{where: string, text: string}[]} given */
    function take(given) {
      busy = busy.then(function () {
        /** @type {string[]} */
        var said = [];
        /** @type {{where: string, text: string}[]} */
        var found = [];
        given.forEach(function (g) {
          g.text.split(/\s+/).filter(Boolean).forEach(function (piece) { found.push({where: g.where, text: piece}); });
        });
        if (!found.length) { tell(say('class.nothing')); return; }
        return found.reduce(function (chain, f) {
          return chain.then(function () { return consider(f.text); }).then(/** @param {string} words */ function (words) {
            said.push(found.length > 1 || f.where ? say('class.from', {where: f.where || '1', message: words}) : words);
          });
        }, Promise.resolve()).then(function () {
          draw();
          listClasses();
          tell(said.join(' '));
        });
      });
      return busy;
    }
    addButton.addEventListener('click', function () {
      var opening = addForm.hidden;
      addForm.hidden = !opening;
      addButton.setAttribute('aria-expanded', String(opening));
      if (opening) part('[data-ll-class-paste]').focus(); else stopCamera();
    });
    addForm.addEventListener('submit', /** @param {Event} event */ function (event) {
      event.preventDefault();
      var paste = part('[data-ll-class-paste]');
      /** @type {{where: string, text: string}[]} */
      var lines = paste.value.split('\n').map(/** @param {string} line @param {number} at */ function (line, at) {
        return {where: say('class.line', {at: at + 1}), text: line};
      }).filter(/** @param {{text: string}} g */ function (g) { return g.text.trim(); });
      if (lines.length === 1) lines[0].where = '';
      take(lines).then(function () { paste.value = ''; });
    });
    part('[data-ll-class-files]').addEventListener('change', /** @param {Event} event */ function (event) {
      var input = /** @type {HTMLInputElement} */ (event.target);
      var files = Array.prototype.slice.call(input.files || []);
      Promise.all(files.map(/** @param {File} file */ function (file) {
        if (/^image\//.test(file.type)) {
          return qr.readFile(file).then(function (text) { return {where: file.name, text: text || say('class.no-code')}; });
        }
        if (file.size > MAX_FILE) return {where: file.name, text: 'x'.repeat(codec.MAX_TEXT + 1)};
        return file.text().then(function (text) { return {where: file.name, text: text}; });
      })).then(function (given) {
        input.value = '';
        return take(given);
      });
    });

    // ---- the camera ----
    /** @type {MediaStream | null} */
    var camera = null;
    var lastScanned = '';
    function stopCamera() {
      if (camera) camera.getTracks().forEach(function (track) { track.stop(); });
      camera = null;
      video.hidden = true;
      part('[data-ll-action=scan-stop]').hidden = true;
      part('[data-ll-action=scan]').hidden = false;
    }
    function scanFrame() {
      if (!camera) return;
      if (video.videoWidth) {
        var canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).drawImage(video, 0, 0);
        qr.read(canvas).then(function (text) {
          if (text && text !== lastScanned) { lastScanned = text; take([{where: '', text: text}]); }
          setTimeout(scanFrame, 250);
        });
        return;
      }
      setTimeout(scanFrame, 250);
    }
    part('[data-ll-action=scan]').addEventListener('click', function () {
      var media = navigator.mediaDevices;
      if (!media || !media.getUserMedia) { tell(say('class.no-camera')); return; }
      media.getUserMedia({video: {facingMode: 'environment'}}).then(function (stream) {
        camera = stream;
        video.srcObject = stream;
        video.hidden = false;
        video.play();
        part('[data-ll-action=scan]').hidden = true;
        var stop = part('[data-ll-action=scan-stop]');
        stop.hidden = false;
        stop.focus();
        tell(say('class.scanning'));
        scanFrame();
      }, function () { tell(say('class.no-camera')); });
    });
    part('[data-ll-action=scan-stop]').addEventListener('click', function () {
      stopCamera();
      part('[data-ll-action=scan]').focus();
    });

    // ---- the class ----
    /** Each student's result, read again: name, minute, items. @returns {ClassResult[]} */
    function readResults() {
      if (!current) return [];
      var k = kinds();
      return current.results.map(function (x) {
        var read = codec.readResult(x.code, k);
        return read.ok ? read.value : null;
      }).filter(function (r) { return r !== null; }).sort(function (a, b) {
        return /** @type {ClassResult} */ (a).name.localeCompare(/** @type {ClassResult} */ (b).name, lang);
      });
    }
    /** Whether a first answer is right: every seat of a set, and no other, for seats.
     * @param {ClassExercise} e @param {string} answer */
    function right(e, answer) {
      if (e.kind !== 'seats') return Object.prototype.hasOwnProperty.call(e.answers, answer) && e.answers[answer][0];
      var chosen = answer ? answer.split(',') : [];
      return Object.keys(e.answers).every(function (a) { return e.answers[a][0] === (chosen.indexOf(a) >= 0); });
    }
    /** @param {ClassExercise} e @param {string} answer */
    function answerName(e, answer) {
      var parts = e.kind === 'seats' ? (answer ? answer.split(',') : []) : [answer];
      return parts.map(function (a) { return e.answers[a][2]; }).join(', ') || '\u2014';
    }
    /** @param {number} n */
    function starsText(n) { return '\u2605\u2605\u2605'.slice(0, n) + '\u2606\u2606\u2606'.slice(0, 3 - n); }
    /** The table's figures, one row per student: what the page shows and the CSV holds. */
    function figures() {
      if (pending()) return [];  // the own tasks' answers are not known yet, or cannot be here
      return readResults().map(function (r) {
        var cells = /** @type {ClassAssignment} */ (assignment).ids.map(function (id, i) {
          var item = r.items[i], e = exercise(id);
          if (!item) return null;
          return {stars: item.s, hints: item.h, seconds: item.t, answer: answerName(e, item.a), right: right(e, item.a)};
        });
        var stars = 0, seconds = 0;
        cells.forEach(function (c) { if (c) { stars += c.stars; seconds += c.seconds; } });
        return {name: r.name, minute: r.minute, cells: cells, stars: stars, seconds: seconds, result: r};
      });
    }
    /** @param {string} tag @param {string} text @param {string} [className] @returns {any} */
    function cell(tag, text, className) {
      var el = document.createElement(tag);
      el.textContent = text;
      if (className) el.className = className;
      return el;
    }
    function draw() {
      if (!assignment) return;
      var a = assignment, rows = figures();
      part('[data-ll-class-report-title]').textContent = say('class.report-title', {title: label(a)});
      var waiting = pending(), empty = part('[data-ll-class-empty]');  // then no rows: figures()
      empty.textContent = waiting ? ownProblem || say('class.own-checking', {name: a.title}) : say('class.no-results');
      empty.hidden = rows.length > 0;
      part('[data-ll-class-table-box]').hidden = rows.length === 0;
      part('[data-ll-class-caption]').textContent = say('class.caption', {count: rows.length});
      var head = part('[data-ll-class-head]');
      head.replaceChildren(cell('th', say('class.student')));
      a.ids.forEach(function (id) {
        var th = cell('th', String(exercise(id).at));
        th.scope = 'col';
        th.title = exercise(id).goal;
        th.setAttribute('aria-label', say('class.exercise', {at: exercise(id).at}));
        head.appendChild(th);
      });
      head.appendChild(cell('th', say('class.total')));
      head.querySelectorAll('th').forEach(/** @param {HTMLTableCellElement} th */ function (th) { th.scope = 'col'; });
      part('[data-ll-class-body]').replaceChildren.apply(part('[data-ll-class-body]'), rows.map(function (row) {
        var tr = document.createElement('tr');
        tr.dataset.llClassRow = row.name;
        var th = cell('th', row.name);
        th.scope = 'row';
        tr.appendChild(th);
        row.cells.forEach(function (c) {
          var td = document.createElement('td');
          if (!c) { td.appendChild(cell('span', say('class.not-tried'), 'll-class-none')); tr.appendChild(td); return; }
          var stars = cell('span', starsText(c.stars), 'll-class-stars');
          stars.setAttribute('role', 'img');
          stars.setAttribute('aria-label', c.stars ? say('class.stars', {count: c.stars}) : say('class.unsolved'));
          td.appendChild(stars);
          if (!c.right) td.appendChild(cell('span', say('class.wrong-first', {answer: c.answer}), 'll-class-wrong'));
          td.appendChild(cell('span', say('class.seconds', {count: c.seconds}), 'll-class-time'));
          tr.appendChild(td);
        });
        tr.appendChild(cell('td', say('class.total-cell', {stars: row.stars, seconds: row.seconds})));
        return tr;
      }));
      summary(rows);
    }
    /** What the class missed, per rule (of the wrong first answer) and per tip, most missed first. */
    function summarize() {
      /** @type {Map<string, ClassSummary>} */
      var groups = new Map();
      var rows = figures();
      /** @type {ClassAssignment} */ (assignment).ids.forEach(function (id, i) {
        var e = exercise(id);
        rows.forEach(function (row) {
          var c = row.cells[i], item = row.result.items[i];
          if (!c || !item || c.right) return;
          var first = e.kind === 'seats' ? null : e.answers[item.a];
          var rule = (first && first[1]) || e.rule;
          var key = e.tip ? 'tip-' + e.id : rule ? 'rule-' + rule : 'exercise-' + e.id;
          var group = groups.get(key);
          if (!group) {
            group = {key: key, rule: e.tip ? null : rule, tip: e.tip ? e : null, at: e.at, missed: new Set(), wrong: new Map()};
            groups.set(key, group);
          }
          group.missed.add(row.name);
          var said = e.id + '\u0000' + item.a, seen = group.wrong.get(said);
          group.wrong.set(said, {count: seen ? seen.count + 1 : 1, exercise: e, answer: c.answer});
        });
      });
      return {count: rows.length, groups: Array.from(groups.values()).sort(function (x, y) {
        return y.missed.size - x.missed.size;
      })};
    }
    /** @param {ReturnType<typeof figures>} rows */
    function summary(rows) {
      var found = summarize(), list = part('[data-ll-class-summary]');
      part('[data-ll-class-summary-title]').hidden = !found.groups.length;
      list.replaceChildren.apply(list, found.groups.map(function (g) {
        var li = document.createElement('li');
        li.dataset.llClassRule = g.key;
        var name = g.tip ? say('class.tip', {title: g.tip.title || g.tip.goal}) : g.rule ? say('class.rule', {rule: g.rule})
          : say('class.exercise', {at: g.at});
        var heading = cell('strong', '');
        if (g.rule) {
          var link = cell('a', name);
          /** @type {HTMLAnchorElement} */ (link).href = data.rules + '#rule-' + g.rule;
          heading.appendChild(link);
        } else heading.textContent = name;
        li.appendChild(heading);
        li.appendChild(cell('span', ' ' + say('class.missed', {count: g.missed.size, total: rows.length,
          names: Array.from(g.missed).join(', ')})));
        var common = Array.from(g.wrong.values()).sort(function (x, y) { return y.count - x.count; })[0];
        li.appendChild(cell('p', say('class.common', {answer: common.answer, count: common.count,
          at: common.exercise.at}), 'll-class-common'));
        var why = common.exercise.why || (common.exercise.rule ? say('class.decided-by', {rule: common.exercise.rule}) : '');
        if (why) li.appendChild(cell('p', say('class.why', {why: why}), 'll-class-why'));
        return li;
      }));
    }
    part('[data-ll-action=review-assignment]').addEventListener('click', function () {
      if (!assignment) return;
      var a = assignment, rows = figures();
      var missed = a.ids.map(function (id, i) {
        return {id: id, count: rows.filter(function (row) { return row.cells[i] && !(/** @type {{right: boolean}} */ (row.cells[i])).right; }).length};
      }).filter(function (m) { return m.count > 0; }).sort(function (x, y) { return y.count - x.count; });
      if (!missed.length) { tell(say('class.review-none')); return; }
      var ids = missed.slice(0, REVIEW_SIZE).map(function (m) { return m.id; });
      make(codec.makeAssignment({title: say('class.review-title', {title: a.title}), date: '', ids: ids,
        own: (a.own || []).filter(function (o) { return ids.indexOf(o.id) >= 0; })}));
    });
    part('[data-ll-action=csv]').addEventListener('click', function () {
      if (!assignment) return;
      var a = assignment;
      /** @param {string | number} value */
      function field(value) {
        var text = String(value);
        if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;  // a spreadsheet would run it as a formula
        return '"' + text.replace(/"/g, '""') + '"';
      }
      var header = [say('class.student')];
      a.ids.forEach(function (id) {
        var at = exercise(id).at;
        header.push(say('class.csv-stars', {at: at}), say('class.csv-answer', {at: at}), say('class.csv-seconds', {at: at}));
      });
      header.push(say('class.csv-total-stars'), say('class.csv-total-seconds'));
      var lines = [header].concat(figures().map(function (row) {
        var line = [row.name];
        row.cells.forEach(function (c) {
          if (!c) line.push('', say('class.not-tried'), '');
          else line.push(String(c.stars), c.right ? '' : c.answer, String(c.seconds));
        });
        line.push(String(row.stars), String(row.seconds));
        return line;
      }));
      var text = '\ufeff' + lines.map(function (line) { return line.map(field).join(','); }).join('\r\n') + '\r\n';
      var link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], {type: 'text/csv;charset=utf-8'}));
      link.download = (a.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'class') + '.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      tell(say('class.csv-saved', {file: link.download}));
    });
    /** @param {string} what */
    function printing(what) {
      document.documentElement.dataset.llPrint = what;
      global.addEventListener('afterprint', function () { delete document.documentElement.dataset.llPrint; }, {once: true});
      global.print();
    }
    part('[data-ll-action=print-sheet]').addEventListener('click', function () { printing('sheet'); });
    part('[data-ll-action=print-report]').addEventListener('click', function () { printing('report'); });
    /** @param {string} which */
    function copied(which) {
      var text = part(which).href;
      var done = function () { tell(say('class.copied')); };
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { tell(say('class.copy-by-hand')); });
      else tell(say('class.copy-by-hand'));
    }
    part('[data-ll-action=copy-assignment]').addEventListener('click', function () { copied('[data-ll-assignment-link]'); });
    part('[data-ll-action=new-assignment]').addEventListener('click', function () {
      builder.hidden = false;
      builder.querySelectorAll('[data-ll-class-pick-task]').forEach(/** @param {HTMLInputElement} box */ function (box) { box.checked = false; });
      own.clear();
      counted();
      assignmentBox.hidden = results.hidden = true;
      part('[data-ll-class-title-field]').focus();
    });
    part('[data-ll-action=forget]').addEventListener('click', function () {
      var record = current;
      if (!record || !assignment) return;
      var title = label(assignment);
      question(say('class.forget-ask', {title: title, count: record.results.length}), say('class.forget-yes'), say('class.forget-no'))
        .then(function (yes) {
          if (!yes) return;
          var gone = /** @type {ClassRecord} */ (record);
          (store ? store.remove(gone.id) : Promise.resolve()).then(function () {
            classes = classes.filter(function (c) { return c !== gone; });
            current = assignment = null;
            if (classes.length) open(classes[0], false);
            else {
              builder.hidden = false;
              assignmentBox.hidden = results.hidden = true;
              part('[data-ll-class-body]').replaceChildren();  // nothing of it left on the page
              part('[data-ll-class-summary]').replaceChildren();
              listClasses();
            }
            tell(say('class.forgotten', {title: title}));
            (classes.length ? part('[data-ll-class-heading]') : part('[data-ll-class-title-field]')).focus();
          });
        });
    });

    // ---- on load: the classes kept, then what the address brings ----
    counted();
    qr.prepareWhenIdle();  // the reader, where the browser has none: kept by the offline worker then
    global.llClassStore.open().then(function (opened) {
      store = opened;
      return opened.list();
    }).then(function (kept) {
      classes = kept.filter(function (c) { return c && typeof c.assignment === 'string' && !assignmentProblem(c.assignment)
        && Array.isArray(c.results); });
      listClasses();
      if (classes.length) open(classes[0], false);
      if (store && !store.kept) tell(say('class.not-kept'));
      fromAddress();
    });
    function fromAddress() {
      var hash = location.hash.slice(1);
      var key = hash.slice(0, hash.indexOf('='));
      var code = hash.slice(key.length + 1);
      if (!code) return;
      history.replaceState(null, '', location.pathname + location.search);
      if (key === codec.ASSIGNMENT_KEY) {
        var problem = assignmentProblem(code);
        if (problem) tell(problem); else make(code);
      } else if (key === codec.RESULT_KEY) {
        var read = codec.readResult(code);
        var nonce = read.ok ? read.value.nonce : '';
        var mine = classes.filter(function (c) { return c.id === nonce; })[0];
        if (mine && mine !== current) open(mine, false);
        take([{where: '', text: code}]);
      }
    }
    global.addEventListener('hashchange', fromAddress);
  }

  function start() { document.querySelectorAll('[data-ll-class]').forEach(function (root) { bind(/** @type {HTMLElement} */ (root)); }); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
