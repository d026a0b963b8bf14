/* The book's position editor (lingerlonger/views/live_mode/position_editor.py draws it; book/_ext/site_live.py
   serves this file as ll-position.js, after ll-live.js). Each tap or choice goes to live mode's
   worker (llLiveKit.call), which answers with the editor's new HTML and its problems; this file
   only shows them. "Play from here" shows the position as a replay and takes it live at once
   (llLive: play a card, the coach, Save as lesson); "Save position" downloads its file. */
(function () {
  // The element keeping the focus across a new body: the same menu, box or place, or the card
  // now at the same spot of the deck or of the table.
  var FOCUS = ['data-ll-field', 'data-ll-place', 'data-ll-deck-card', 'data-ll-placed-card'];

  /** @param {HTMLElement} root an editor, drawn whole by templates/position_editor.html */
  function editor(root) {
    var kit = window.llLiveKit;
    var setup = /** @type {HTMLElement} */ (root.querySelector('.ll-position-setup'));
    var problems = /** @type {HTMLElement} */ (root.querySelector('.ll-position-problems'));
    var status = /** @type {HTMLElement} */ (root.querySelector('.ll-position-status'));
    var playing = /** @type {HTMLElement} */ (root.querySelector('.ll-position-play'));
    var out = /** @type {HTMLElement} */ (root.querySelector('.ll-position-out'));
    /** @type {Promise<void>} */
    var queue = Promise.resolve();
    var started = false;
    function body() { return /** @type {HTMLElement} */ (root.querySelector('.ll-position-body')); }
    /** @param {string} name */
    function action(name) { return /** @type {HTMLButtonElement} */ (root.querySelector('[data-ll-action=position-' + name + ']')); }

    // One call at a time, each sending the position shown when it runs: quick taps add up.
    /** @param {keyof LiveAnswers} name @param {{[arg: string]: unknown}} args @param {((result: LiveAnswer) => void) | null} [then]
        @param {string} [placing] the deck's card this call places, said once placed */
    function ask(name, args, then, placing) {
      queue = queue.then(function () {
        if (!kit) throw new Error('no live mode on this page');
        if (!started) status.textContent = root.dataset.starting || '';
        args.state = body().dataset.llState;
        args.lang = root.dataset.lang;
        return kit.call(name, args);
      }).then(function (result) {
        started = true;
        status.textContent = result.refused || '';
        if (result.html) shown(result, placing);
        else if (!result.refused && then) then(result);
      }).catch(function (error) {
        status.textContent = root.dataset.failed || '';
        status.dataset.error = String(error && error.message || error);
        body().querySelectorAll('.ll-position-pending').forEach(function (card) {
          card.classList.remove('ll-position-pending');
        });
      });
    }

    /** @typedef {{selector?: string, all?: string, at?: number}} FocusKey */
    /** @param {Element} old @returns {FocusKey | null} */
    function focusKey(old) {
      var focused = /** @type {HTMLInputElement | null} */ (document.activeElement);
      if (!focused || !old.contains(focused)) return null;
      if (focused.tagName === 'SUMMARY') return {selector: 'summary'};
      for (var i = 0; i < FOCUS.length; i++) {
        var name = FOCUS[i], value = focused.getAttribute(name);
        if (value === null) continue;
        if (/card$/.test(name)) {
          return {all: '[' + name + ']', at: Array.prototype.indexOf.call(old.querySelectorAll('[' + name + ']'), focused)};
        }
        var selector = '[' + name + '="' + CSS.escape(value) + '"]';
        if (focused.type === 'checkbox') selector += '[value="' + CSS.escape(focused.value) + '"]';
        return {selector: selector};
      }
      return null;
    }
    /** @param {FocusKey | null} key @param {Element} fresh */
    function refocus(key, fresh) {
      if (!key) return;
      /** @type {HTMLElement | null} */
      var found = key.selector ? fresh.querySelector(key.selector) : null;
      if (key.all) {
        /** @type {NodeListOf<HTMLElement>} */
        var cards = fresh.querySelectorAll(key.all);
        found = cards[Math.min(/** @type {number} */ (key.at), cards.length - 1)] || fresh.querySelector('[data-ll-place][aria-pressed=true]');
      }
      if (found) found.focus();
    }
    /** @param {LiveAnswer} result @param {string} [placing] */
    function shown(result, placing) {  // the new body, with the folds kept open and the focus kept
      var old = body(), key = focusKey(old);
      /** @type {{[fold: string]: boolean}} */
      var open = Object.create(null);
      old.querySelectorAll('details[data-ll-fold]').forEach(function (fold) {
        open[String(/** @type {HTMLDetailsElement} */ (fold).dataset.llFold)] = /** @type {HTMLDetailsElement} */ (fold).open;
      });
      var made = document.createElement('template');
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the editor's body, position_editor.py's own template
      made.innerHTML = result.html;
      var fresh = /** @type {Element} */ (made.content.firstElementChild);  // the template's one body
      fresh.querySelectorAll('details[data-ll-fold]').forEach(function (element) {
        var fold = /** @type {HTMLDetailsElement} */ (element);
        if (open[String(fold.dataset.llFold)]) fold.open = true;
      });
      old.replaceWith(fresh);
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the editor's problems, position_editor.py's own template
      made.innerHTML = result.problems;  // the status box is rewritten only when it says something new
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the editor's problems, position_editor.py's own template
      if (made.content.textContent !== problems.textContent) problems.innerHTML = result.problems;
      action('play').disabled = action('save').disabled = action('task').disabled = !result.ok;
      refocus(key, fresh);
      rove(fresh);
      if (placing) told(fresh, placing);
    }

    // The deck is one stop of the Tab key (a roving tabindex): the arrows move through its
    // cards, left and right along a suit, up and down to the next suit's card at the same place.
    /** @param {Element} fresh */
    function rove(fresh) {
      var cards = /** @type {NodeListOf<HTMLElement>} */ (fresh.querySelectorAll('[data-ll-deck-card]'));
      var active = document.activeElement, current = cards[0];
      cards.forEach(function (card) { card.tabIndex = -1; if (card === active) current = card; });
      if (current) current.tabIndex = 0;
    }
    setup.addEventListener('keydown', function (e) {
      var target = /** @type {HTMLElement} */ (e.target);
      var card = /** @type {HTMLElement | null} */ (target.closest && target.closest('[data-ll-deck-card]'));
      if (!card || e.altKey || e.ctrlKey || e.metaKey) return;
      var row = /** @type {HTMLElement} */ (card.parentNode);
      /** @type {HTMLElement[]} */
      var rows = Array.prototype.slice.call(/** @type {HTMLElement} */ (row.parentNode).querySelectorAll('.ll-position-suit'));
      /** @type {HTMLElement[]} */
      var all = Array.prototype.slice.call(body().querySelectorAll('[data-ll-deck-card]'));
      /** @type {HTMLElement[]} */
      var along = Array.prototype.slice.call(row.querySelectorAll('[data-ll-deck-card]'));
      var at = all.indexOf(card), place = along.indexOf(card);
      /** @type {HTMLElement | null | undefined} */
      var to = null;
      /** @param {number} step @returns {HTMLElement | null} */
      function inRow(step) {  // the card at the same place of the next suit that has cards
        for (var r = rows.indexOf(row) + step; r >= 0 && r < rows.length; r += step) {
          var there = /** @type {NodeListOf<HTMLElement>} */ (rows[r].querySelectorAll('[data-ll-deck-card]'));
          if (there.length) return there[Math.min(place, there.length - 1)];
        }
        return null;
      }
      if (e.key === 'ArrowRight') to = all[at + 1];
      else if (e.key === 'ArrowLeft') to = all[at - 1];
      else if (e.key === 'ArrowDown') to = inRow(1);
      else if (e.key === 'ArrowUp') to = inRow(-1);
      else if (e.key === 'Home') to = all[0];
      else if (e.key === 'End') to = all[all.length - 1];
      else return;
      e.preventDefault();
      if (!to) return;
      card.tabIndex = -1;
      to.tabIndex = 0;
      to.focus();
    });
    // A card placed is said: its name, then where it went ("queen of diamonds: Ana's hand, 5 cards").
    /** @param {Element} fresh @param {string} name */
    function told(fresh, name) {
      var placed = fresh.querySelector('[data-ll-placed-card="' + CSS.escape(name) + '"]');
      var where = placed && placed.closest('.ll-position-place');
      if (!where) return;
      var face = /** @type {Element} */ (placed).querySelector('[aria-label]');
      var count = where.querySelector('.ll-position-count .ll-sr') || where.querySelector('.ll-position-count');
      status.textContent = (face ? face.getAttribute('aria-label') : name) + ': ' + where.getAttribute('aria-label')
        + (count ? ', ' + (count.textContent || '').replace(/\s+/g, ' ').trim() : '');
    }

    setup.addEventListener('click', function (e) {
      var target = /** @type {Element} */ (e.target);
      /** @type {HTMLElement | null} */
      var card = target.closest('[data-ll-deck-card],[data-ll-placed-card]');
      if (card) {
        if (card.classList.contains('ll-position-pending')) return;  // a double tap is one tap
        card.classList.add('ll-position-pending');
        return ask('position_change', {do: 'click', value: card.dataset.llDeckCard || card.dataset.llPlacedCard}, null,
          card.dataset.llDeckCard);
      }
      /** @type {HTMLElement | null} */
      var place = target.closest('[data-ll-place]');
      if (place) ask('position_change', {do: 'aim', value: place.dataset.llPlace});
    });
    setup.addEventListener('change', function (e) {
      /** @type {HTMLInputElement | null} */
      var field = /** @type {Element} */ (e.target).closest('[data-ll-field]');
      if (field) ask('position_change', {do: field.dataset.llField, value: field.value, on: field.checked});
    });
    action('clear').onclick = function () { ask('position_change', {do: 'clear'}); };
    action('save').onclick = function () {
      ask('position_save', {site: kit.siteRoot()}, function (result) { kit.download(result.text, result.name); });
    };
    action('task').onclick = function () {  // "Make this a task": the same file, with a task for the seat to act
      ask('position_task', {site: kit.siteRoot()}, function (result) { kit.download(result.text, result.name); });
    };
    action('play').onclick = function () { ask('position_play', {}, play); };
    action('edit').onclick = function () {
      out.replaceChildren();
      playing.hidden = true;
      setup.hidden = false;
      action('play').focus();
    };

    rove(body());

    /** @param {LiveAnswer} result */
    function play(result) {  // the position's replay, taken live at once
      // eslint-disable-next-line no-unsanitized/property -- the worker's answer: the position's replay, the package's own templates
      out.innerHTML = result.replay;
      setup.hidden = true;
      playing.hidden = false;
      window.llReplayAll();
      var player = /** @type {Element} */ (out.querySelector('.ll-replay'));
      /** @type {HTMLElement} */ (player.querySelector('[data-ll-action=live]')).click();
      playing.scrollIntoView({block: 'start'});  // the way back to the setup, then the table
      /** @type {HTMLElement} */ (player.querySelector('.ll-stage')).focus({preventScroll: true});  // "Play from here" is hidden: the table has the focus
    }
  }

  function start() { document.querySelectorAll('[data-ll-position-editor]').forEach(function (root) { editor(/** @type {HTMLElement} */ (root)); }); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
