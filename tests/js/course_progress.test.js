// The course's progress store (lingerlonger/views/static/learn/course_progress.js), under node:
// its file format, versions, checksum, refusals, merging and the review schedule.
// Run by tests/test_scripts_under_node.py (node --test).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const progressModule = require('../../lingerlonger/views/static/learn/course_progress.js');

const ORDER = ['deal-1', 'deal-2', 'trump-1', 'trump-2', 'follow-1'];
const DAY = 86400000;
const START = Date.UTC(2026, 11, 1, 12);

function memory() {
  const kept = new Map();
  return {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
    kept,
  };
}

function fresh(order = ORDER) {
  const clock = {at: START};
  const storage = memory();
  const progress = progressModule.open({order, storage, now: () => clock.at});
  return {progress, storage, clock};
}

function refusedWith(code, action) {
  assert.throws(action, (error) => error instanceof progressModule.ProgressError && error.code === code);
}

test('a solve is recorded, survives a new store on the same storage, and counts', () => {
  const {progress, storage, clock} = fresh();
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  progress.record('trump-1', {stars: 2, mistakes: 1, hints: 0});
  const again = progressModule.open({order: ORDER, storage, now: () => clock.at});  // a reload
  assert.deepEqual(again.count(), {done: 2, total: 5});
  assert.equal(again.state('deal-1').stars, 3);
  assert.equal(again.state('trump-1').mistakes, 1);
  assert.equal(again.state('deal-2'), null);
});

test('best stars are kept, the last mistakes and hints are shown', () => {
  const {progress} = fresh();
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  progress.record('deal-1', {stars: 1, mistakes: 2, hints: 1});
  const state = progress.state('deal-1');
  assert.deepEqual([state.stars, state.mistakes, state.hints, state.attempts], [3, 2, 1, 2]);
});

test('a task gone from a new build is kept harmlessly, and counts again when it returns', () => {
  const {progress, storage, clock} = fresh();
  progress.record('trump-2', {stars: 3, mistakes: 0, hints: 0});
  const smaller = progressModule.open({order: ['deal-1', 'deal-2'], storage, now: () => clock.at});
  assert.deepEqual(smaller.count(), {done: 0, total: 2});
  assert.equal(smaller.next(), 'deal-1');
  smaller.record('deal-1', {stars: 2, mistakes: 1, hints: 0});
  const back = progressModule.open({order: ORDER, storage, now: () => clock.at});
  assert.deepEqual(back.count(), {done: 2, total: 5});
});

test('continue: the next undone task after the last one solved, wrapping, none when all are done', () => {
  const {progress} = fresh();
  assert.equal(progress.next(), 'deal-1');
  progress.record('trump-1', {stars: 3, mistakes: 0, hints: 0});
  assert.equal(progress.next(), 'trump-2');
  progress.record('follow-1', {stars: 3, mistakes: 0, hints: 0});
  assert.equal(progress.next(), 'deal-1');
  for (const id of ORDER) progress.record(id, {stars: 3, mistakes: 0, hints: 0});
  assert.equal(progress.next(), null);
});

test('review: a task solved with a mistake comes back after 1, 3, 7, 14, 30 and 60 days', () => {
  assert.deepEqual(progressModule.REVIEW_DAYS, [1, 3, 7, 14, 30, 60]);
  const {progress, clock} = fresh();
  progress.record('deal-2', {stars: 2, mistakes: 1, hints: 0});
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});  // clean: never reviewed
  assert.deepEqual(progress.due(), []);
  const gaps = [];
  for (const days of [1, 3, 7, 14, 30, 60]) {
    clock.at += (days - 1) * DAY;
    assert.deepEqual(progress.due(), [], `not due a day early (${days})`);
    clock.at += DAY;
    assert.deepEqual(progress.due(), ['deal-2']);
    gaps.push(days);
    progress.record('deal-2', {stars: 3, mistakes: 0, hints: 0});
  }
  assert.deepEqual(gaps, [1, 3, 7, 14, 30, 60]);
  assert.equal(progress.state('deal-2').box, null, 'a clean review in the last box ends its review');
  clock.at += 400 * DAY;
  assert.deepEqual(progress.due(), []);
});

