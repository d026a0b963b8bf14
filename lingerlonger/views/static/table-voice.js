/* The table's voice, for a player who cannot see it or uses no mouse (shipped after replay.js,
   page_replay.REPLAY_JS). Each .ll-replay has two live regions, [data-ll-announce]: "polite"
   says every line of the narration as the table changes, "assertive" says "your turn" and
   refusals. While the table (its .ll-stage) has the focus, single keys ask for one thing at a
   time, as Lichess's blind mode does; the answers are written with the table
   (words/table_keys.py, its data-ll-keys) in the reader's language. A box in the options turns
   the keys off (WCAG 2.1.4), and the choice is kept. */
window.llVoice = window.llVoice || function (root, say) {
  var stage = root.querySelector('.ll-stage');
  var regions = {};
  root.querySelectorAll('[data-ll-announce]').forEach(function (region) { regions[region.dataset.llAnnounce] = region; });
  var KEPT = 30;  // lines kept in a region: enough for a test or a braille display to read back
  // Each message is a line of its own: a screen reader says what is added, and the same words
  // twice (two hands in a row led with the same card) are still news.
  function announce(text, assertive) {
    var region = regions[assertive ? 'assertive' : 'polite'];
    text = (text || '').replace(/\s+/g, ' ').trim();
    if (!region || !text) return;
    var line = document.createElement('p');
    line.textContent = text;
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
  var toggle = root.querySelector('input[data-ll-keys-on]');
  try {
    var kept = localStorage.getItem('ll-keys');
    if (toggle && kept !== null) toggle.checked = kept === '1';
  } catch (e) { /* storage blocked */ }
  if (toggle) toggle.addEventListener('change', function () {
    try { localStorage.setItem('ll-keys', toggle.checked ? '1' : ''); } catch (e) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-keys', {detail: toggle.checked}));
  });
  document.addEventListener('ll-keys', function (e) { if (toggle) toggle.checked = e.detail; });
  // By the key's place (e.code), so a Russian keyboard's ЧЫЕ... keys work as H, S, T do.
  var KEYS = {KeyH: 'hand', KeyC: 'trick', KeyT: 'trump', KeyS: 'stock', KeyP: 'scores', KeyW: 'turn', KeyL: 'last-trick'};
  stage.addEventListener('keydown', function (e) {
    if (!toggle || !toggle.checked || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) || e.target.isContentEditable) return;
    var asked = e.key === '?' ? 'help' : KEYS[e.code];
    if (!asked) return;
    e.preventDefault();
    if (asked === 'help') return announce(say('ui.keys-help'));
    var tables = stage.querySelectorAll('.ll-table[data-ll-keys]');
    var table = tables[tables.length - 1];  // a what-if branch's table, in the stage's own
    if (table) announce(JSON.parse(table.dataset.llKeys)[asked]);
  });
  return {announce: announce, narrate: narrate, settle: settle};
};
