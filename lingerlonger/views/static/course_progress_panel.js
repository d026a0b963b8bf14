/* The progress panel (views/templates/course/progress_panel.html) over the store of
   course_progress.js, loaded after it:

     llCourseProgress.panel(root, progress, {go: function (id) {...}, review: function (ids) {...}})

   go(id) opens a task (by default: the page's [data-ll-task="ID"], else the Learn page's address
   in the panel's data-ll-learn-href with #ID); review(ids) opens the first due review: by
   default the page's permuted copy of it, a task element carrying data-ll-review-of="ID" (its
   own data-ll-task id; scenario/review_copy.py makes it at build time, and the page records its
   solve under ID), else the task itself. A panel carrying data-ll-order (the course's task ids, JSON) binds itself
   when the page loads, and its store is root.llProgress.

   Every message goes to the panel's live regions, in the panel's language (its words are the
   catalog's progress.* messages, in a JSON script inside the panel): polite for what was done,
   assertive (role=alert) for a refusal. A link's progress (#progress=...) is added on load,
   then the fragment is dropped from the address. */
(function () {
  'use strict';
  var api = window.llCourseProgress;

  /* The CLDR plural category, as lingerlonger.words.i18n.plural_category (pt is pt-PT). */
  function pluralCategory(count, lang) {
    count = Math.abs(count);
    if (lang === 'ru') {
      if (count % 10 === 1 && count % 100 !== 11) return 'one';
      if (count % 10 >= 2 && count % 10 <= 4 && !(count % 100 >= 12 && count % 100 <= 14)) return 'few';
      return 'many';
    }
    return count === 1 ? 'one' : 'other';
  }

  function speaker(root) {
    var words = JSON.parse(root.querySelector('script[data-ll-progress-words]').textContent);
    var lang = root.getAttribute('lang') || 'en';
    return function (key, values) {
      values = values || {};
      var text = words[key];
      if (text && typeof text === 'object') text = text[pluralCategory(values.count, lang)] || text.other || text.many;
      return String(text).replace(/\{(\w+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
      });
    };
  }

  function isoDay(now) {
    var at = new Date(now);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  }

  api.panel = function (root, progress, options) {
    options = options || {};
    var say = speaker(root);
    var part = function (selector) { return root.querySelector(selector); };
    var action = function (name) { return part('[data-ll-action="' + name + '"]'); };
    var bar = part('[data-ll-progress]'), meter = bar.querySelector('progress');
    var status = part('[data-ll-progress-status]'), alert = part('[data-ll-progress-alert]');
    var continueButton = action('continue'), reviewButton = action('review');
    var allDone = part('[data-ll-all-done]'), reviewNone = part('[data-ll-review-none]');
    var ask = part('[data-ll-reset-ask]'), linkBox = part('[data-ll-link-box]'), linkField = part('[data-ll-link]');
    var fileInput = action('import');

    function tell(text, urgent) {  // emptied first, so that the same words said twice are said again
      var region = urgent ? alert : status;
      (urgent ? status : alert).textContent = '';
      region.textContent = '';
      window.setTimeout(function () { region.textContent = text; }, 30);
    }

    function refused(error) {
      if (!(error instanceof api.ProgressError)) throw error;
      tell(say('progress.refused-' + error.code), true);
    }

    var go = options.go || function (id) {
      var task = document.querySelector('[data-ll-task="' + (window.CSS ? CSS.escape(id) : id) + '"]');
      if (task) {
        if (!task.hasAttribute('tabindex')) task.setAttribute('tabindex', '-1');
        task.scrollIntoView({block: 'start'});
        task.focus({preventScroll: true});
      } else if (root.getAttribute('data-ll-learn-href')) {
        window.location.href = root.getAttribute('data-ll-learn-href') + '#' + encodeURIComponent(id);
      }
    };
    var review = options.review || function (ids) {  // its permuted copy when the page has one
      var copy = document.querySelector('[data-ll-review-of="' + (window.CSS ? CSS.escape(ids[0]) : ids[0]) + '"]');
      go(copy && copy.dataset.llTask ? copy.dataset.llTask : ids[0]);
    };

    function refresh() {
      var count = progress.count(), next = progress.next(), due = progress.due();
      bar.setAttribute('data-done', count.done);
      bar.setAttribute('data-total', count.total);
      meter.max = Math.max(count.total, 1);
      meter.value = count.done;
      part('[data-ll-progress-count]').textContent = say('progress.count', {done: count.done, total: count.total});
      continueButton.hidden = next === null;
      allDone.hidden = next !== null || count.total === 0;
      reviewButton.hidden = due.length === 0;
      reviewButton.textContent = say('progress.review-due', {count: due.length});
      reviewButton.setAttribute('data-ll-due', due.length);
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
          tell(say('progress.imported', {count: progress.importText(text)}));
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
      if (window.llPracticeQueue) window.llPracticeQueue.clear();  // the exercises from the reviews too
      progress.reset();
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
    function fromLink() {  // a link's progress, on load or pasted into the open page's address
      if (!/(?:^#|&)progress=/.test(window.location.hash)) return;
      try {
        tell(say('progress.imported', {count: progress.importLink(window.location.hash)}));
      } catch (error) {
        refused(error);
      }
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    window.addEventListener('hashchange', fromLink);
    fromLink();
    return {refresh: refresh, say: say};
  };

  function bindAll() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-ll-progress-panel][data-ll-order]'), function (root) {
      if (root.llProgress) return;
      root.llProgress = api.open({order: JSON.parse(root.getAttribute('data-ll-order'))});
      api.panel(root, root.llProgress);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bindAll);
  else bindAll();
})();