test('review: a mistake or a hint sends it back to box 0; a clean solve before its day changes nothing', () => {
  const {progress, clock} = fresh();
  progress.record('trump-1', {stars: 2, mistakes: 1, hints: 0});
  clock.at += DAY;
  progress.record('trump-1', {stars: 3, mistakes: 0, hints: 0});
  assert.equal(progress.state('trump-1').box, 1);
  const due = progress.state('trump-1').due;
  progress.record('trump-1', {stars: 3, mistakes: 0, hints: 0});  // early: the schedule holds
  assert.deepEqual([progress.state('trump-1').box, progress.state('trump-1').due], [1, due]);
  clock.at += 3 * DAY;
  progress.record('trump-1', {stars: 2, mistakes: 0, hints: 1});
  assert.equal(progress.state('trump-1').box, 0);
  assert.equal(progress.state('trump-1').due, progressModule.today(clock.at) + 1);
});

test('export then import into an empty store brings the same progress back', () => {
  const {progress} = fresh();
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  progress.record('trump-2', {stars: 1, mistakes: 3, hints: 2});
  const file = progress.exportText();
  progress.reset();
  assert.deepEqual(progress.count(), {done: 0, total: 5});
  assert.equal(progress.importText(file), 2);
  assert.equal(progress.exportText(), file);
  assert.equal(progress.next(), 'follow-1');
});

