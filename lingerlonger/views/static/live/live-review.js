/* Live mode's page side, part (see live-kit.js): the review of a finished hand. The worker
   reviews one of the reader's choices per call (endpoints.review), so the progress bar moves
   between calls; the last call brings the panel (views/review_panel.py), whose "Show this
   moment" buttons the live player opens as a table with a what-if (live-player.js), and whose
   "Practise this" buttons keep the moment as an exercise of the reader's (practice_queue.js). */
(function () {
  var kit = window.llLiveKit;
  if (kit.offline) return;

  // place: where the progress, then the panel, go; args: {hand} or {branch}, and lang;
  // o.label: the progress bar's name; o.answer(result): false (and said) for a refusal;
  // o.open(review, step, name): a moment's button pressed (name: the moment in words, to be said); o.announce(text): said aloud;
  // o.failed(error): a call the worker could not answer (after the panel is shown).
  // A promise, fulfilled once the panel is shown (rejected if the worker failed). Once the
  // place is cleared (a new hand dealt meanwhile), the review stops: the worker is left free.
  kit.review = function (place, args, o) {
    var holder = document.createElement('div');
    var box = document.createElement('div'), said = document.createElement('span');
    var bar = document.createElement('progress');
    box.className = 'll-review-progress';
    box.dataset.llReviewProgress = '';
    said.id = 'll-review-said-' + Math.random().toString(36).slice(2);
    said.textContent = o.label;
    bar.setAttribute('aria-labelledby', said.id);
    box.append(said, bar);  // no value yet: the bar says it is busy until the first choice is known
    holder.append(box);
    place.replaceChildren(holder);
    o.announce(o.label);
    /** @param {LiveAnswer} result @returns {LiveAnswer | null | Promise<LiveAnswer | null>} */
    function step(result) {
      if (!holder.isConnected || !o.answer(result)) return null;
      if (result.html !== undefined) return shown(result);
      bar.max = Math.max(result.total, 1);
      bar.value = result.done;
      said.textContent = result.said;
      return kit.call('review', {review: result.review, lang: args.lang}).then(step);
    }
    /** @param {LiveAnswer} result */
    function shown(result) {
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the review panel, views/review_panel.py's own template
      holder.innerHTML = result.html;
      var panel = /** @type {HTMLElement} */ (holder.querySelector('[data-ll-review]'));  // review_panel.html's
      panel.tabIndex = -1;  // the reader is taken to the review, and hears its summary
      panel.focus({preventScroll: true});
      panel.scrollIntoView({block: 'nearest'});
      o.announce(/** @type {Element} */ (holder.querySelector('[data-ll-review-summary]')).textContent || '');
      panel.addEventListener('click', function (e) {
        var target = /** @type {Element} */ (e.target);
        /** @type {HTMLElement | null} */
        var pressed = target.closest('[data-ll-action=review-open]');
        if (pressed) o.open(result.review, Number(pressed.dataset.llStep), pressed.dataset.llLabel || '');
        /** @type {HTMLElement | null} */
        var practise = target.closest('[data-ll-action=review-practise]');
        if (practise) keep(result.review, practise);
      });
      return result;
    }
    // "Practise this": the worker draws the moment as a Learn task, which this browser keeps in
    // the reader's queue (practice_queue.js); the Learn page shows it under "From your reviews".
    // What happened is written under the button and said.
    /** @param {unknown} review the worker's @param {HTMLElement} button */
    function keep(review, button) {
      return kit.call('practise', {review: review, step: Number(button.dataset.llStep), lang: args.lang})
        .then(function (answer) {
          if (!o.answer(answer)) return;
          var queue = window.llPracticeQueue;
          var kept = queue ? queue.add(/** @type {PractiseAnswer} */ (answer)) : 'refused';
          var note = /** @type {ParentNode} */ (button.parentNode).querySelector('.ll-review-kept') || document.createElement('span');
          note.className = 'll-review-kept';
          note.textContent = kept === 'refused' ? answer.refused : answer.said;
          button.after(note);
          button.dataset.llKept = kept;
          o.announce(note.textContent);
        }).catch(o.failed);
    }
    return kit.call('review', args).then(step);
  };
})();
