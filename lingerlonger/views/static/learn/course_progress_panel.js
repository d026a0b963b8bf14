/* The progress panel (views/templates/course/progress_panel.html) over the store of
   course_progress.js, loaded after it:

     llCourseProgress.panel(root, progress, {go: function (id) {...}, review: function (ids) {...}})

   go(id) opens a task (by default: the page's [data-ll-task="ID"], else the Learn page's address
   in the panel's data-ll-learn-href with #ID); review(ids) opens the first due review: by
   default one of the page's permuted copies of it, task elements carrying data-ll-review-of="ID"
   (each its own data-ll-task id; scenario/review_copy.py makes them at build time, and the page
   records a solve under ID), the one the store draws (progress.copy: the first not seen, by its
   data-ll-copy), else the task itself. A panel carrying data-ll-order (the course's task ids, JSON) binds itself
   when the page loads, and its store is root.llProgress.

   Every message goes to the panel's live regions, in the panel's language (its words are the
   catalog's progress.* messages, in a JSON script inside the panel): polite for what was done,
   assertive (role=alert) for a refusal. A file's or a link's progress (#progress=..., read on
   load, then dropped from the address) is never taken without asking: the panel says what it
   would add (exercises done, stars, review days, exercises from reviews) and waits for the
   reader's yes; once loaded, Undo puts back what was kept before. */