test('a link carries the progress in its fragment, not in its address', () => {
  const {progress} = fresh();
  progress.record('трюк-1'.replace('трюк', 'trick'), {stars: 2, mistakes: 1, hints: 0});
  const link = progress.link('https://example.org/ru/book/learn.html?x=1#top');
  assert.match(link, /^https:\/\/example\.org\/ru\/book\/learn\.html\?x=1#progress=[A-Za-z0-9_-]+$/);
  const other = fresh();
  assert.equal(other.progress.importLink(new URL(link).hash), 1);
  assert.equal(other.progress.exportText(), progress.exportText());
  assert.equal(other.progress.importLink('#top'), null);
});

test('import merges: the later solve of a task wins, the best stars stay', () => {
  const phone = fresh(), laptop = fresh();
  phone.progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  laptop.clock.at += DAY;
  laptop.progress.record('deal-1', {stars: 1, mistakes: 2, hints: 0});
  laptop.progress.record('deal-2', {stars: 3, mistakes: 0, hints: 0});
  phone.progress.importText(laptop.progress.exportText());
  const state = phone.progress.state('deal-1');
  assert.deepEqual([state.stars, state.mistakes, state.box], [3, 2, 0]);
  assert.deepEqual(phone.progress.count(), {done: 2, total: 5});
});

function tampered(change) {
  const {progress, storage} = fresh();
  progress.record('deal-1', {stars: 2, mistakes: 1, hints: 0});
  const before = storage.getItem(progressModule.STORAGE_KEY);
  const file = JSON.parse(progress.exportText());
  return {progress, storage, before, text: change(file)};
}

for (const [code, change] of [
  ['json', (file) => JSON.stringify(file).slice(0, -3)],
  ['format', (file) => JSON.stringify({...file, format: 'something-else'})],
  ['format', () => '[1, 2, 3]'],
  ['version', (file) => JSON.stringify({...file, v: progressModule.VERSION + 1})],
  ['version', (file) => JSON.stringify({...file, v: '1'})],
  ['checksum', (file) => { file.data.tasks['deal-1'].s = 3; return JSON.stringify(file); }],
  ['checksum', (file) => { delete file.sum; return JSON.stringify(file); }],
  ['shape', (file) => { file.data.tasks['deal-1'].s = 9; file.sum = progressModule.checksum(file.data); return JSON.stringify(file); }],
  ['shape', (file) => { file.data.tasks['<b>'] = file.data.tasks['deal-1']; file.sum = progressModule.checksum(file.data); return JSON.stringify(file); }],
  ['shape', (file) => { delete file.data.tasks['deal-1'].r; file.sum = progressModule.checksum(file.data); return JSON.stringify(file); }],
  ['shape', (file) => { file.data.extra = 1; file.sum = progressModule.checksum(file.data); return JSON.stringify(file); }],
]) {
  test(`a file refused (${code}) leaves the stored progress as it was`, () => {
    const {progress, storage, before, text} = tampered(change);
    refusedWith(code, () => progress.importText(text));
    assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
  });
}

test('a damaged link is refused and changes nothing', () => {
  const {progress, storage} = fresh();
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  const before = storage.getItem(progressModule.STORAGE_KEY);
  const hash = new URL(progress.link('https://example.org/learn.html')).hash;
  refusedWith('json', () => progress.importLink(hash.slice(0, -5) + '%%%'));
  const edited = progressModule.linkText(hash).replace('"s":3', '"s":2');
  refusedWith('checksum', () => progress.importLink('#progress=' + progressModule.base64url(edited)));
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
});

test('a damaged store is set aside (not lost) and the page starts afresh', () => {
  const storage = memory();
  storage.setItem(progressModule.STORAGE_KEY, '{"format": "linger-longer-progress", "v": 1');
  const progress = progressModule.open({order: ORDER, storage});
  assert.equal(progress.damaged, true);
  assert.deepEqual(progress.count(), {done: 0, total: 5});
  assert.equal(storage.getItem(progressModule.STORAGE_KEY + '.damaged'), '{"format": "linger-longer-progress", "v": 1');
});

test('no storage: the progress is kept for the visit, and the store says it is not kept', () => {
  const full = memory();
  full.setItem = () => { throw new Error('QuotaExceededError'); };
  const progress = progressModule.open({order: ORDER, storage: full});
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  assert.equal(progress.kept, false);
  assert.deepEqual(progress.count(), {done: 1, total: 5});
});

test('the checksum is of the canonical data: key order does not matter, any value does', () => {
  const a = {tasks: {x: {s: 1, n: 1, m: 0, h: 0, t: 3}}, last: 'x'};
  const b = {last: 'x', tasks: {x: {t: 3, h: 0, m: 0, n: 1, s: 1}}};
  assert.equal(progressModule.checksum(a), progressModule.checksum(b));
  assert.notEqual(progressModule.checksum(a), progressModule.checksum({...a, last: 'y'}));
  assert.match(progressModule.checksum(a), /^[0-9a-f]{8}$/);
});

test('subscribers hear every change', () => {
  const {progress} = fresh();
  let heard = 0;
  progress.subscribe(() => { heard += 1; });
  progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0});
  progress.reset();
  assert.equal(heard, 2);
});

// ---- hostile input: outside keys, forged links, the reader's yes ------------------------------

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);  // constructor, toString, __proto__...

function signed(data, v = progressModule.VERSION) {
  return JSON.stringify({format: progressModule.FORMAT, v, data, sum: progressModule.checksum(data)});
}

test('task ids named like Object.prototype are ids like any other, in the store and in a file', () => {
  const ids = PROTO_NAMES.filter((name) => /^[A-Za-z0-9]/.test(name));
  assert.ok(ids.includes('constructor') && ids.includes('toString') && ids.includes('hasOwnProperty'));
  const {progress, storage, clock} = fresh([...ids, 'deal-1']);
  assert.equal(progress.state('constructor'), null);
  assert.deepEqual(progress.count(), {done: 0, total: ids.length + 1});
  for (const id of ids) progress.record(id, {stars: 2, mistakes: 1, hints: 0});
  const again = progressModule.open({order: [...ids, 'deal-1'], storage, now: () => clock.at});
  assert.equal(again.damaged, false, 'the store reads itself back');
  assert.deepEqual(again.count(), {done: ids.length, total: ids.length + 1});
  assert.equal(again.state('toString').stars, 2);
  assert.equal(again.next(), 'deal-1');
  const other = fresh([...ids, 'deal-1']);
  assert.equal(other.progress.importText(progress.exportText()), ids.length);  // no uncaught error
  assert.equal(other.progress.state('valueOf').mistakes, 1);
  assert.equal(other.progress.state('valueOf').box, 0);
  other.clock.at += DAY;
  assert.equal(other.progress.due().length, ids.length);
});

