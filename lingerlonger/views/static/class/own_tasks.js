/* The teacher's own task files on the Class page (templates/class/page.html's "Your own task
   files"): opened with the file input or dropped on its box, several at once, each checked by live
   mode's worker as the checker page checks any scenario (endpoints.class_tasks: its errors located,
   in the page's language); a file refused changes nothing. Each exercise of a file that passes joins
   the assignment as data: its id and its scenario's text, packed (codec.js carries it). Opening a
   class again, its own tasks are read again by the worker (describe): their answers in words, for
   the table. Where the worker cannot run (the page opened as a file), the page says so.
   Everything from a file is set as text.

   window.llClassOwn(root, options) -> {picked(), clear(), describe(own), link(href), unread(id)}; options:
     say, tell (the page's live region), lang, exercises (the page's Map of exercises by id: the own ones
     join it), taken(id) (a course's id) */
(/** @param {Window} global */ function (global) {
  'use strict';
  var codec = global.llClassCodec;
  var MAX_READ = 2000001;  // a task file's bytes read: more than scenario/limits.py MAX_DOCUMENT_BYTES allows

  /** live mode's kit, once ll-live.js (deferred, after this page's script) has run; null where it cannot.
   * @returns {Promise<LiveKit | null>} */
  function kit() {
    return new Promise(function (resolve) {
      function given() { var k = global.llLiveKit; resolve(k && !k.offline ? k : null); }
      if (global.llLiveKit || document.readyState === 'complete') given();
      else global.addEventListener('load', given, {once: true});
    });
  }

  /** @param {HTMLElement} root @param {ClassOwnOptions} options @returns {ClassOwnApi} */
  function own(root, options) {
    var say = options.say, exercises = options.exercises;
    var box = /** @type {HTMLElement} */ (root.querySelector('[data-ll-class-own]'));
    var input = /** @type {HTMLInputElement} */ (box.querySelector('[data-ll-class-own-files]'));
    var list = /** @type {HTMLElement} */ (box.querySelector('[data-ll-class-own-list]'));
    var status = /** @type {HTMLElement} */ (box.querySelector('[data-ll-class-own-status]'));
    /** @type {Map<string, ClassOwnTask>} */
    var added = new Map();

    /** An own task as the page shows it: named by its title (a course's exercise by its number).
     * @param {ClassExercise} e */
    function named(e) {
      return Object.assign({}, e, {at: say('class.own-named', {title: e.title || e.id}), tip: false});
    }
    /** @param {string} text */
    function tell(text) {
      status.textContent = '';
      setTimeout(function () { status.textContent = text; }, 30);
    }
    /** @param {ClassExercise} e */
    function listed(e) {
      var li = document.createElement('li'), remove = document.createElement('button');
      li.dataset.llClassOwnTask = e.id;
      li.textContent = e.title + ' ';
      remove.type = 'button';
      remove.dataset.llAction = 'own-remove';
      remove.textContent = say('class.own-remove');
      remove.setAttribute('aria-label', say('class.own-remove-named', {title: e.title}));
      remove.addEventListener('click', function () {
        added.delete(e.id);
        exercises.delete(e.id);
        li.remove();
        tell(say('class.own-removed', {title: e.title}));
        input.focus();
      });
      li.appendChild(remove);
      list.appendChild(li);
    }
    /** One file checked: its exercises added, all or none. @param {File} file @param {LiveKit} k
     * @returns {Promise<string>} what became of it */
    function checked(file, k) {
      return file.slice(0, MAX_READ).text().then(function (text) {  // a huge one: refused by its size, unread
        // a file whose tasks would take the engine too long: stopped, as the checker page stops one
        return k.bounded('class_tasks', {text: text, name: file.name, lang: options.lang, size: file.size}, k.CHECK_LIMIT_MS);
      }).then(function (answer) {
        if (!answer || typeof answer.refused === 'string') {
          return say('class.own-refused', {name: file.name, problem: answer ? answer.refused : ''});
        }
        var found = /** @type {{id: string, packed: string, exercise: ClassExercise}[]} */ (answer.tasks);
        for (var i = 0; i < found.length; i++) {
          var id = found[i].id;
          if (added.has(id) || options.taken(id) || found.findIndex(function (f) { return f.id === id; }) !== i) {
            return say('class.own-refused', {name: file.name, problem: say('class.own-taken', {id: id})});
          }
        }
        if (added.size + found.length > codec.MAX_OWN) {
          return say('class.own-refused', {name: file.name, problem: say('class.own-too-many', {limit: codec.MAX_OWN})});
        }
        found.forEach(function (f) {
          added.set(f.id, {id: f.id, packed: f.packed});
          exercises.set(f.id, named(f.exercise));
          listed(f.exercise);
        });
        return say('class.own-added', {name: file.name, count: found.length});
      }, function () { return say('class.own-refused', {name: file.name, problem: say('class.own-stopped')}); });
    }
    /** @param {File[]} files */
    function take(files) {
      if (!files.length) return;
      tell(say('class.own-checking', {name: files.map(function (f) { return f.name; }).join(', ')}));
      kit().then(function (k) {
        if (!k) { tell(say('class.own-needs-site')); return; }
        var live = /** @type {LiveKit} */ (k);
        /** @type {string[]} */
        var said = [];
        files.reduce(function (chain, file) {
          return chain.then(function () { return checked(file, live); }).then(function (words) { said.push(words); });
        }, Promise.resolve()).then(function () { tell(said.join(' ')); });
      });
    }
    input.addEventListener('change', function () {
      var files = Array.prototype.slice.call(input.files || []);
      input.value = '';
      take(files);
    });
    box.addEventListener('dragover', /** @param {DragEvent} event */ function (event) {
      event.preventDefault();
      box.dataset.llDrop = '1';
    });
    box.addEventListener('dragleave', function () { delete box.dataset.llDrop; });
    box.addEventListener('drop', /** @param {DragEvent} event */ function (event) {
      event.preventDefault();
      delete box.dataset.llDrop;
      take(Array.prototype.slice.call((event.dataTransfer && event.dataTransfer.files) || []));
    });

    // The assignment's link too long for one QR code (its own tasks travel in it): the page says
    // so, and offers the link as a file.
    var tooLong = /** @type {HTMLElement} */ (root.querySelector('[data-ll-class-qr-too-long]'));
    var save = /** @type {HTMLButtonElement} */ (root.querySelector('[data-ll-action=save-assignment]'));
    var href = '';
    /** @type {Promise<void>} */
    var reading = Promise.resolve();
    save.addEventListener('click', function () {
      var link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([href + '\n'], {type: 'text/plain;charset=utf-8'}));
      var heading = /** @type {HTMLElement} */ (root.querySelector('[data-ll-class-heading]'));
      link.download = ((heading.textContent || '').replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'assignment') + '.txt';
      document.body.appendChild(link);
      link.click();
      link.remove();
      options.tell(say('class.file-saved', {file: link.download}));
    });

    return {
      /** The assignment's link, and its QR code drawn or, too long for one, the way round it.
       * @param {string} address */
      link: function (address) {
        href = address;
        tooLong.hidden = save.hidden = true;
        global.llClassQr.draw(/** @type {HTMLElement} */ (root.querySelector('[data-ll-assignment-qr]')), address)
          .then(function (drawn) {
            tooLong.hidden = save.hidden = drawn || !global.llQRCode;
            // a link of thousands of characters: shown by its start, whole in its address
            if (!tooLong.hidden) /** @type {HTMLElement} */ (root.querySelector('[data-ll-assignment-link]')).textContent = address.slice(0, 80) + '\u2026';
          });
      },
      /** An own task not read yet (or that cannot be here): named by its id, no answer known.
       * @param {string} id @returns {ClassExercise} */
      unread: function (id) {
        return {id: id, at: say('class.own-named', {title: id}), unit: 'own', unitTitle: say('class.own-unit'), goal: '',
          kind: 'choice', why: '', answers: {}, rule: null, tip: false, title: id};
      },
      /** the own tasks added, in order */
      picked: function () { return Array.from(added.values()); },
      clear: function () {
        added.forEach(function (task) { exercises.delete(task.id); });
        added.clear();
        list.replaceChildren();
        status.textContent = '';
      },
      /** An assignment's own tasks read again by the worker, each added to the page's exercises;
       * rejects with what to say when one cannot be (the page opened as a file, a damaged one).
       * @param {ClassOwnTask[]} tasks @returns {Promise<void>} */
      describe: function (tasks) {
        return (reading = kit().then(function (k) {
          if (!k) throw new Error(say('class.own-needs-site'));
          var live = /** @type {LiveKit} */ (k);
          return Promise.all(tasks.map(function (task) {
            return live.call('class_tasks', {packed: task.packed, id: task.id, lang: options.lang});
          }));
        }).then(function (answers) {
          answers.forEach(function (answer, i) {
            if (!answer || !answer.exercise || answer.exercise.id !== tasks[i].id) {
              throw new Error(answer && typeof answer.refused === 'string' ? answer.refused : say('class.own-damaged'));
            }
            exercises.set(tasks[i].id, named(answer.exercise));
          });
        }));
      },
      /** once the last describe() is done, read or not */
      ready: function () { return reading.then(function () {}, function () {}); },
    };
  }
  global.llClassOwn = global.llClassOwn || own;
})(self);
