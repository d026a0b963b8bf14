/* A class without accounts or a server (the Class page, book/class.md): an assignment and a
   result are short texts that travel in a link's address, a QR code or a file. Both are data,
   read here like any scenario: every field checked, and a refusal is a code (the page words it
   from the catalogs), never a half-read value.

   An assignment:  1.NONCE.TITLE.DATE.ID~ID~ID.CHECK
     an ID may be ID!PACKED: one of the teacher's own tasks, its scenario's text deflated in base64url
     (views/live_mode/class_tasks.py packs it; live mode's worker reads it again like any file)
   A result:       1.NONCE.NAME.MINUTE.ITEM~ITEM~ITEM.CHECK   (one ITEM per exercise, in order)
     ITEM: ANSWER_HS_T   the first answer given (a card 'QH', a suit 'H', a seat, seats 'Ana,Bo',
                         a choice's number), H the hints used and S the stars (one digit each),
                         T the seconds taken (base 36); an exercise not tried: '' (empty)
   NONCE: six base-36 characters drawn when the assignment is made, which its results repeat;
   MINUTE: the minute of the hand-in (base 36, since 1970); CHECK: FNV-1a of the rest (base 36),
   which catches a damaged copy (a character lost in a message, a misread code), not a forged one:
   anyone can write a result with three stars, and the page says so.
   Texts are percent-encoded, and so are the separators (. ~ _ ,) and what a chat app could break.

   The API (window.llClassCodec in a page, module.exports under node):
     makeAssignment({title, date, ids, own?}, nonce?) -> the text readAssignment(text) -> {ok, value | code, at}
       own: [{id, packed}], the teacher's own tasks among ids (only there when there is one)
     makeResult({nonce, name, minute, items}) -> the text         readResult(text) -> {ok, value | code, at}
     nameProblem(name) -> null or a code (the rules of seat names: scenario/author_names.py)
     codeIn(text, key) -> the text after '#KEY=' in a link (or the text itself), or ''
     speaker(words, lang) -> say(key, values): a catalog's message (class.*) with its values, its
       plural form chosen by the count (Intl.PluralRules: CLDR's, as words/i18n.py)
   Codes: too-long, damaged, version, malformed, no-exercises, too-many, bad-id, twice, bad-own, too-many-own,
   name-empty, name-invisible, name-too-long, name-reserved. */