test('a file whose keys are __proto__ or a prototype name changes no object and is refused or read as data', () => {
  const {progress, storage} = fresh();
  progress.record('deal-1', {stars: 1, mistakes: 2, hints: 0});
  const before = storage.getItem(progressModule.STORAGE_KEY);
  const record = {s: 3, m: 0, h: 0, n: 1, t: 1};
  const forged = '{"tasks": {"__proto__": {"s": 3, "m": 0, "h": 0, "n": 1, "t": 1}}, "last": null, "own": []}';
  const parsed = JSON.parse(forged);
  assert.throws(() => progress.importText(signed(parsed)), progressModule.ProgressError);  // not an id
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
  assert.equal({}.s, undefined, 'no prototype was touched');
  for (const bad of [{tasks: {constructor: 1}, last: null, own: []}, {tasks: {}, last: null, own: [{__proto__: record}]},
    {tasks: {}, last: null, own: 'x'}, {tasks: {}, last: 'toString', own: [], x: 1}]) {
    assert.throws(() => progress.importText(signed(bad)), progressModule.ProgressError);
  }
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
});

test('a link or a file says what it would change and changes nothing until applied; undo puts it back', () => {
  const mine = fresh();
  mine.progress.record('deal-1', {stars: 1, mistakes: 2, hints: 0});  // due for review tomorrow
  const before = mine.storage.getItem(progressModule.STORAGE_KEY);
  // a forged link: every task done with three stars, checksum computed by anyone
  const tasks = {};
  for (const id of ORDER) tasks[id] = {s: 3, m: 0, h: 0, n: 1, t: progressModule.today(START) + 1};
  const link = '#progress=' + progressModule.base64url(signed({tasks, last: null, own: [], skills: {}}));
  const change = mine.progress.previewLink(link);
  assert.deepEqual([change.done, change.stars, change.review, change.own], [4, 1, 1, 0]);
  assert.equal(mine.storage.getItem(progressModule.STORAGE_KEY), before, 'nothing written by a preview');
  assert.deepEqual(mine.progress.count(), {done: 1, total: 5});
  const kept = change.apply();
  assert.deepEqual(mine.progress.count(), {done: 5, total: 5});
  assert.deepEqual(mine.progress.due(), []);  // the forged record dropped the review
  mine.progress.restore(kept);
  assert.equal(mine.storage.getItem(progressModule.STORAGE_KEY), before, 'undo puts back what was kept');
  assert.deepEqual(mine.progress.previewLink('#top'), null);
  const same = mine.progress.preview(mine.progress.exportText());
  assert.deepEqual([same.changed, same.own], [0, 0]);
});

test('a version 1 file (before own exercises) is read and brought up to this version', () => {
  const data = {tasks: {'deal-1': {s: 2, m: 1, h: 0, n: 1, t: 5, b: 0, r: 6}}, last: 'deal-1'};
  const {progress} = fresh();
  assert.equal(progress.importText(signed(data, 1)), 1);
  assert.equal(progress.state('deal-1').stars, 2);
  assert.equal(JSON.parse(progress.exportText()).v, progressModule.VERSION);
  assert.deepEqual(progress.own(), []);
});

function ownExercise(n, extra = {}) {
  return {id: `review-0000abcd-${n}`, lang: 'ru', moment: `Взятка ${n}: туз пик`,
    lesson: `title: t\nplayers: [Ana, Bruno]\n# ${n}\n`, day: 20000 + n, ...extra};
}

