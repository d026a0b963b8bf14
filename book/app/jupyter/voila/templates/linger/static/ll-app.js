/* The app on a phone and a projector. lingerlonger/views/widgets/presenter_toggle.py adds a toggle to each player's step bar
   that marks the player .ll-presenting; this script then asks for full screen, sizes the table
   to fill the room above the step bar, and steps on a clicker's keys (PageDown, PageUp, Space,
   arrows, Home, End; Escape leaves) by pressing the player's buttons. */
(function () {
  /** @type {{[key: string]: string | undefined}} */
  var KEYS = {PageDown: 'next', ArrowRight: 'next', ArrowDown: 'next', ' ': 'next',
              PageUp: 'back', ArrowLeft: 'back', ArrowUp: 'back', Home: 'first', End: 'last'};
  /** @returns {HTMLElement | null} */
  function presenting() { return document.querySelector('.ll-player.ll-presenting'); }

  /** @param {HTMLElement} player */
  function fit(player) {  // the largest table that fits; the layout reflows with its size
    var stage = player.querySelector('.ll-stage');
    /** @type {HTMLElement | null} */
    var table = stage && stage.querySelector('.ll-table');
    if (!stage || !table) return;
    var content = /** @type {HTMLElement} */ (table.parentElement), room = stage.clientHeight, low = 8, high = 48;
    var right = table.offsetLeft + table.offsetWidth - 1;
    Array.prototype.forEach.call(content.children, /** @param {HTMLElement} words */ function (words) {  // words under the table
      if (words !== table && words.offsetLeft < right) {
        room -= words.offsetHeight;
      }
    });
    for (var tries = 0; tries < 9; tries++) {
      var size = (low + high) / 2;
      table.style.fontSize = size + 'px';
      if (table.offsetHeight <= room) low = size; else high = size;
    }
    table.style.fontSize = low + 'px';
  }

  document.addEventListener('keydown', function (e) {
    var player = presenting(), target = /** @type {Element} */ (e.target);
    if (!player || e.defaultPrevented || /^(SELECT|INPUT|TEXTAREA)$/.test(target.tagName)) return;
    // the toggle is on every presented player (presenter_toggle.py)
    if (e.key === 'Escape') { /** @type {HTMLElement} */ (player.querySelector('.ll-present')).click(); e.preventDefault(); return; }
    if (e.key === ' ' && target.tagName === 'BUTTON') return;  // Space presses the focused button
    var button = KEYS[e.key] ? /** @type {HTMLButtonElement | null} */ (player.querySelector('.ll-go-' + KEYS[e.key])) : null;
    if (button) { if (!button.disabled) button.click(); e.preventDefault(); }
  });

  // On a phone the step bar sticks to the bottom: words longer than the room it leaves under
  // the table scroll in that room (and can take the keyboard's focus), never under the bar.
  function keepWordsAboveBar() {
    document.querySelectorAll('.ll-player:not(.ll-presenting)').forEach(function (player) {
      /** @type {HTMLElement | null} */
      var words = player.querySelector('.ll-stage .ll-words');
      var bar = player.querySelector('.ll-controls');
      if (!words || !bar) return;
      words.style.maxHeight = ''; words.style.overflowY = ''; words.removeAttribute('tabindex');
      var room = Math.floor(bar.getBoundingClientRect().top - words.getBoundingClientRect().top);
      if (words.offsetHeight > room && room > 48) {
        words.style.maxHeight = room + 'px'; words.style.overflowY = 'auto'; words.tabIndex = 0;
      }
    });
  }

  // After "It's me, show my cards" (the family table) or "New hand" (the play tab), the cards to
  // play come on screen: the reader's hand on the table and the buttons under it. At 1280×720 the
  // table alone is taller than the room under the tabs, so they would be below the screen.
  // The turn's note is drawn last (widgets/table.py, hand.py): a table drawn anew and a turn's note
  // on it, the new screen is drawn.
  // "Show the answer" under a question (a frame drawn by views/page_replay.py, which has no
  // inline handler): the button gives way to the answer after it, as views/static/replay/replay.js does.
  document.addEventListener('click', function (e) {
    var target = /** @type {Element} */ (e.target);
    /** @type {HTMLElement | null} */
    var button = target.closest && target.closest('[data-ll-reveal]');
    if (!button) return;
    button.hidden = true;
    /** @type {HTMLElement} */ (button.nextElementSibling).hidden = false;  // the answer, drawn after it
  });

  /** @type {{player: Element, table: Element | null} | null} */
  var toShow = null;
  document.addEventListener('click', function (e) {
    var target = /** @type {Element} */ (e.target);
    var button = target.closest && target.closest('.ll-reveal, .ll-deal, .ll-confirm .jupyter-button');
    if (!button) return;
    var player = button.closest('.ll-player');
    if (!player) return;
    if (!button.closest('.ll-confirm')) toShow = {player: player, table: player.querySelector('.ll-stage .ll-table')};
    else if (!button.classList.contains('mod-danger')) toShow = null;  // Cancel: nothing moves
  }, true);
  /** @param {{player: Element, table: Element | null}} shown what the click before it showed */
  function showHand(shown) {
    var player = shown.player, table = player.querySelector('.ll-stage .ll-table');
    var hand = player.querySelector('.ll-stage .ll-seat.ll-viewer');
    /** @type {HTMLElement | null} */
    var row = player.querySelector('.ll-card-row');
    if (table === shown.table || !player.querySelector('.ll-yours') || !hand || !row || !row.offsetParent) return;
    toShow = null;
    var top = hand.getBoundingClientRect().top, bottom = row.getBoundingClientRect().bottom;
    var fits = bottom - top <= window.innerHeight;
    if (bottom > window.innerHeight && fits) row.scrollIntoView({block: 'end'});  // the hand above it
    else if (top < 0 || bottom > window.innerHeight) hand.scrollIntoView({block: 'start'});
  }

  // "Show this moment" in a hand's review (review_box.py) opens the hand in the Scenario tab, at
  // that moment: the focus goes to its what-if's first card once drawn, not left on a button of
  // a tab now hidden.
  var toMoment = false;
  document.addEventListener('click', function (e) {
    var target = /** @type {Element} */ (e.target);
    if (target.closest && target.closest('[data-ll-action=review-show]')) toMoment = true;
  }, true);
  function focusMoment() {
    /** @type {HTMLElement | undefined} */
    var card = Array.prototype.find.call(document.querySelectorAll('.ll-browser .ll-what-if button'),
      /** @param {HTMLElement} button */ function (button) { return button.offsetParent; });
    if (!card) return;
    toMoment = false;
    card.focus();
  }

  // ipywidgets' file button counts the files chosen, "Open a scenario file (0)" before any: the
  // app opens one file at a time and says which in its message line, so the count goes.
  function dropUploadCount() {
    document.querySelectorAll('.ll-app .widget-upload').forEach(function (button) {
      var words = button.lastChild;
      if (words instanceof Text && / \(\d+\)$/.test(words.data)) {
        words.data = words.data.replace(/ \(\d+\)$/, '');
      }
    });
  }

  // A widget's button carries no attribute of ours: its class ll-action-NAME becomes
  // data-ll-action="NAME", the hook outside checks use ("Review" after a hand: review_box.py).
  function actionHooks() {
    document.querySelectorAll('.ll-app [class*="ll-action-"]:not([data-ll-action])').forEach(function (element) {
      var found = /(?:^|\s)ll-action-([\w-]+)/.exec(element.className);
      if (found) element.setAttribute('data-ll-action', found[1]);
    });
  }

  // The voice of a table a widget draws (lingerlonger/views/widgets/table_voice.py): the book's
  // (table-voice.js) on each play tab and family table, its live regions kept. Each turn the
  // widget writes what it has to say in a hidden line (.ll-said); its lines are added to the
  // regions once, as a screen reader hears them, its urgent line after them (sayMoment). The
  // table (the .ll-stage widget, kept while its HTML is drawn anew) takes the focus, named, for
  // the command keys.
  /** @param {Element} player @returns {HTMLElement | null} */
  function said(player) { return player.querySelector('.ll-said [data-ll-said]'); }
  function hearTables() {
    if (!window.llVoice) return;  // table-voice.js not served: the tables are silent, the rest works
    document.querySelectorAll('.ll-player').forEach(function (element) {
      var player = /** @type {HTMLElement} */ (element);
      /** @type {HTMLElement | null} */
      var stage = player.querySelector('.ll-stage');
      var feed = said(player);
      if (!feed || !stage || !player.querySelector('.ll-voice [data-ll-announce]')) return;
      if (!player.llVoice) {
        player.llVoice = window.llVoice(player, function (key) {
          var now = said(player);
          return key === 'ui.keys-help' && now ? now.dataset.llKeysHelp || '' : '';
        });
        stage.tabIndex = 0;
        stage.setAttribute('role', 'group');
      }
      player.llVoice.dress();
      stage.setAttribute('aria-label', feed.dataset.llTableLabel || '');
      stage.lang = feed.lang;
      if (feed.dataset.llSaid === player.llHeard) return;
      player.llHeard = feed.dataset.llSaid;
      var lines = /** @type {string[]} */ (Array.prototype.map.call(feed.querySelectorAll('[data-ll-kind=polite] p'), /** @param {Element} line */ function (line) {
        return line.textContent;
      }));
      var urgent = feed.querySelector('[data-ll-kind=assertive] p');
      player.llVoice.sayMoment(lines, urgent && urgent.textContent, feed.lang);  // the turn after its plays
    });
  }

  // ipywidgets draws a slider's handle (role slider) beside its description, a label tied to
  // nothing: a screen reader would say "slider" alone. The handle is named by its label.
  function nameSliders() {
    document.querySelectorAll('.ll-app .widget-slider').forEach(function (slider) {
      var handle = slider.querySelector('.noUi-handle'), label = slider.querySelector('.widget-label');
      var name = label && (label.textContent || '').trim();
      if (handle && name && handle.getAttribute('aria-label') !== name) handle.setAttribute('aria-label', name);
    });
  }

  // The position editor's deck is one stop of the Tab key, as the book's editor's is: 52 stops
  // took a keyboard reader 76 Tabs to deal 16 cards. One card of each deck keeps its place in
  // the Tab order (the one last reached); the arrows move along the deck, up and down to the
  // next suit's card at the same place, Home and End to its ends.
  /** @param {Element} row @returns {HTMLElement[]} */
  function cardsOf(row) { return Array.prototype.slice.call(row.querySelectorAll('.ll-deck-card')); }
  /** @param {Element} row @returns {Element[]} the suits' rows of the deck that row is in */
  function suitsOf(row) {
    return Array.prototype.filter.call(/** @type {Element} */ (row.parentElement).children,
      /** @param {Element} child */ function (child) { return child.classList.contains('ll-deck'); });
  }
  function deckOneStop() {
    document.querySelectorAll('.ll-app .ll-deck:not(.ll-deck ~ .ll-deck)').forEach(function (first) {
      var cards = suitsOf(first).reduce(/** @param {HTMLElement[]} all @param {Element} row */ function (all, row) {
        return all.concat(cardsOf(row));
      }, []);
      var kept = cards.filter(function (card) { return card.tabIndex === 0 && card.dataset.llRoving; })[0] || cards[0];
      cards.forEach(function (card) { card.dataset.llRoving = '1'; card.tabIndex = card === kept ? 0 : -1; });
    });
  }
  document.addEventListener('keydown', function (e) {
    var target = /** @type {HTMLElement} */ (e.target);
    var card = /** @type {HTMLElement | null} */ (target.closest && target.closest('.ll-app .ll-deck .ll-deck-card'));
    if (!card || e.altKey || e.ctrlKey || e.metaKey) return;
    var row = /** @type {Element} */ (card.closest('.ll-deck')), rows = suitsOf(row);
    var all = rows.reduce(/** @param {HTMLElement[]} found @param {Element} r */ function (found, r) {
      return found.concat(cardsOf(r));
    }, []);
    var at = all.indexOf(card), place = cardsOf(row).indexOf(card);
    /** @param {number} step @returns {HTMLElement | undefined} */
    function across(step) {  // the card at the same place of the next suit that has cards
      for (var r = rows.indexOf(row) + step; r >= 0 && r < rows.length; r += step) {
        var there = cardsOf(rows[r]);
        if (there.length) return there[Math.min(place, there.length - 1)];
      }
      return undefined;
    }
    /** @type {{[key: string]: () => HTMLElement | undefined}} */
    var moves = {ArrowRight: function () { return all[at + 1]; }, ArrowLeft: function () { return all[at - 1]; },
                 ArrowDown: function () { return across(1); }, ArrowUp: function () { return across(-1); },
                 Home: function () { return all[0]; }, End: function () { return all[all.length - 1]; }};
    if (!Object.prototype.hasOwnProperty.call(moves, e.key)) return;
    e.preventDefault();
    e.stopPropagation();  // not the presenter view's keys
    var to = moves[e.key]();
    if (!to) return;
    card.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }, true);

  // ipywidgets' tabs are role=tab, their panels nothing: each panel becomes the tabpanel its
  // tab controls and is named by, so a screen reader says which tab's content it is in.
  function tabPanels() {
    document.querySelectorAll('.ll-app .jupyter-widget-TabPanel-tabContents').forEach(function (contents) {
      var bar = /** @type {Element} */ (contents.parentElement).querySelector('[role=tablist]');
      var tabs = bar ? bar.querySelectorAll('[role=tab]') : [];
      Array.prototype.forEach.call(contents.children, /** @param {Element} panel @param {number} nth */ function (panel, nth) {
        var tab = tabs[nth];
        if (!tab || !tab.id || panel.getAttribute('aria-labelledby') === tab.id) return;
        panel.id = panel.id || 'll-panel-' + tab.id;
        panel.setAttribute('role', 'tabpanel');
        panel.setAttribute('aria-labelledby', tab.id);
        tab.setAttribute('aria-controls', panel.id);
      });
    });
  }

  // A message line (controls._message_line: what the app answers an action, an error, the Learn
  // tab's verdict, the position editor's problems) is drawn anew with each message, and a live
  // region drawn with its words in it is seldom read. Its words are said, each time they
  // change, by two regions of the page made here at the start, as a table's voice says its
  // plays: an error or a refusal at once (assertive), the rest politely.
  /** @type {{[kind: string]: HTMLElement}} */
  var messageVoice = {};
  ['polite', 'assertive'].forEach(function (kind) {
    var region = document.createElement('div');
    region.className = 'll-announce';
    region.setAttribute('aria-live', kind);
    region.setAttribute('data-ll-message-voice', kind);
    document.body.appendChild(region);
    messageVoice[kind] = region;
  });
  function sayMessages() {
    document.querySelectorAll('.ll-app .ll-message-line').forEach(function (element) {
      var line = /** @type {HTMLElement} */ (element);
      var words = (line.textContent || '').trim().replace(/\s+/g, ' ');
      if (words === (line.llSaid || '')) return;
      line.llSaid = words;
      if (!words || !line.offsetParent) return;  // cleared, or in a tab not open
      var region = messageVoice[line.querySelector('.ll-error, .ll-refused') ? 'assertive' : 'polite'];
      var said = document.createElement('p');
      said.textContent = words;
      said.lang = /** @type {HTMLElement} */ (line.closest('[lang]') || document.documentElement).lang;
      region.appendChild(said);
      while (region.firstElementChild && region.childElementCount > 3) region.removeChild(region.firstElementChild);
    });
  }

  // Focus never falls to the page: a widget drawn anew (the family table's start, "It's me", a
  // card played, a hand's end) removes, hides or disables the button that had the focus. It goes
  // to the next thing the reader wants in the same part of the app: the pass screen's "It's me",
  // then a card to play, then the table, then the part's first button.
  /** @type {HTMLElement | null} */
  var lastFocused = null;
  /** @type {Element | null} */
  var lastPart = null;
  var PARTS = '.ll-family-table, .ll-player, [role=tabpanel], .ll-app';
  var NEXT = ['.ll-reveal', '.ll-card-row button', '.ll-stage[tabindex]', '.ll-end button',
    'button:not([disabled]), select:not([disabled]), input:not([disabled])'];
  document.addEventListener('focusin', function (e) {
    var target = /** @type {HTMLElement} */ (e.target);
    if (target === document.body || !target.closest) return;
    lastFocused = target;
    lastPart = target.closest(PARTS);
  });
  // A reader who clicks the page itself puts the focus there: it is theirs, and stays.
  document.addEventListener('pointerdown', function () { lastFocused = null; }, true);
  /** @param {HTMLElement} el */
  function usable(el) {  // on screen, seen (not visibility: hidden), and not disabled
    return !!el.offsetParent && !(/** @type {HTMLButtonElement} */ (el)).disabled
      && (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  }
  function keepFocus() {
    // lost: on <body>, or still on a button just hidden or disabled (it keeps the focus until
    // the next frame, and then <body> has it with no change to see)
    var at = /** @type {HTMLElement | null} */ (document.activeElement);
    if (at && at !== document.body && at.isConnected && usable(at)) return;
    if (!lastFocused) return;
    /** @type {Element[]} */
    var parts = [];  // the part the focus was in and those around it; drawn anew, the app's own
    for (var up = lastPart; up; up = up.parentElement && up.parentElement.closest(PARTS)) parts.push(up);
    parts.push(document.querySelector('.ll-app') || document.body);
    for (var p = 0; p < parts.length; p++) {
      var part = /** @type {HTMLElement} */ (parts[p]);
      if (!part.isConnected || !part.offsetParent) continue;
      for (var i = 0; i < NEXT.length; i++) {
        /** @type {HTMLButtonElement | undefined} */
        var next = Array.prototype.find.call(part.querySelectorAll(NEXT[i]), usable);
        if (next) { next.focus({preventScroll: true}); return; }
      }
    }
  }

  /** @type {HTMLElement | null} */
  var shown = null;
  var pending = 0;
  function update() {
    pending = 0;
    keepFocus();
    dropUploadCount();
    actionHooks();
    tabPanels();
    sayMessages();
    hearTables();
    nameSliders();
    deckOneStop();
    if (toShow) showHand(toShow);
    if (toMoment) focusMoment();
    var player = presenting();
    if (player !== shown) {
      document.documentElement.classList.toggle('ll-presenting-page', !!player);
      if (player) /** @type {HTMLElement} */ (player.querySelector('.ll-go-next')).focus();  // Space then presses Next, not the toggle
      if (player && player.requestFullscreen && !document.fullscreenElement) {
        player.requestFullscreen().catch(function () { /* refused: the view still fills the window */ });
      } else if (!player && document.fullscreenElement) {
        document.exitFullscreen().catch(function () {});
      }
      if (!player && shown) shown.querySelectorAll('.ll-table').forEach(function (t) { /** @type {HTMLElement} */ (t).style.fontSize = ''; });
      shown = player;
    }
    if (player) fit(player);
    keepWordsAboveBar();
  }
  function soon() { if (!pending) pending = requestAnimationFrame(update); }
  new MutationObserver(soon).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                     attributeFilter: ['class', 'disabled', 'hidden']});
  document.addEventListener('focusout', function (e) { if (!e.relatedTarget) soon(); });
  window.addEventListener('resize', soon);
  window.addEventListener('scroll', soon, {passive: true});
  document.addEventListener('fullscreenchange', function () {
    var player = presenting();
    if (!document.fullscreenElement && player) /** @type {HTMLElement} */ (player.querySelector('.ll-present')).click();
    soon();
  });

  // A card played from the keyboard: its button may be hidden once played (a smaller hand), or the
  // whole row while the computers play, and the focus would fall to <body>. It comes back to the
  // row's first card once the row is drawn again, unless the reader has moved elsewhere since.
  /** @type {Element | null} */
  var playedFrom = null;
  document.addEventListener('keydown', function (e) {
    var target = /** @type {Element} */ (e.target);
    var row = (e.key === 'Enter' || e.key === ' ') && target.closest && target.closest('.ll-card-row');
    if (row) playedFrom = row.closest('.ll-player');
  }, true);
  document.addEventListener('focusin', function (e) {
    var target = /** @type {Element} */ (e.target);
    if (!target.closest || !target.closest('.ll-card-row')) playedFrom = null;
  });
  new MutationObserver(function () {
    var at = /** @type {HTMLElement | null} */ (document.activeElement);  // a button just hidden keeps the focus until the next frame
    if (!playedFrom) { keepFocus(); return; }  // a widget hidden by its style too
    if (!playedFrom || (at && at !== document.body && at.offsetParent)) return;
    /** @type {HTMLElement | undefined} */
    var card = Array.prototype.find.call(playedFrom.querySelectorAll('.ll-card-row button'),
      /** @param {HTMLElement} button */ function (button) { return button.offsetParent; });
    if (card) card.focus();
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style']});
})();
