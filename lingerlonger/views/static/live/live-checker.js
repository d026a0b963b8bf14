/* Live mode's page side, part (see live-kit.js): the book's scenario editor. */
(function () {
  var kit = window.llLiveKit;
  if (kit.offline) {  // opened as a file: the editor says the site must be served
    document.addEventListener('DOMContentLoaded', function () {  // after ll-offline.js
      document.querySelectorAll('[data-ll-checker] .ll-checker-status').forEach(function (place) { kit.needsServer(place); });
    });
    return;
  }
  var bounded = kit.bounded, CHECK_LIMIT_MS = kit.CHECK_LIMIT_MS, share = kit.share, LESSON = kit.LESSON;
  var unpackLesson = kit.unpackLesson, primary = kit.primary, pagesByLanguage = kit.pagesByLanguage;
  var lessonLanguage = kit.lessonLanguage;

  // The scenario editor's text box (live.py's checker_html): line numbers in a gutter that
  // scrolls with the text, and a band behind the line of a mistake, its column marked. The
  // text never wraps, so line N is row N.
  /** @param {HTMLElement} form @param {HTMLTextAreaElement} text */
  function lineBox(form, text) {  // its parts: templates/checker.html's
    var box = /** @type {HTMLElement} */ (form.querySelector('.ll-editor-box'));
    var numbers = /** @type {HTMLElement} */ (form.querySelector('.ll-editor-numbers'));
    var band = /** @type {HTMLElement} */ (form.querySelector('.ll-editor-band'));
    var mark = /** @type {HTMLElement} */ (band.firstElementChild);
    var counted = 1;
    /** @type {{line: number, left: number, width: number} | null} */
    var marked = null;
    var ruler = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    /** @param {string} value */
    function px(value) { return parseFloat(value) || 0; }
    /** @param {string} prefix */
    function widthOf(prefix) {  // what the text box's font needs for these characters
      var style = getComputedStyle(text);
      ruler.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
      return ruler.measureText(prefix).width;
    }
    /** @param {number} line @param {number} column */
    function before(line, column) {  // the line's text up to the column (characters, as Python counts)
      return Array.from(text.value.split('\n')[line - 1] || '').slice(0, column - 1).join('');
    }
    function place() {  // the band follows the text's scrolling; hidden when its line is not in view
      numbers.style.transform = 'translateY(' + -text.scrollTop + 'px)';
      if (!marked) return;
      var style = getComputedStyle(text), high = px(style.lineHeight);
      var top = text.offsetTop + px(style.borderTopWidth) + px(style.paddingTop)
        + (marked.line - 1) * high - text.scrollTop;
      band.hidden = top + high <= text.offsetTop || top >= text.offsetTop + text.clientHeight;
      band.style.top = top + 'px';
      band.style.height = high + 'px';
      var left = text.offsetLeft + px(style.borderLeftWidth) + px(style.paddingLeft) + marked.left - text.scrollLeft;
      mark.hidden = left < text.offsetLeft;
      mark.style.left = left + 'px';
      mark.style.width = marked.width + 'px';
    }
    text.addEventListener('scroll', place);
    if (window.ResizeObserver) new ResizeObserver(place).observe(text);
    return {
      count: function () {  // the gutter's numbers, redrawn when the text's lines change
        var lines = text.value.split('\n').length;
        if (lines === counted) return;
        counted = lines;
        var all = [];
        for (var i = 1; i <= lines; i++) all.push(i);
        numbers.textContent = all.join('\n');
        box.style.setProperty('--ll-digits', String(Math.max(2, String(lines).length)));
        place();
      },
      /** @param {number | null | undefined} line @param {number} [column] */
      mark: function (line, column) {
        if (line) {  // measured once: the band then only follows the scrolling
          var start = before(line, Number(column)), next = before(line, Number(column) + 1);
          marked = {line: line, left: widthOf(start), width: Math.max(widthOf(next.slice(start.length) || ' '), 6)};
        } else marked = null;
        band.classList.toggle('ll-editor-error-line', !!marked);
        if (marked) band.dataset.llLine = String(line); else { delete band.dataset.llLine; band.hidden = true; }
        place();
      },
      /** @param {number} line @param {number} column */
      go: function (line, column) {  // the caret at the mistake, its line in view: only when asked
        var lines = text.value.split('\n'), at = 0;
        for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
        at += before(line, column).length;
        text.focus({preventScroll: true});
        text.setSelectionRange(at, at);
        var high = px(getComputedStyle(text).lineHeight), left = widthOf(before(line, column));
        text.scrollTop = Math.max(0, (line - 1) * high - text.clientHeight / 3);
        text.scrollLeft = left < text.clientWidth * 0.8 ? 0 : left - text.clientWidth / 2;
        box.scrollIntoView({block: 'nearest'});
        place();
      }
    };
  }

  // The book's scenario editor (live.py's checker_html): the text is checked a moment after
  // each change (one check at a time; an answer for older text is dropped), a mistake is
  // marked at its line and column, and the replay beside the text is drawn again at the step
  // it showed. While the text is broken, the last good replay stays, dimmed, under the error.
  var EDIT_PAUSE_MS = 400;
  /** @param {HTMLElement} form */
  function checker(form) {  // its parts: templates/checker.html's
    var text = /** @type {HTMLTextAreaElement} */ (form.querySelector('textarea'));
    var file = /** @type {HTMLInputElement} */ (form.querySelector('input[type=file]'));
    var status = /** @type {HTMLElement} */ (form.querySelector('.ll-checker-status'));
    var out = /** @type {HTMLElement} */ (form.querySelector('.ll-checker-out'));
    var words = form.dataset, name = 'scenario.yaml', size = 0, link = 0;  // link: the text came from a shared link
    var limit = Number(text.getAttribute('maxlength'));
    var lines = lineBox(form, text);
    var problem = document.createElement('div'), shown = document.createElement('div');
    problem.className = 'll-editor-problem';
    problem.id = text.id + '-problem';
    shown.className = 'll-editor-replay';
    // The text box is told of its mistake, and where it is written (WCAG 3.3.1).
    /** @param {boolean} wrong */
    function flagged(wrong) {
      if (wrong) { text.setAttribute('aria-invalid', 'true'); text.setAttribute('aria-describedby', problem.id); }
      else { text.removeAttribute('aria-invalid'); text.removeAttribute('aria-describedby'); }
    }
    var version = 0, busy = false, again = false, step = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    var pause;
    out.addEventListener('ll-step', function (e) { step = /** @type {CustomEvent<ReplayStep>} */ (e).detail.at; }, true);  // the replay's own event
    /** @param {LiveAnswer} result */
    function showing(result) {
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: check_file's error, the package's own autoescaped template
      problem.innerHTML = result.error || result.located || '';
      flagged(!!result.error);
      lines.mark(result.line, result.column);
      if (result.error) {
        status.textContent = '';
        if (shown.childElementCount) {
          var note = document.createElement('p');
          note.className = 'll-editor-stale-note';
          note.textContent = words.stale || '';
          problem.append(note);
        }
        shown.classList.add('ll-editor-stale');
        shown.inert = true;  // out of date: seen, not used
      } else {
        status.textContent = result.message;
        shown.classList.remove('ll-editor-stale');
        shown.inert = false;
        // eslint-disable-next-line no-unsanitized/property -- the worker's answer: check_file's replay, the package's own templates
        shown.innerHTML = result.html;
      }
      out.replaceChildren.apply(out, [problem, shown].filter(function (part) { return part.childElementCount; }));
      if (!result.error && window.llReplayAll) window.llReplayAll();  // once in the page
    }
    function run() {
      clearTimeout(pause);
      if (busy) { again = true; return; }
      busy = true;
      var ticket = version;
      if (!kit.started()) status.textContent = words.starting || '';
      bounded('check_file', {text: text.value, name: name, size: size, lang: words.lang, at: step, link: link}, CHECK_LIMIT_MS)
        .then(function (result) { if (ticket === version) showing(result); })
        .catch(function (error) {
          if (ticket === version) status.textContent = (error.message === 'slow' ? words.slow : words.failed) || '';
        })
        .finally(function () {
          busy = false;
          if (again) { again = false; run(); }
        });
    }
    /** @param {string} content @param {string} named @param {number} bytes @param {boolean} [linked] */
    function edited(content, named, bytes, linked) {  // another file in the box: checked at once, from its start
      text.value = content;
      name = named;
      size = bytes;
      link = linked ? 1 : 0;
      step = 0;
      version++;
      lines.count();
      run();
    }
    /** @type {HTMLElement} */ (form.querySelector('[data-ll-action=check]')).onclick = run;
    // "Make this a task": a task for the seat to act at the step shown, put in the box and checked.
    /** @type {HTMLElement} */ (form.querySelector('[data-ll-action=make-task]')).onclick = function () {
      if (!text.value.trim()) return;
      bounded('make_task', {text: text.value, name: name, lang: words.lang, at: step}, CHECK_LIMIT_MS)
        .then(function (result) {
          // eslint-disable-next-line no-unsanitized/property -- the worker's answer: make_task's error, the package's own autoescaped template
          if (result.error) { problem.innerHTML = result.error; flagged(true); out.prepend(problem); return; }
          edited(result.text, name, 0);
        })
        .catch(function () { status.textContent = words.failed || ''; });
    };
    out.addEventListener('click', function (e) {
      var go = /** @type {Element} */ (e.target).closest('[data-ll-action=go-to-error]');
      /** @type {HTMLElement | null} */
      var where = go && go.closest('[data-ll-error-line]');
      if (where) lines.go(Number(where.dataset.llErrorLine), Number(where.dataset.llErrorColumn));
    });
    var place = document.createElement('div');
    place.className = 'll-checker-share';
    status.after(place);
    /** @type {HTMLElement} */ (form.querySelector('[data-ll-action=share]')).onclick = function () {
      if (!text.value.trim()) return;
      // the form's data-share-* attributes (checker.html)
      share(text.value, location.href.split('#')[0], /** @type {ShareWords} */ (/** @type {unknown} */ (words)), place, status)
        .catch(function () { status.textContent = words.failed || ''; });
    };
    // A shared link (#lesson=...): its lesson in the box, checked and replayed at once, on the
    // page in the lesson's language, with a link to the reader's (which adds &lang=, their pick).
    function opened() {
      if (location.hash.indexOf(LESSON) !== 0) return;
      var parts = location.hash.slice(LESSON.length).split('&lang='), packed = parts[0];
      if (parts[1] !== undefined && !/^[a-z]{2}$/.test(parts[1])) parts.length = 1;  // not a language: left out
      var pages = pagesByLanguage(), shownIn = primary(document.documentElement.lang);
      version++;  // a check under way is for the text before
      place.replaceChildren();
      out.replaceChildren();
      shown.replaceChildren();
      lines.mark(null);
      if (packed.length > Number(words.shareLimit)) { status.textContent = words.shareTooLong || ''; return; }
      unpackLesson(packed, limit).then(function (got) {
        var lang = parts[1] || lessonLanguage(got.text, pages.reader);  // several languages: the reader's
        if (lang !== shownIn && pages[lang]) {  // a reader's pick (&lang=) goes along, so it holds
          location.replace(pages[lang] + LESSON + packed + (parts[1] ? '&lang=' + parts[1] : ''));
          return;
        }
        var readIn = JSON.parse(words.readIn || '{}');
        if (pages.reader !== shownIn && Object.prototype.hasOwnProperty.call(readIn, pages.reader)) {
          var other = document.createElement('a');
          other.href = pages[pages.reader] + LESSON + packed + '&lang=' + pages.reader;
          other.lang = other.hreflang = pages.reader;
          other.dataset.llReaderLanguage = '';
          other.textContent = readIn[pages.reader];
          place.append(other);
        }
        edited(got.text, 'lesson.yaml', got.size, true);
        form.scrollIntoView({block: 'start'});  // the lesson, not the page's top, is what the link points to
        text.focus({preventScroll: true});
      }, function () { status.textContent = words.shareBad || ''; });
    }
    window.addEventListener('hashchange', opened);
    opened();
    text.addEventListener('input', function () {
      name = 'scenario.yaml';
      size = 0;
      link = 0;
      version++;
      lines.count();
      clearTimeout(pause);
      pause = setTimeout(run, EDIT_PAUSE_MS);
    });
    file.onchange = function () {
      var chosen = file.files && file.files[0];
      if (!chosen) return;
      // Never more than the limit read from the device: a larger file is refused by its size.
      var named = chosen.name, bytes = chosen.size;
      chosen.slice(0, limit + 1).text().then(function (content) { edited(content, named, bytes); });
    };
  }
  function start() { document.querySelectorAll('[data-ll-checker]').forEach(function (form) { checker(/** @type {HTMLElement} */ (form)); }); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