test('own exercises travel in the file, not in the link, and a file adds only those missing', () => {
  const phone = fresh(), laptop = fresh();
  assert.equal(phone.progress.keepOwn(ownExercise(1)), 'added');
  assert.equal(phone.progress.keepOwn(ownExercise(1)), 'again');
  assert.equal(phone.progress.keepOwn(ownExercise(2)), 'added');
  laptop.progress.keepOwn(ownExercise(2));
  const change = laptop.progress.preview(phone.progress.exportText());
  assert.equal(change.own, 1);
  change.apply();
  assert.deepEqual(laptop.progress.own().map((item) => item.id), ['review-0000abcd-1', 'review-0000abcd-2']);
  const link = phone.progress.link('https://example.org/learn.html');
  assert.deepEqual(JSON.parse(progressModule.linkText(new URL(link).hash)).data.own, []);
  phone.progress.dropOwn('review-0000abcd-1');
  assert.deepEqual(phone.progress.own().map((item) => item.id), ['review-0000abcd-2']);
  phone.progress.reset();
  assert.deepEqual(phone.progress.own(), []);
});

test('an own exercise is data: markup-free fields of the right shape, or it is refused', () => {
  const {progress, storage} = fresh();
  for (const bad of [
    ownExercise(1, {html: '<article>'}),  // the old markup: an unknown key
    ownExercise(1, {id: 'constructor'}), ownExercise(1, {id: '__proto__'}), ownExercise(1, {id: 'review-<b>-1'}),
    ownExercise(1, {lang: 'constructor'}), ownExercise(1, {moment: 'a\u001b[31m'}), ownExercise(1, {moment: 7}),
    ownExercise(1, {lesson: 'x'.repeat(progressModule.MAX_LESSON + 1)}), ownExercise(1, {day: -1}),
  ]) {
    assert.equal(progress.keepOwn(bad), 'refused', JSON.stringify(bad).slice(0, 80));
  }
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), null);
  const many = [];
  for (let n = 0; n <= progressModule.MAX_OWN; n += 1) many.push(ownExercise(n));
  assert.throws(() => progress.importText(signed({tasks: {}, last: null, own: many})), progressModule.ProgressError);
  const twice = [ownExercise(1), ownExercise(1)];
  assert.throws(() => progress.importText(signed({tasks: {}, last: null, own: twice})), progressModule.ProgressError);
});

test('a malformed link fragment is a refusal, never an uncaught error', () => {
  const {progress} = fresh();
  for (const hash of ['#progress=%', '#progress=%E0%A4%A', '#progress=====', '#progress=' + '\u00ff'.repeat(3),
    '#progress=' + progressModule.base64url('{"format":"linger-longer-progress","v":2,"data":{"tasks":{"toString":{}}}}')]) {
    assert.throws(() => progress.previewLink(hash), progressModule.ProgressError, hash);
  }
});

test('a version 1 file whose data holds a "__proto__" key is refused, not migrated into a prototype', () => {
  const {progress, storage} = fresh();
  const before = storage.getItem(progressModule.STORAGE_KEY);
  const data = JSON.parse('{"tasks": {}, "last": null, "__proto__": {"own": []}}');
  assert.throws(() => progress.importText(signed(data, 1)), progressModule.ProgressError);
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
});

// ---- mastery: each rule's and tip's answers (v3) ----------------------------------------------

test('each answer counts for the task\'s rules and tips: right first time, with hints, wrong', () => {
  const {progress} = fresh();
  progress.missed('deal-1', ['rule-8']);
  progress.missed('deal-1', ['rule-8']);
  progress.record('deal-1', {stars: 1, mistakes: 2, hints: 0, skills: ['rule-8']});  // wrongs already counted
  progress.record('deal-2', {stars: 3, mistakes: 0, hints: 0, skills: ['rule-8', 'tip-3']});
  progress.record('trump-1', {stars: 2, mistakes: 0, hints: 1, skills: ['tip-3']});
  const mastery = Object.fromEntries(progress.mastery().map((one) => [one.skill, one]));
  assert.deepEqual([mastery['rule-8'].right, mastery['rule-8'].hints, mastery['rule-8'].wrong], [1, 0, 2]);
  assert.equal(mastery['rule-8'].score, 1 / 3);
  assert.equal(mastery['rule-8'].level, 'weak');
  assert.deepEqual([mastery['tip-3'].right, mastery['tip-3'].hints, mastery['tip-3'].wrong], [1, 1, 0]);
  assert.equal(mastery['tip-3'].score, 0.75);
  assert.equal(mastery['tip-3'].level, 'learning');
  assert.deepEqual(progress.weak(3), ['rule-8'], 'only a skill with a wrong answer is weak');
});

