// The progress store's pure parts (lingerlonger/views/static/learn/course_progress.js), each alone:
// the review schedule (solved), the merge of two progresses, the checksum and its canonical JSON,
// a file's and a link's codecs, and what is read from a file, a link or the store, good and hostile.
// Run by tests/test_scripts_under_node.py (node --test).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const api = require('../../lingerlonger/views/static/learn/course_progress.js');

const CLEAN = {stars: 3, mistakes: 0, hints: 0};
const own = (n, day = n) => ({id: `review-0000abcd-${n}`, lang: 'pt', moment: `Vaza ${n}`, lesson: 'title: x\n', day});
const data = (tasks = {}, more = {}) => ({tasks, last: null, own: [], skills: {}, ...more});
function refused(code, action) {
  assert.throws(action, (error) => error instanceof api.ProgressError && error.code === code, code);
}

test('the schedule: a slip goes to box 0; each clean review on its day climbs 1, 3, 7, 14, 30, 60 days; the last ends it', () => {
  let record = api.solved(undefined, {stars: 2, mistakes: 1, hints: 0}, 100);
  assert.deepEqual(record, {s: 2, m: 1, h: 0, n: 1, t: 100, b: 0, r: 101});
  let day = 101;
  for (const [box, wait] of api.REVIEW_DAYS.slice(1).entries()) {
    record = api.solved(record, CLEAN, day);
    assert.deepEqual([record.b, record.r], [box + 1, day + wait]);
    day = record.r;
  }
  record = api.solved(record, CLEAN, day);  // the last box, cleanly: out of review
  assert.equal('b' in record || 'r' in record, false);
  assert.deepEqual([record.s, record.n], [3, api.REVIEW_DAYS.length + 1]);
});

test('the schedule: clean before its day changes nothing; a hint sends it back; a first clean solve is never reviewed', () => {
  const due = {s: 3, m: 0, h: 0, n: 4, t: 10, b: 3, r: 20};
  assert.deepEqual(api.solved(due, CLEAN, 19), {s: 3, m: 0, h: 0, n: 5, t: 19, b: 3, r: 20});
  assert.deepEqual(api.solved(due, {stars: 2, mistakes: 0, hints: 1}, 19), {s: 3, m: 0, h: 1, n: 5, t: 19, b: 0, r: 20});
  assert.deepEqual(api.solved(undefined, CLEAN, 5), {s: 3, m: 0, h: 0, n: 1, t: 5});
  assert.equal(api.solved({s: 1, m: 0, h: 0, n: 1e6, t: 1}, CLEAN, 2).n, 1e6);  // counts stop at the most a file holds
});

test('merge: a task only one side has is kept; for both, the later solve, more solves on the same day, the best stars', () => {
  const mine = data({a: {s: 3, m: 0, h: 0, n: 1, t: 5}, b: {s: 1, m: 2, h: 0, n: 1, t: 9}, c: {s: 2, m: 0, h: 0, n: 2, t: 7}});
  const theirs = data({a: {s: 1, m: 4, h: 0, n: 3, t: 8, b: 0, r: 9}, c: {s: 2, m: 0, h: 0, n: 3, t: 7}, d: {s: 3, m: 0, h: 0, n: 1, t: 1}},
    {last: 'd'});
  const {data: made, changed, done, stars, review} = api.merged(mine, theirs);
  assert.deepEqual(made.tasks.a, {s: 3, m: 4, h: 0, n: 3, t: 8, b: 0, r: 9});
  assert.deepEqual(made.tasks.b, mine.tasks.b);
  assert.deepEqual(made.tasks.c, theirs.tasks.c);
  assert.deepEqual(made.tasks.d, theirs.tasks.d);
  assert.deepEqual({changed, done, stars, review, last: made.last}, {changed: 3, done: 1, stars: 0, review: 1, last: 'd'});
  assert.deepEqual(api.merged(made, made).changed, 0);  // the same again changes nothing
  assert.notEqual(made.tasks.d, theirs.tasks.d);  // a copy: the incoming file's objects are not shared
});

test('merge: own exercises of both, each once, the newest kept up to the most', () => {
  const mine = data({}, {own: [own(1), own(3)]});
  const theirs = data({}, {own: [own(3), own(2)]});
  const {data: made, own: added} = api.merged(mine, theirs);
  assert.deepEqual(made.own.map((item) => item.id), [1, 2, 3].map((n) => own(n).id));
  assert.equal(added, 1);
  const many = data({}, {own: Array.from({length: api.MAX_OWN}, (_, n) => own(n + 10, n + 10))});
  const kept = api.merged(many, data({}, {own: [own(1, 1), own(99, 99)]})).data.own;
  assert.equal(kept.length, api.MAX_OWN);
  assert.deepEqual([kept[0].id, kept.at(-1).id], [own(11).id, own(99).id]);  // the oldest went
});

test('the checksum: FNV-1a of the canonical JSON (sorted keys, at every depth), as 8 hex digits', () => {
  // FNV-1a's published vectors, through the checksum of a string (its canonical JSON is quoted)
  const fnv = (text) => { let hash = 0x811c9dc5; for (const byte of new TextEncoder().encode(text)) { hash ^= byte; hash = Math.imul(hash, 0x01000193) >>> 0; } return hash; };
  assert.equal(fnv(''), 0x811c9dc5);
  assert.equal(fnv('a'), 0xe40c292c);
  assert.equal(api.checksum('a'), fnv('"a"').toString(16).padStart(8, '0'));
  assert.equal(api.canonical({b: [1, {d: 'ё', c: null}], a: true}), '{"a":true,"b":[1,{"c":null,"d":"ё"}]}');
  assert.equal(api.checksum({b: 1, a: [2, {y: 1, x: 2}]}), api.checksum({a: [2, {x: 2, y: 1}], b: 1}));
  assert.notEqual(api.checksum({a: [1, 2]}), api.checksum({a: [2, 1]}));
  assert.equal(api.checksum({}), fnv('{}').toString(16).padStart(8, '0'));
});