(/** @param {Window} global @param {() => ClassCodecApi} factory */ function (global, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else global.llClassCodec = global.llClassCodec || factory();
})(typeof self !== 'undefined' ? self : /** @type {Window} */ (/** @type {unknown} */ (this)), function () {
  'use strict';
  var VERSION = '1';
  var MAX_TEXT = 2000;  // a link's code, far above a 40-exercise result: more is not one of ours
  var MAX_EXERCISES = 40;
  var MAX_TITLE = 80;
  var MAX_OWN_PACKED = 6000;  // one own task, packed (class_tasks.py MAX_PACKED)
  var MAX_OWN = 6;  // own tasks in one assignment
  var MAX_ASSIGNMENT = 40000;  // an assignment's text, its own tasks in it
  var PACKED = /^[A-Za-z0-9_-]+$/;
  var MAX_NAME = 20;  // scenario/limits.py MAX_SEAT_NAME
  var MAX_SECONDS = 36 * 36 * 36 - 1;  // three base-36 digits: 13 hours
  var ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
  var NONCE = /^[0-9a-z]{6}$/;
  var DATE = /^(\d{4}-\d{2}-\d{2})?$/;
  var MAX_ANSWER = 200;  // a set of seats' names, at most
  /* Unicode categories a seat name may not hold (author_names.py _REFUSED_CATEGORIES) */
  var INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
  var RESERVED = ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', '__proto__',
    'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString',
    'valueOf'];
  var SUITS = {'\u2660': 'S', '\u2665': 'H', '\u2666': 'D', '\u2663': 'C'};
  var SYMBOLS = {S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663'};

  /** FNV-1a, 32 bits, of the UTF-16 code units, in base 36 (seven characters).
   * @param {string} text */
  function check(text) {
    var hash = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return ('000000' + hash.toString(36)).slice(-7);
  }
  /** @param {string} text */
  function enc(text) {
    return encodeURIComponent(text).replace(/[.~_!*'(),]/g, function (c) {
      return '%' + c.charCodeAt(0).toString(16).toUpperCase();
    });
  }
  /** @param {string} text @returns {string | null} */
  function dec(text) {
    try { return decodeURIComponent(text); } catch (malformed) { return null; }
  }
  /** A card or suit with its suit as a letter ('Q♥' -> 'QH'), back again with decodeAnswer.
   * @param {string} answer */
  function encodeAnswer(answer) {
    return answer.replace(/[\u2660\u2665\u2666\u2663]/g, function (s) { return SUITS[/** @type {'\u2660'} */ (s)]; });
  }
  /** @param {string} answer @param {string} kind */
  function decodeAnswer(answer, kind) {
    if (kind !== 'card' && kind !== 'suit') return answer;
    return answer.replace(/[SHDC]$/, function (s) { return SYMBOLS[/** @type {'S'} */ (s)]; });
  }
  function nonce() {
    var n = '';
    var bytes = new Uint8Array(6);
    crypto.getRandomValues(bytes);
    for (var i = 0; i < 6; i++) n += (bytes[i] % 36).toString(36);
    return n;
  }
  /** @param {string} code @param {number} [at] @returns {{ok: false, code: string, at: number}} */
  function refused(code, at) { return {ok: false, code: code, at: at || 0}; }

  /** The common frame: the length, the version, the check, six fields.
   * @param {unknown} text @param {number} [limit] the longest text read (MAX_TEXT)
   * @returns {{ok: true, parts: string[]} | {ok: false, code: string, at: number}} */
  function frame(text, limit) {
    if (typeof text !== 'string') return refused('malformed');
    var given = text.trim();
    if (given.length > (limit || MAX_TEXT)) return refused('too-long');
    var parts = given.split('.');
    if (parts[0] !== VERSION) return parts.length === 6 && /^\d+$/.test(parts[0]) ? refused('version') : refused('damaged');
    if (parts.length !== 6) return refused('damaged');
    if (check(parts.slice(0, 5).join('.')) !== parts[5]) return refused('damaged');
    if (!NONCE.test(parts[1])) return refused('malformed');
    return {ok: true, parts: parts};
  }

  /** @param {string} name @returns {string | null} */
  function nameProblem(name) {
    if (!name) return 'name-empty';
    if (INVISIBLE.test(name)) return 'name-invisible';
    if (Array.from(name).length > MAX_NAME) return 'name-too-long';
    if (RESERVED.indexOf(name) >= 0) return 'name-reserved';
    return null;
  }

  /** @param {ClassAssignment} a @param {string} [given] */
  function makeAssignment(a, given) {
    var own = new Map((a.own || []).map(function (o) { return [o.id, o.packed]; }));
    var ids = a.ids.map(function (id) { return own.has(id) ? id + '!' + own.get(id) : id; });
    var body = [VERSION, given || nonce(), enc(a.title.trim().slice(0, MAX_TITLE)), a.date || '', ids.join('~')].join('.');
    return body + '.' + check(body);
  }
  /** @param {unknown} text @returns {ClassRead<ClassAssignment>} */
  function readAssignment(text) {
    var framed = frame(text, MAX_ASSIGNMENT);
    if (!framed.ok) return framed;
    var p = framed.parts;
    var title = dec(p[2]);
    if (title === null || title.length > MAX_TITLE || INVISIBLE.test(title.replace(/ /g, ''))) return refused('malformed', 2);
    if (!DATE.test(p[3])) return refused('malformed', 3);
    var items = p[4] ? p[4].split('~') : [];
    if (!items.length) return refused('no-exercises');
    if (items.length > MAX_EXERCISES) return refused('too-many');
    /** @type {{id: string, packed: string}[]} */
    var own = [];
    var ids = items.map(function (item) { return item.split('!')[0]; });
    for (var i = 0; i < ids.length; i++) {
      if (!ID.test(ids[i])) return refused('bad-id', i + 1);
      if (ids.indexOf(ids[i]) !== i) return refused('twice', i + 1);
      var packed = items[i].split('!').slice(1);
      if (!packed.length) continue;
      if (packed.length > 1 || packed[0].length > MAX_OWN_PACKED || !PACKED.test(packed[0])) return refused('bad-own', i + 1);
      own.push({id: ids[i], packed: packed[0]});
      if (own.length > MAX_OWN) return refused('too-many-own');
    }
    /** @type {ClassAssignment & {nonce: string}} */
    var value = {nonce: p[1], title: title, date: p[3], ids: ids};
    if (own.length) value.own = own;
    return {ok: true, value: value};
  }

  /** @param {ClassResult} r */
  function makeResult(r) {
    var items = r.items.map(function (item) {
      if (!item) return '';
      var seconds = Math.max(0, Math.min(MAX_SECONDS, Math.round(item.t)));
      return enc(encodeAnswer(item.a)) + '_' + item.h + item.s + '_' + seconds.toString(36);
    });
    var body = [VERSION, r.nonce, enc(r.name), Math.floor(r.minute).toString(36), items.join('~')].join('.');
    return body + '.' + check(body);
  }
  /** @param {unknown} text @param {string[]} [kinds] each exercise's kind of answer (card, suit...)
   * @returns {ClassRead<ClassResult>} */
  function readResult(text, kinds) {
    var framed = frame(text);
    if (!framed.ok) return framed;
    var p = framed.parts;
    var name = dec(p[2]);
    if (name === null || nameProblem(name)) return refused('malformed', 2);
    if (!/^[0-9a-z]{1,8}$/.test(p[3])) return refused('malformed', 3);
    var raw = p[4].split('~');
    if (raw.length > MAX_EXERCISES) return refused('too-many');
    /** @type {(ClassItem | null)[]} */
    var items = [];
    for (var i = 0; i < raw.length; i++) {
      if (raw[i] === '') { items.push(null); continue; }
      var f = raw[i].split('_');
      var answer = f.length === 3 ? dec(f[0]) : null;
      if (answer === null || answer.length > MAX_ANSWER || !/^[0-3][0-3]$/.test(f[1]) || !/^[0-9a-z]{1,3}$/.test(f[2])) {
        return refused('malformed', i + 1);
      }
      items.push({a: decodeAnswer(answer, kinds ? kinds[i] : 'card'), h: +f[1][0], s: +f[1][1], t: parseInt(f[2], 36)});
    }
    return {ok: true, value: {nonce: p[1], name: name, minute: parseInt(p[3], 36), items: items}};
  }

  /** The code in a link ('…#ll-result=CODE'), or the text itself when it is no link.
   * @param {string} text @param {string} key */
  function codeIn(text, key) {
    var at = text.indexOf('#' + key + '=');
    return (at < 0 ? text : text.slice(at + key.length + 2)).trim();
  }

  /** @param {{[key: string]: string | {[form: string]: string}}} words @param {string} lang */
  function speaker(words, lang) {
    var plural = new Intl.PluralRules(lang);
    /** @param {string} key @param {{[name: string]: string | number}} [values] @returns {string} */
    return function (key, values) {
      var given = values || {};
      var text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
      if (typeof text === 'object') {
        var form = plural.select(Number(given.count));
        text = text[form] || text.other || text.many || '';
      }
      return text.replace(/\{(\w+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(given, name) ? String(given[name]) : whole;
      });
    };
  }

  return {speaker: speaker, makeAssignment: makeAssignment, readAssignment: readAssignment, makeResult: makeResult,
    readResult: readResult, nameProblem: nameProblem, codeIn: codeIn, check: check,
    MAX_TEXT: MAX_TEXT, MAX_EXERCISES: MAX_EXERCISES, MAX_OWN: MAX_OWN, MAX_OWN_PACKED: MAX_OWN_PACKED, ASSIGNMENT_KEY: 'll-assignment', RESULT_KEY: 'll-result'};
});