test('the weakest skills come first, and a weak skill rises with right answers until it is weak no more', () => {
  const {progress} = fresh();
  for (let i = 0; i < 3; i++) progress.missed('deal-1', ['rule-8']);
  progress.missed('trump-1', ['rule-6']);
  progress.record('trump-1', {stars: 3, skills: ['rule-6']});
  assert.deepEqual(progress.weak(5), ['rule-8', 'rule-6']);
  for (let i = 0; i < 3; i++) progress.record('deal-2', {stars: 3, skills: ['rule-8']});
  const rule8 = progress.mastery().find((one) => one.skill === 'rule-8');
  assert.equal(rule8.level, 'learning');
  assert.ok(rule8.score >= progressModule.MASTERY_LEVELS[0]);
});

test('what is no skill is not counted, and a file\'s skills are data: forged ones are refused', () => {
  const {progress, storage} = fresh();
  progress.missed('deal-1', ['__proto__', 'constructor', 'rule-999', 7, 'tip-4']);
  assert.deepEqual(progress.mastery().map((one) => one.skill), ['tip-4']);
  const before = storage.getItem(progressModule.STORAGE_KEY);
  const forged = JSON.parse('{"__proto__": {"r": 1, "h": 0, "w": 0}}');  // an own key "__proto__"
  for (const skills of [forged, {'rule-1': {r: 1, h: 0}}, {'rule-1': {r: -1, h: 0, w: 0}},
    {'rule-1': {r: 1, h: 0, w: 0, x: 1}}, {'toString': {r: 1, h: 0, w: 0}}, []]) {
    const data = {tasks: {}, last: null, own: [], skills};
    assert.throws(() => progress.importText(signed(data)), progressModule.ProgressError);
  }
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
  assert.equal({}.r, undefined, 'no prototype was touched');
});

test('a version 2 file (before mastery) is read and brought up to version 3, and files merge their skills', () => {
  const data = {tasks: {'deal-1': {s: 3, m: 0, h: 0, n: 1, t: 5}}, last: 'deal-1', own: []};
  const {progress} = fresh();
  assert.equal(progress.importText(signed(data, 2)), 1);
  assert.equal(JSON.parse(progress.exportText()).v, 3);
  assert.deepEqual(progress.mastery(), []);
  const other = fresh();
  for (let i = 0; i < 2; i++) other.progress.missed('deal-1', ['rule-9']);
  progress.importText(other.progress.exportText());
  assert.deepEqual(progress.weak(3), ['rule-9']);
  assert.equal(Object.getPrototypeOf(JSON.parse(progress.exportText()).data.skills), Object.prototype);
});