test('a file is the data, its format, version and checksum; what is not is refused with its reason', () => {
  const good = data({x: {s: 2, m: 1, h: 0, n: 1, t: 3}}, {own: [own(1)]});
  const back = api.unwrap(api.wrap(good));
  assert.deepEqual(JSON.parse(JSON.stringify(back)), good);
  assert.equal(Object.getPrototypeOf(back.tasks), null);  // outside ids index only a prototype-less object
  const file = (fields) => JSON.stringify({format: api.FORMAT, v: api.VERSION, data: good, sum: api.checksum(good), ...fields});
  for (const text of [7, null, undefined, {}, ['x'], 'x'.repeat(4e6 + 1)]) refused('too-large', () => api.unwrap(text));
  for (const text of ['', '{', 'nul', '{"a":1,}', '\u0000']) refused('json', () => api.unwrap(text));
  for (const text of ['null', '"text"', '[]', '7', file({format: 'other'}), file({format: undefined})]) refused('format', () => api.unwrap(text));
  for (const v of [0, api.VERSION + 1, '2', 1.5, -1, null, 1e9]) refused('version', () => api.unwrap(file({v})));
  for (const sum of ['00000000', 12345678, null, undefined]) refused('checksum', () => api.unwrap(file({sum})));
  refused('checksum', () => api.unwrap(JSON.stringify({format: api.FORMAT, v: api.VERSION, sum: api.checksum(undefined)})));
});

test('a link is the file in base64url after #progress=; anything else in it is refused, no link is null', () => {
  const text = api.wrap(data({'k-1': {s: 1, m: 0, h: 0, n: 1, t: 2}}));
  const code = api.base64url(text);
  assert.match(code, /^[A-Za-z0-9_-]*$/);
  for (const hash of [`#progress=${code}`, `progress=${code}`, `#top&progress=${code}`, `#progress=${code}&lang=ru`]) {
    assert.equal(api.linkText(hash), text, hash);
  }
  assert.equal(api.base64url('ёж ♠'), Buffer.from('ёж ♠').toString('base64url'));
  assert.equal(api.linkText('#progress=' + api.base64url('ёж ♠')), 'ёж ♠');
  for (const none of [null, undefined, '', '#', '#top', '#xprogress=abc', '#progress']) assert.equal(api.linkText(none), null, String(none));
  for (const hash of ['#progress=%41', '#progress=a+b', '#progress=a/b', '#progress=ab=', '#progress=A',
    '#progress=' + Buffer.from([0xff, 0xfe]).toString('base64url'), '#progress=' + Buffer.from([0xc3, 0x28]).toString('base64url')]) {
    refused('json', () => api.linkText(hash));
  }
});

test('an own exercise is exactly its five fields, of their shapes; anything else is not one', () => {
  assert.equal(api.validOwn(own(1)), true);
  const bare = Object.assign(Object.create(null), own(2));
  assert.equal(api.validOwn(bare), true);
  const hostile = [null, undefined, 7, 'review-0000abcd-1', [own(1)], {...own(1), extra: 1},
    {...own(1), id: 'review-0000abcd-12345'}, {...own(1), id: ' review-0000abcd-1'}, {...own(1), lang: 'PT'},
    {...own(1), moment: 'a\u0000'}, {...own(1), moment: 'm'.repeat(201)}, {...own(1), moment: ['x']},
    {...own(1), lesson: 1}, {...own(1), day: 1.5}, {...own(1), day: '3'}, {...own(1), day: 1e8},
    JSON.parse('{"__proto__": {"id": "review-0000abcd-1"}, "lang": "pt", "moment": "m", "lesson": "", "day": 1}')];
  for (const item of hostile) assert.equal(api.validOwn(item), false, JSON.stringify(item));
});

test('a store reads ids named like Object.prototype as ids it does not hold', () => {
  const kept = new Map();
  const storage = {getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => kept.set(key, value), removeItem: (key) => kept.delete(key)};
  const progress = api.open({order: ['deal-1'], storage, now: () => Date.UTC(2026, 0, 1)});
  for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) assert.equal(progress.state(id), null, id);
  assert.deepEqual(progress.count(), {done: 0, total: 1});
});

test('the copies: the first not seen; all seen, only the last one stays seen, so the next differs', () => {
  const schedule = require('../../lingerlonger/views/static/learn/review_schedule.js');
  assert.equal(schedule.nextCopy(undefined, 4), 0);
  assert.equal(schedule.nextCopy(0b1011, 4), 2);
  assert.equal(schedule.seenAfter(0b1011, 2, 4), 0b0100);  // every one seen: start again, this one last
  assert.equal(schedule.nextCopy(schedule.seenAfter(0b1011, 2, 4), 4), 0);
  assert.equal(schedule.seenAfter(undefined, 0, 1), 1);  // one copy only: it comes back
  assert.equal(schedule.nextCopy(1, 1), 0);
  assert.equal(schedule.seenAfter(0b11111, 1, 3), 0b010);  // seen of a build with more copies: only this one's count
  assert.deepEqual(api.solved({s: 3, m: 0, h: 0, n: 1, t: 5, c: 1}, {...CLEAN, copy: 1, copies: 3}, 6).c, 0b11);
  assert.equal(api.solved({s: 3, m: 0, h: 0, n: 1, t: 5, c: 1}, CLEAN, 6).c, 1);  // a solve of the exercise itself keeps them
});
