// The Class page's assignments and results (lingerlonger/views/static/class/codec.js), under node:
// they go round whole, and hostile texts are refused with a code (forged, for another assignment,
// damaged, duplicated, oversized, prototype keys), never read in part.
// Run by tests/test_scripts_under_node.py (node --test).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const codec = require('../../lingerlonger/views/static/class/codec.js');

const IDS = ['deal-1', 'follow-2', 'winner-1', 'tip-keep-trump', 'trump-3'];
const KINDS = ['seat', 'card', 'seats', 'card', 'suit'];

function result(overrides = {}) {
  return {
    nonce: 'ab12cd', name: 'Аня', minute: 29450000,
    items: [{a: 'Bruno', h: 0, s: 3, t: 12}, {a: 'Q♥', h: 1, s: 1, t: 95}, {a: 'Ana,Bo.b', h: 0, s: 2, t: 40},
      null, {a: '♣', h: 2, s: 1, t: 7}],
    ...overrides,
  };
}

test('an assignment goes round whole, its title and date kept', () => {
  const text = codec.makeAssignment({title: 'Домашнее задание. Взятки ~ 5_7', date: '2026-12-07', ids: IDS}, 'ab12cd');
  const read = codec.readAssignment(text);
  assert.equal(read.ok, true);
  assert.deepEqual(read.value, {nonce: 'ab12cd', title: 'Домашнее задание. Взятки ~ 5_7', date: '2026-12-07', ids: IDS});
  assert.match(text, /^[0-9A-Za-z%.~-]+$/, 'nothing a link or a chat app would change');
});

test('each assignment made gets its own nonce', () => {
  const one = codec.readAssignment(codec.makeAssignment({title: 'x', date: '', ids: IDS}));
  const two = codec.readAssignment(codec.makeAssignment({title: 'x', date: '', ids: IDS}));
  assert.equal(one.ok && two.ok, true);
  assert.notEqual(one.value.nonce, two.value.nonce);
});

test('a result goes round whole: first answers, hints, stars, times, an exercise not tried', () => {
  const text = codec.makeResult(result());
  const read = codec.readResult(text, KINDS);
  assert.equal(read.ok, true);
  assert.deepEqual(read.value, result());
});

test('a 12-exercise result fits one QR code easily (under 400 characters with its link)', () => {
  const items = Array.from({length: 12}, (_, i) => ({a: i % 2 ? '10♦' : 'Carla', h: 3, s: 1, t: 3000 + i}));
  const text = codec.makeResult(result({name: 'Александра', items}));
  assert.ok(text.length + 'https://example.org/ll/ru/book/class.html#ll-result='.length < 400, text.length);
});

test('a damaged copy is refused: any character changed, lost or added', () => {
  const text = codec.makeResult(result());
  for (const at of [0, 3, 9, 20, text.length - 9, text.length - 1]) {
    const changed = text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
    assert.equal(codec.readResult(changed).ok, false, `changed at ${at}`);
    assert.equal(codec.readResult(text.slice(0, at) + text.slice(at + 1)).ok, false, `lost at ${at}`);
  }
  assert.equal(codec.readResult(text.slice(0, -1)).code, 'damaged');
  assert.equal(codec.readAssignment(codec.makeAssignment({title: 't', date: '', ids: IDS}).replace('deal-1', 'deal-2')).code, 'damaged');
});

test('a forged result with a good checksum is read: the check catches damage, not cheating', () => {
  const forged = codec.makeResult(result({items: [{a: 'Bruno', h: 0, s: 3, t: 1}]}));
  assert.equal(codec.readResult(forged).ok, true);
  assert.equal(codec.readResult(forged).value.nonce, 'ab12cd', 'the page compares it with its assignment');
});

test('a result for another assignment carries that one\'s nonce', () => {
  const other = codec.readResult(codec.makeResult(result({nonce: 'zz99zz'})));
  assert.equal(other.ok, true);
  assert.notEqual(other.value.nonce, 'ab12cd');
});

test('the same hand-in read twice is the same value (the page keeps it once)', () => {
  const text = codec.makeResult(result());
  assert.deepEqual(codec.readResult(text, KINDS).value, codec.readResult(` ${text}\n`, KINDS).value);
});

test('an oversized text is refused before anything is read', () => {
  const huge = codec.makeResult(result({items: Array.from({length: 300}, () => ({a: 'Q♥', h: 0, s: 3, t: 1}))}));
  assert.equal(codec.readResult(huge).code, 'too-long');
  assert.equal(codec.readResult('1.' + 'a'.repeat(5_000_000)).code, 'too-long');
  const many = codec.makeResult(result({items: Array.from({length: 41}, () => null)}));
  assert.equal(codec.readResult(many).code, 'too-many');
  const ids = Array.from({length: 41}, (_, i) => `deal-${i}`);
  assert.equal(codec.readAssignment(codec.makeAssignment({title: 't', date: '', ids})).code, 'too-many');
});