test('each review draws a copy not seen yet, kept in the store as data: after a reload, in a file, never the same twice in a row', () => {
  const {progress, storage, clock} = fresh();
  progress.record('deal-1', {stars: 2, mistakes: 1, hints: 0});
  assert.equal(progress.copy('deal-1', 3), 0);  // nothing seen: the first copy
  assert.equal(progress.copy('trump-1', 3), 0);  // a task never solved (weak-spot practice) too
  const shown = [];
  for (let review = 0; review < 7; review++) {
    clock.at += DAY;
    const copy = progressModule.open({order: ORDER, storage, now: () => clock.at}).copy('deal-1', 3);  // a reload each day
    shown.push(copy);
    progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0, copy, copies: 3});
  }
  assert.deepEqual(shown.slice(0, 3), [0, 1, 2]);  // every copy once before any comes back
  assert.ok(shown.every((copy, i) => i === 0 || copy !== shown[i - 1]), String(shown));
  assert.deepEqual(shown.slice(3, 5).sort(), [0, 1]);  // then the others before the one just seen
  const file = JSON.parse(progress.exportText());
  assert.equal(typeof file.data.tasks['deal-1'].c, 'number');
  const other = fresh();
  other.progress.importText(progress.exportText());
  assert.equal(other.progress.copy('deal-1', 3), progress.copy('deal-1', 3));
  progress.record('deal-1', {stars: 3, copy: 5, copies: 3});  // a copy the page has not: nothing seen of it
  assert.equal(JSON.parse(progress.exportText()).data.tasks['deal-1'].c, file.data.tasks['deal-1'].c);
});

test('once every copy is seen, each review asks for the next fresh round, kept as data; a bad round is refused, an old record still reads', () => {
  const {progress, storage, clock} = fresh();
  progress.record('deal-1', {stars: 2, mistakes: 1, hints: 0});
  for (let copy = 0; copy < 3; copy++) {
    assert.equal(progress.round('deal-1'), null, `copy ${copy} not seen yet: a built one`);
    clock.at += DAY;
    progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0, copy: progress.copy('deal-1', 3), copies: 3});
  }
  const rounds = [];
  for (let review = 0; review < 3; review++) {  // each a reload, a day later, the round's fresh copy solved
    clock.at += DAY;
    const round = progressModule.open({order: ORDER, storage, now: () => clock.at}).round('deal-1');
    rounds.push(round);
    progress.record('deal-1', {stars: 3, mistakes: 0, hints: 0, round});
  }
  assert.deepEqual(rounds, [0, 1, 2]);  // a new round each review: never one of the three again
  progress.record('deal-1', {stars: 3, copy: 1, copies: 3});  // a built copy (file://): the rounds stay where they were
  assert.equal(progress.round('deal-1'), 3);
  progress.record('deal-1', {stars: 3, round: 1e6});  // no such round: not counted
  assert.equal(progress.round('deal-1'), 3);
  const other = fresh();
  other.progress.importText(progress.exportText());
  assert.equal(other.progress.round('deal-1'), 3);  // in a file too
  for (const f of [-1, 1.5, '3', 1000, null]) {
    const data = {tasks: {'deal-1': {s: 3, m: 0, h: 0, n: 1, t: 5, c: 1, f}}, last: null, own: [], skills: {}};
    assert.throws(() => other.progress.importText(signed(data)), progressModule.ProgressError, String(f));
  }
  const old = {tasks: {'deal-1': {s: 3, m: 0, h: 0, n: 4, t: 5, c: 4}}, last: null, own: [], skills: {}};
  const older = fresh().progress;
  assert.equal(older.importText(signed(old)), 1);  // a record of before the rounds: its built copies first
  assert.equal(older.round('deal-1'), null);
  assert.equal(older.copy('deal-1', 3), 0);
});

test('a record\'s copies seen are a small count of bits: anything else in a file is refused', () => {
  const {progress, storage} = fresh();
  const before = storage.getItem(progressModule.STORAGE_KEY);
  for (const c of [0, -1, 1.5, '3', 256, null]) {
    const data = {tasks: {'deal-1': {s: 3, m: 0, h: 0, n: 1, t: 5, c}}, last: null, own: [], skills: {}};
    assert.throws(() => progress.importText(signed(data)), progressModule.ProgressError, String(c));
  }
  assert.equal(storage.getItem(progressModule.STORAGE_KEY), before);
  const good = {tasks: {'deal-1': {s: 3, m: 0, h: 0, n: 1, t: 5, c: 5}}, last: null, own: [], skills: {}};
  assert.equal(progress.importText(signed(good)), 1);
  assert.equal(progress.copy('deal-1', 4), 1);
  assert.equal(progress.copy('deal-1', 2), 1);
});
