/* The table's voice, for a player who cannot see it or uses no mouse (shipped after replay.js,
   page_replay.REPLAY_JS). Each .ll-replay has two live regions, [data-ll-announce]: "polite"
   says every line of the narration as the table changes, "assertive" says "your turn" and
   refusals. While the table (its .ll-stage) has the focus, single keys ask for one thing at a
   time, as Lichess's blind mode does; the answers are written with the table
   (words/table_keys.py, its data-ll-keys) in the reader's language. A box in the options turns
   the keys off (WCAG 2.1.4), and the choice is kept. The app's play tab and family table use it
   too (book/app/jupyter/voila/templates/linger/static/ll-app.js). */
window.llVoice = window.llVoice || function (root, say) {
  var stage = root.querySelector('.ll-stage');
  var regions = {};
  root.querySelectorAll('[data-ll-announce]').forEach(function (region) { regions[region.dataset.llAnnounce] = region; });
  var KEPT = 30;  // lines kept in a region: enough for a test or a braille display to read back
  // Each message is a line of its own: a screen reader says what is added, and the same words
  // twice (two hands in a row led with the same card) are still news.
  function announce(text, assertive, lang) {
    var region = regions[assertive ? 'assertive' : 'polite'];
    text = (text || '').replace(/\s+/g, ' ').trim();
    if (!region || !text) return;
    var line = document.createElement('p');
    line.textContent = text;
    if (lang) line.lang = lang;  // the app's: its regions outlive a change of language
    region.append(line);
    while (region.childElementCount > KEPT) region.firstElementChild.remove();
  }
  // A card written "Q♠" in the narration is said in words, "queen of spades", as its button is
  // named; not in Russian, where a card's name changes with its place in the sentence ("с
  // дамой пик"), and the symbol, which screen readers name, is left as the narration wrote it.
  var CARD = /(^|[^\w])(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])\uFE0E?/g;
  var SUITS = {'\u2660': 'spades', '\u2665': 'hearts', '\u2666': 'diamonds', '\u2663': 'clubs'};
  var RANKS = {J: 11, Q: 12, K: 13, A: 14};
  function aloud(text) {
    var card = say('card');
    if (!card || /^ru\b/.test(say('language.tag'))) return text;
    return text.replace(CARD, function (all, before, rank, suit) {
      return before + card.replace('{rank}', say('rank.' + (RANKS[rank] || rank)))
        .replace('{suit}', say('suit-of.' + SUITS[suit]));
    });
  }
  // What a newly shown table says: the narration's lines, in order, then whose turn it is.
  function narrate(place) {
    (place || stage).querySelectorAll('.ll-narration li').forEach(function (line) { announce(aloud(line.textContent)); });
    var turn = (place || stage).querySelector('.ll-turn-note.ll-yours');
    if (turn) announce(turn.textContent, true);
    var end = (place || stage).querySelector('.ll-end');
    if (end) announce(end.textContent, true);
  }
  // Where the focus goes once the table is drawn again: a card that may be played, else the
  // table itself, never <body> (a pressed card has just been replaced). Only when the focus was
  // in the table (or the reader asked for a new one): a reader stepping with the bar's buttons
  // keeps their place, and a page that opens takes no focus.
  function settle(wasInside, preferred) {
    if (!wasInside) return;
    var next = preferred || stage.querySelector('button[data-ll-card]:not([data-ll-why])')
      || stage.querySelector('button[data-ll-card]') || stage;
    next.focus({preventScroll: true});
  }
  // The keys' switch, looked for when needed: the app draws it anew in another language.
  function toggle() { return root.querySelector('input[data-ll-keys-on]'); }
  function kept() {
    try { return localStorage.getItem('ll-keys'); } catch (e) { return null; /* storage blocked */ }
  }
  function dress() {  // a switch just drawn shows the choice kept
    var box = toggle(), choice = kept();
    if (box && choice !== null) box.checked = choice === '1';
  }
  dress();
  root.addEventListener('change', function (e) {
    if (!e.target.matches || !e.target.matches('input[data-ll-keys-on]')) return;
    try { localStorage.setItem('ll-keys', e.target.checked ? '1' : ''); } catch (err) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-keys', {detail: e.target.checked}));
  });
  document.addEventListener('ll-keys', function (e) { var box = toggle(); if (box) box.checked = e.detail; });
  // By the key's place (e.code), so a Russian keyboard's ЧЫЕ... keys work as H, S, T do. The
  // table, or the app's row of cards under it (its own widget), has the focus.
  var KEYS = {KeyH: 'hand', KeyC: 'trick', KeyT: 'trump', KeyS: 'stock', KeyP: 'scores', KeyW: 'turn', KeyL: 'last-trick'};
  root.addEventListener('keydown', function (e) {
    var box = toggle();
    if (!box || !box.checked || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (!e.target.closest || !e.target.closest('.ll-stage, .ll-card-row')) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) || e.target.isContentEditable) return;
    var asked = e.key === '?' ? 'help' : KEYS[e.code];
    if (!asked) return;
    e.preventDefault();
    if (asked === 'help') return announce(say('ui.keys-help'), false, stage.lang);
    var tables = stage.querySelectorAll('.ll-table[data-ll-keys]');
    var table = tables[tables.length - 1];  // a what-if branch's table, in the stage's own
    if (table) announce(JSON.parse(table.dataset.llKeys)[asked], false, table.lang);
  });
  return {announce: announce, narrate: narrate, settle: settle, dress: dress};
};