(function () {
  'use strict';
  var api = window.llCourseProgress;

  /* The CLDR plural category, as lingerlonger.words.i18n.plural_category (pt is pt-PT). */
  /** @param {number} count @param {string} lang */
  function pluralCategory(count, lang) {
    count = Math.abs(count);
    if (lang === 'ru') {
      if (count % 10 === 1 && count % 100 !== 11) return 'one';
      if (count % 10 >= 2 && count % 10 <= 4 && !(count % 100 >= 12 && count % 100 <= 14)) return 'few';
      return 'many';
    }
    return count === 1 ? 'one' : 'other';
  }

  /** @param {Element} root @returns {Speaker} */
  function speaker(root) {
    /** @type {{[key: string]: string | {[category: string]: string}}} the catalog's progress.* messages */
    var words = JSON.parse(/** @type {Element} */ (root.querySelector('script[data-ll-progress-words]')).textContent || '{}');
    var lang = root.getAttribute('lang') || 'en';
    return function (key, values) {
      values = values || {};
      var text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
      if (text && typeof text === 'object') text = text[pluralCategory(Number(values.count), lang)] || text.other || text.many;
      return String(text).replace(/\{(\w+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
      });
    };
  }

  /** @param {number} now */
  function isoDay(now) {
    var at = new Date(now);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  }

  api.panel = function (root, progress, options) {
    options = options || {};
    var say = speaker(root);
    // every part is in the panel's template (templates/course/progress_panel.html)
    var part = /** @param {string} selector */ function (selector) { return /** @type {HTMLElement} */ (root.querySelector(selector)); };
    var action = /** @param {string} name */ function (name) { return part('[data-ll-action="' + name + '"]'); };
    var bar = part('[data-ll-progress]'), meter = /** @type {HTMLProgressElement} */ (bar.querySelector('progress'));
    var status = part('[data-ll-progress-status]'), alert = part('[data-ll-progress-alert]');
    var continueButton = action('continue'), reviewButton = action('review');
    var allDone = part('[data-ll-all-done]'), reviewNone = part('[data-ll-review-none]');
    var ask = part('[data-ll-reset-ask]'), linkBox = part('[data-ll-link-box]');
    var linkField = /** @type {HTMLInputElement} */ (part('[data-ll-link]'));
    var fileInput = /** @type {HTMLInputElement} */ (action('import'));
    var importAsk = part('[data-ll-import-ask]'), changes = part('[data-ll-import-changes]');
    var undoButton = action('import-undo');
    /** @type {{change: ProgressPreview, from: HTMLElement | null} | null} the change asked about */
    var pending = null;
    /** @type {string | null} what was kept before the last load */
    var before = null;

    /** @param {string} text @param {boolean} [urgent] */
    function tell(text, urgent) {  // emptied first, so that the same words said twice are said again
      var region = urgent ? alert : status;
      (urgent ? status : alert).textContent = '';
      region.textContent = '';
      window.setTimeout(function () { region.textContent = text; }, 30);
    }

    /** @param {unknown} error */
    function refused(error) {
      if (!(error instanceof api.ProgressError)) throw error;
      tell(say('progress.refused-' + error.code), true);
    }

    var go = options.go || function (id) {
      /** @type {HTMLElement | null} */
      var task = document.querySelector('[data-ll-task="' + (window.CSS ? CSS.escape(id) : id) + '"]');
      if (task) {
        if (!task.hasAttribute('tabindex')) task.setAttribute('tabindex', '-1');
        task.scrollIntoView({block: 'start'});
        task.focus({preventScroll: true});
      } else if (root.getAttribute('data-ll-learn-href')) {
        window.location.href = root.getAttribute('data-ll-learn-href') + '#' + encodeURIComponent(id);
      }
    };
    var review = options.review || function (ids) {  // a permuted copy when the page has one: the next not seen
      /** @type {HTMLElement[]} */
      var copies = Array.prototype.slice.call(document.querySelectorAll('[data-ll-review-of="' + (window.CSS ? CSS.escape(ids[0]) : ids[0]) + '"]'));
      var drawn = progress.copy(ids[0], copies.length);
      var copy = copies.filter(function (one) { return Number(one.dataset.llCopy || 0) === drawn; })[0] || copies[0];
      go(copy && copy.dataset.llTask ? copy.dataset.llTask : ids[0]);
    };

    function refresh() {
      var count = progress.count(), next = progress.next(), due = progress.due();
      bar.setAttribute('data-done', String(count.done));
      bar.setAttribute('data-total', String(count.total));
      meter.max = Math.max(count.total, 1);
      meter.value = count.done;
      part('[data-ll-progress-count]').textContent = say('progress.count', {done: count.done, total: count.total});
      continueButton.hidden = next === null;
      allDone.hidden = next !== null || count.total === 0;
      reviewButton.hidden = due.length === 0;
      reviewButton.textContent = say('progress.review-due', {count: due.length});
      reviewButton.setAttribute('data-ll-due', String(due.length));
      reviewNone.hidden = due.length > 0;
    }

    continueButton.addEventListener('click', function () {
      var next = progress.next();
      if (next !== null) go(next);
    });
    reviewButton.addEventListener('click', function () {
      var due = progress.due();
      if (due.length) review(due);
    });
    action('export').addEventListener('click', function () {
      var name = 'linger-longer-progress-' + isoDay(Date.now()) + '.json';
      var address = URL.createObjectURL(new Blob([progress.exportText()], {type: 'application/json'}));
      var link = document.createElement('a');
      link.href = address;
      link.download = name;
      link.hidden = true;
      root.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(function () { URL.revokeObjectURL(address); }, 10000);
      tell(say('progress.exported', {name: name}));
    });
    fileInput.addEventListener('change', function () {
      var file = fileInput.files && fileInput.files[0];
      if (!file) return;
      fileInput.value = '';
      if (file.size > 1e6) return refused(new api.ProgressError('too-large'));
      file.text().then(function (text) {
        try {
          asked(progress.preview(text), fileInput);
        } catch (error) {
          refused(error);
        }
      }, function () { refused(new api.ProgressError('json')); });
    });
    action('copy-link').addEventListener('click', function () {
      linkField.value = progress.link(window.location.href);
      linkBox.hidden = false;
      var shown = function () {
        linkField.focus();
        linkField.select();
        tell(say('progress.link-shown'));
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(linkField.value).then(function () { tell(say('progress.link-copied')); }, shown);
      } else {
        shown();
      }
    });
    action('reset').addEventListener('click', function () {
      ask.hidden = false;
      action('reset-no').focus();  // the safe answer first
    });
    action('reset-no').addEventListener('click', function () {
      ask.hidden = true;
      action('reset').focus();
    });
    action('reset-yes').addEventListener('click', function () {
      progress.reset();  // the exercises from the reviews too: they are kept with the progress
      undoButton.hidden = true;
      ask.hidden = true;
      action('reset').focus();
      tell(say('progress.reset-done'));
    });
    ask.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') action('reset-no').click();
    });

    progress.subscribe(refresh);
    refresh();
    if (progress.damaged) tell(say('progress.damaged'), true);
    else if (!progress.kept) tell(say('progress.not-kept'), true);
    /* A file's or a link's progress, once read: what it would add, and the reader's yes or no
       (the safe answer focused first, as for a reset). ``from``: where focus goes back. */
    /** @param {ProgressPreview} change @param {HTMLElement | null} from */
    function asked(change, from) {
      if (change.changed === 0 && change.own === 0) return tell(say('progress.import-nothing'));
      pending = {change: change, from: from};
      changes.replaceChildren();
      /** @type {Array<[string, number]>} */ ([['progress.import-done', change.done], ['progress.import-stars', change.stars],
        ['progress.import-review', change.review], ['progress.import-own', change.own]]).forEach(function (line) {
        if (!line[1]) return;
        var item = document.createElement('li');
        item.textContent = say(line[0], {count: line[1]});
        changes.appendChild(item);
      });
      importAsk.hidden = false;
      action('import-no').focus();  // the group's question and its list are said with it (its name, its description)
    }
    /** @param {boolean} yes */
    function answered(yes) {
      var asking = pending;
      pending = null;
      importAsk.hidden = true;
      if (!asking) return;
      if (!yes) {
        tell(say('progress.import-declined'));
        (asking.from || action('export')).focus();
        return;
      }
      before = asking.change.apply();
      undoButton.hidden = false;
      undoButton.focus();
      tell(say('progress.imported', {count: asking.change.changed + asking.change.own}));
    }
    action('import-yes').addEventListener('click', function () { answered(true); });
    action('import-no').addEventListener('click', function () { answered(false); });
    importAsk.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') answered(false);
    });
    undoButton.addEventListener('click', function () {
      if (before !== null) progress.restore(before);
      before = null;
      undoButton.hidden = true;
      action('import').focus();
      tell(say('progress.undone'));
    });
    function fromLink() {  // a link's progress, on load or pasted into the open page's address
      if (!/(?:^#|&)progress=/.test(window.location.hash)) return;
      var hash = window.location.hash;
      history.replaceState(null, '', window.location.pathname + window.location.search);
      try {
        asked(/** @type {ProgressPreview} */ (progress.previewLink(hash)), null);  // the hash has progress=
      } catch (error) {
        refused(error);
      }
    }
    window.addEventListener('hashchange', fromLink);
    fromLink();
    return {refresh: refresh, say: say};
  };

  function bindAll() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-ll-progress-panel][data-ll-order]'), /** @param {HTMLElement} root */ function (root) {
      if (root.llProgress) return;
      var store = root.llProgress = api.open({order: JSON.parse(/** @type {string} */ (root.getAttribute('data-ll-order')))});
      /** @type {NonNullable<CourseProgressApi['panel']>} */ (api.panel)(root, store);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bindAll);
  else bindAll();
})();