test('malformed fields are refused with where they are', () => {
  const body = (fields) => { const b = fields.join('.'); return b + '.' + codec.check(b); };
  assert.equal(codec.readResult(body(['1', 'ab12cd', '%E0%A4', 'x', ''])).code, 'malformed');
  assert.equal(codec.readResult(body(['1', 'ab12cd', 'Ana', 'x', 'QH_94_1'])).code, 'malformed');
  assert.equal(codec.readResult(body(['1', 'ab12cd', 'Ana', 'x', 'QH_33_zzzz'])).at, 1);
  assert.equal(codec.readResult(body(['1', 'AB12CD', 'Ana', 'x', ''])).code, 'malformed');
  assert.equal(codec.readResult(body(['2', 'ab12cd', 'Ana', 'x', ''])).code, 'version');
  assert.equal(codec.readAssignment(body(['1', 'ab12cd', 't', 'tomorrow', 'deal-1'])).at, 3);
  assert.equal(codec.readAssignment(body(['1', 'ab12cd', 't', '', 'deal-1~x/y'])).code, 'bad-id');
  assert.equal(codec.readAssignment(body(['1', 'ab12cd', 't', '', 'deal-1~deal-1'])).code, 'twice');
  assert.equal(codec.readAssignment(body(['1', 'ab12cd', 't', '', ''])).code, 'no-exercises');
  for (const hostile of [null, undefined, 42, {}, [], '', '....', '1.....']) {
    assert.equal(codec.readResult(hostile).ok, false, String(hostile));
    assert.equal(codec.readAssignment(hostile).ok, false, String(hostile));
  }
});

test('prototype keys are no exercise and no name', () => {
  const body = (fields) => { const b = fields.join('.'); return b + '.' + codec.check(b); };
  for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
    assert.equal(codec.readResult(body(['1', 'ab12cd', key, 'x', ''])).code, 'malformed', key);
    assert.equal(codec.nameProblem(key), 'name-reserved');
  }
  assert.equal(codec.readAssignment(body(['1', 'ab12cd', 't', '', '__proto__'])).code, 'bad-id');
  const read = codec.readAssignment(body(['1', 'ab12cd', 't', '', 'constructor']));
  assert.equal(read.ok, true, 'a plain id: the page looks it up among its own exercises as an own key');
});

// The teacher's own tasks: their scenario's text packed (deflate-raw, base64url) beside the ids.
const PACKED = 'TVLLbsIwELz7K_YDQltanhZCou0pOSH1hjiYxAWLECLbUcWn5IZkJR_Gl9SeJFVzGGlnZ3bXu';

test('an assignment with the teacher\'s own tasks goes round whole, in their place among the ids', () => {
  const own = [{id: 'my-trump', packed: PACKED}, {id: 'constructor', packed: 'AAAA'}];
  const ids = ['deal-1', 'my-trump', 'winner-1', 'constructor'];
  const read = codec.readAssignment(codec.makeAssignment({title: 'Мои задачи', date: '', ids, own}, 'ab12cd'));
  assert.equal(read.ok, true);
  assert.deepEqual(read.value, {nonce: 'ab12cd', title: 'Мои задачи', date: '', ids, own});
  const plain = codec.readAssignment(codec.makeAssignment({title: 't', date: '', ids: IDS, own: []}));
  assert.equal('own' in plain.value, false, 'none: the assignment is as before');
});

test('forged own tasks are refused with where they are', () => {
  const body = (fields) => { const b = fields.join('.'); return b + '.' + codec.check(b); };
  const read = (ids) => codec.readAssignment(body(['1', 'ab12cd', 't', '', ids]));
  assert.equal(read(`deal-1~mine!${PACKED}!${PACKED}`).code, 'bad-own');
  assert.equal(read(`deal-1~mine!${PACKED}`).ok, true);
  for (const forged of ['', '%3Cb%3E', '<b>x</b>', 'a+b/c=', 'A'.repeat(codec.MAX_OWN_PACKED + 1)]) {
    const refused = read(`deal-1~mine!${forged}`);
    assert.deepEqual([refused.code, refused.at], ['bad-own', 2], forged.slice(0, 20));
  }
  assert.equal(read(`__proto__!${PACKED}`).code, 'bad-id');
  assert.equal(read(`mine!${PACKED}~mine!${PACKED}`).code, 'twice');
  const many = Array.from({length: codec.MAX_OWN + 1}, (_, i) => `own-${i}!${PACKED}`).join('~');
  assert.equal(read(many).code, 'too-many-own');
  const huge = Array.from({length: 8}, (_, i) => `own-${i}!${'A'.repeat(codec.MAX_OWN_PACKED)}`).join('~');
  assert.equal(read(huge).code, 'too-long', 'an assignment has a length it may not pass, whatever it holds');
});

test('a first name follows the seat names\' rules', () => {
  assert.equal(codec.nameProblem('Аня'), null);
  assert.equal(codec.nameProblem(''), 'name-empty');
  assert.equal(codec.nameProblem('Ana\u202e'), 'name-invisible');
  assert.equal(codec.nameProblem('Ana Maria'), 'name-invisible');
  assert.equal(codec.nameProblem('x'.repeat(21)), 'name-too-long');
  assert.equal(codec.nameProblem('😀'.repeat(20)), null, 'counted in characters, not UTF-16 units');
});

test('a link\'s code is found after its key', () => {
  assert.equal(codec.codeIn('https://x.org/ru/book/class.html#ll-result=1.ab', 'll-result'), '1.ab');
  assert.equal(codec.codeIn(' 1.ab \n', 'll-result'), '1.ab');
});
