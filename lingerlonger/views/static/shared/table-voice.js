/* The table's voice, for a player who cannot see it or uses no mouse (shipped after replay.js,
   page_replay.REPLAY_JS). Each .ll-replay has two live regions, [data-ll-announce]: "polite"
   says every line of the narration as the table changes, then "your turn" or the hand's end
   (sayMoment); "assertive" a refusal, or a turn with nothing said before it. While the table
   (its .ll-stage) has the focus, single keys ask for one thing at a time, as Lichess's blind
   mode does; the answers are written with the table (words/table_keys.py, its data-ll-keys) in
   the reader's language. A box in the options turns the keys off (WCAG 2.1.4), and the choice
   is kept. The app's play tab and family table use it too
   (book/app/jupyter/voila/templates/linger/static/ll-app.js). */
window.llVoice = window.llVoice || function (root, say) {
  var stage = /** @type {HTMLElement} */ (root.querySelector('.ll-stage'));
  /** @type {{[kind: string]: HTMLElement}} */
  var regions = {};
  /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-ll-announce]')).forEach(function (region) {
    regions[/** @type {string} */ (region.dataset.llAnnounce)] = region;
  });
  var KEPT = 30;  // moments kept in a region: enough for a test or a braille display to read back
  // What comes within WAIT_MS of the line before it is one moment (a trick's plays, then whose
  // turn it is): it is added as one paragraph, each message a <span> of its own, once the
  // moment is over. Chromium told Orca of several paragraphs added at once in no set order (it
  // said a trick's plays backwards), and of words added to a paragraph already there by saying
  // the whole paragraph again. A moment is at most MOMENT_MS long. The same words twice (two
  // hands in a row led with the same card) are still news: a new paragraph.
  /** @typedef {{lines: string[], lang: string, since: number, timer?: ReturnType<typeof setTimeout>}} Moment */
  var WAIT_MS = 120, MOMENT_MS = 1000;
  /** @type {{[kind: string]: Moment}} */
  var moments = {};
  /** @param {string | null | undefined} text */
  function squash(text) { return (text || '').replace(/\s+/g, ' ').trim(); }  // as a screen reader reads it
  /** @param {string | null | undefined} text @param {boolean} [assertive] @param {string} [lang] @returns {void} */
  function announce(text, assertive, lang) {
    var kind = assertive ? 'assertive' : 'polite';
    text = aloud(squash(text));
    if (!regions[kind] || !text) return;
    /** @type {Moment | null | undefined} */
    var moment = moments[kind];
    if (moment && moment.lang !== (lang || '')) { addMoment(kind); moment = null; }
    if (!moment) {
      moment = moments[kind] = {lines: [], lang: lang || '', since: Date.now()};
      regions[kind].dataset.llWaiting = '';  // a moment is being gathered (tests wait for its end)
    }
    moment.lines.push(text);
    clearTimeout(moment.timer);
    if (Date.now() - moment.since >= MOMENT_MS) return addMoment(kind);
    moment.timer = setTimeout(function () { addMoment(kind); }, WAIT_MS);
  }
  /** @param {string} kind */
  function addMoment(kind) {  // the moment's lines, added to their region as one paragraph
    var moment = moments[kind], region = regions[kind];
    if (!moment) return;
    delete moments[kind];
    delete region.dataset.llWaiting;
    clearTimeout(moment.timer);
    var paragraph = document.createElement('p');
    if (moment.lang) paragraph.lang = moment.lang;  // the app's: its regions outlive a change of language
    moment.lines.forEach(function (text, nth) {
      var line = document.createElement('span');
      line.textContent = text;
      paragraph.append(nth ? ' ' : '', line);
    });
    region.append(paragraph);
    while (region.childElementCount > KEPT) /** @type {Element} */ (region.firstElementChild).remove();
  }
  // What one moment of the table says: its lines, then (urgent) whose turn it is or who won. The
  // urgent line follows the others politely: an assertive one, said at once, makes a screen
  // reader drop the polite lines it has not said yet (Orca does, as ARIA allows), and those
  // are the plays that led to the turn. Alone, it is said at once. The hand's end opens with the
  // narration's last line (who won, and why): that part is not said twice.
  /** @param {string[]} lines @param {string | null | undefined} urgent @param {string} [lang] */
  function sayMoment(lines, urgent, lang) {
    lines.forEach(function (text) { announce(text, false, lang); });
    var last = squash(lines[lines.length - 1]);
    urgent = squash(urgent);
    if (last && urgent.indexOf(last) === 0) urgent = urgent.slice(last.length).trim();
    if (urgent) announce(urgent, !lines.length, lang);
  }

  // A card written "Q♠" is said in words, "queen of spades", as its button is named, in every
  // language (the Russian catalog puts a card where its name takes no other case: "выходит:
  // дама бубен"); a suit alone, "♦", by its name; cards in a row ("Q♦ 7♣") with a comma
  // between. A player named "A" stays "A": only a rank joined to a suit's symbol is a card.
  var SYMBOL = '([\u2660\u2665\u2666\u2663])\uFE0E?';
  var CARD = new RegExp('(^|[^\\w])(10|[2-9JQKA])' + SYMBOL, 'g');
  var ROW = new RegExp('((?:10|[2-9JQKA])' + SYMBOL + ')\\s+(?=(?:10|[2-9JQKA])[\u2660\u2665\u2666\u2663])', 'g');
  var LONE = new RegExp(SYMBOL, 'g');
  /** @type {{[suit: string]: string}} */
  var SUITS = {'\u2660': 'spades', '\u2665': 'hearts', '\u2666': 'diamonds', '\u2663': 'clubs'};
  /** @type {{[rank: string]: number}} */
  var RANKS = {J: 11, Q: 12, K: 13, A: 14};
  /** @param {string} text */
  function aloud(text) {
    var card = say('card');
    if (!card) return text;  // no catalog of card words (the app's page): its lines come in words
    return text.replace(ROW, '$1, ')
      .replace(CARD, /** @param {string} all @param {string} before @param {string} rank @param {string} suit */ function (all, before, rank, suit) {
        return before + card.replace('{rank}', say('rank.' + (RANKS[rank] || rank)))
          .replace('{suit}', say('suit-of.' + SUITS[suit]));
      })
      .replace(LONE, /** @param {string} all @param {string} suit */ function (all, suit) {
        return say('suit.' + SUITS[suit]) || all;
      });
  }
  // What a part of the page says, as separate phrases: a block's words end in a full stop, and
  // words of two elements that touch ("J♥" and "15%" of the coach's row) get a comma between,
  // where textContent would run them together ("J♥15%").
  /** @param {Node} node @returns {string} */
  function textOf(node) {
    var out = '', touching = false;
    node.childNodes.forEach(function (child) {
      if (child.nodeType === Node.TEXT_NODE) {
        var text = /** @type {string} */ (child.textContent);
        out += text;
        touching = touching && !text;  // words or a space between two elements part them
        return;
      }
      var element = /** @type {HTMLElement} */ (child);
      if (child.nodeType !== Node.ELEMENT_NODE || element.hidden || element.getAttribute('aria-hidden') === 'true') return;
      var inner = squash(textOf(element));
      if (!inner) return;
      var block = !/^inline/.test(getComputedStyle(element).display);
      var spaced = /\s$/.test(out);
      out = out.replace(/\s+$/, '');
      if (out && (block || touching)) out += /[.:;!?,]$/.test(out) ? ' ' : block ? '. ' : ', ';
      else if (out && spaced) out += ' ';
      out += inner;
      touching = !block;
    });
    return out;
  }
  // What a newly shown table says: the narration's lines, in order, then the author's words
  // and the step's questions (what the step teaches), then whose turn it is.
  /** @param {ParentNode} [place] */
  function narrate(place) {
    var parts = (place || stage).querySelectorAll('.ll-narration li, .ll-say, .ll-quiz > p');
    var lines = /** @type {string[]} */ (Array.prototype.map.call(parts,
      /** @param {Element} line */ function (line) { return textOf(line); }));
    var urgent = (place || stage).querySelector('.ll-turn-note.ll-yours, .ll-end');
    sayMoment(lines, urgent && urgent.textContent);
  }
  // Where the focus goes once the table is drawn again: a card that may be played, else the
  // table itself, never <body> (a pressed card has just been replaced). Only when the focus was
  // in the table (or the reader asked for a new one): a reader stepping with the bar's buttons
  // keeps their place, and a page that opens takes no focus.
  /** @param {boolean} wasInside @param {HTMLElement | null} [preferred] */
  function settle(wasInside, preferred) {
    if (!wasInside) return;
    var next = preferred || /** @type {HTMLElement | null} */ (stage.querySelector('button[data-ll-card]'))

      || /** @type {HTMLElement | null} */ (stage.querySelector('button[data-ll-refused]')) || stage;
    next.focus({preventScroll: true});
  }
  // The keys' switch, looked for when needed: the app draws it anew in another language.
  function toggle() { return /** @type {HTMLInputElement | null} */ (root.querySelector('input[data-ll-keys-on]')); }
  function kept() {
    try { return localStorage.getItem('ll-keys'); } catch (e) { return null; /* storage blocked */ }
  }
  function dress() {  // a switch just drawn shows the choice kept
    var box = toggle(), choice = kept();
    if (box && choice !== null) box.checked = choice === '1';
  }
  dress();
  root.addEventListener('change', function (e) {
    var target = /** @type {HTMLInputElement} */ (e.target);
    if (!target.matches || !target.matches('input[data-ll-keys-on]')) return;
    try { localStorage.setItem('ll-keys', target.checked ? '1' : ''); } catch (err) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-keys', {detail: target.checked}));
  });
  document.addEventListener('ll-keys', function (e) {
    var box = toggle();
    if (box) box.checked = /** @type {CustomEvent<boolean>} */ (e).detail;
  });
  // By the key's place (e.code), so a Russian keyboard's ЧЫЕ... keys work as H, S, T do. The
  // table, or the app's row of cards under it (its own widget), has the focus.
  /** @type {{[code: string]: string}} */
  var KEYS = {KeyH: 'hand', KeyC: 'trick', KeyT: 'trump', KeyS: 'stock', KeyP: 'scores', KeyW: 'turn', KeyL: 'last-trick'};
  root.addEventListener('keydown', function (e) {
    var box = toggle();
    if (!box || !box.checked || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    var target = /** @type {HTMLElement} */ (e.target);
    if (!target.closest || !target.closest('.ll-stage, .ll-card-row')) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable) return;
    var asked = e.key === '?' ? 'help' : Object.prototype.hasOwnProperty.call(KEYS, e.code) ? KEYS[e.code] : null;
    if (!asked) return;
    e.preventDefault();
    if (asked === 'help') return announce(say('ui.keys-help'), false, stage.lang);
    var tables = /** @type {NodeListOf<HTMLElement>} */ (stage.querySelectorAll('.ll-table[data-ll-keys]'));
    var table = tables[tables.length - 1];  // a what-if branch's table, in the stage's own
    if (table) announce(JSON.parse(/** @type {string} */ (table.dataset.llKeys))[asked], false, table.lang);

  });
  return {announce: announce, sayMoment: sayMoment, narrate: narrate, settle: settle, dress: dress, textOf: textOf};
};
