// The reader's own exercises (lingerlonger/views/static/learn/practice_queue.js), under node: kept as
// data with the course's progress (course_progress.js), kept once, refused when not one or when
// the browser keeps nothing, the oldest dropped first (by count, and when the storage is full),
// and drawn into the Learn page as text only, never as markup.
// Run by tests/test_scripts_under_node.py (node --test).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const queue = require('../../lingerlonger/views/static/learn/practice_queue.js');
const progress = require('../../lingerlonger/views/static/learn/course_progress.js');

function memory(room = Infinity) {
  const kept = new Map();
  return {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => {
      if (String(value).length > room) throw new Error('QuotaExceededError');
      kept.set(key, String(value));
    },
    removeItem: (key) => kept.delete(key),
    kept,
  };
}

function exercise(n, size = 100) {
  return {id: `review-0000abcd-${n}`, lang: 'pt', moment: `Vaza ${n}: ás de copas`, lesson: 'x'.repeat(size)};
}

test('an exercise is kept once, in order, with the progress, and removed', () => {
  const storage = memory();
  queue.useStorage(storage);
  assert.equal(queue.add(exercise(1)), 'added');
  assert.equal(queue.add(exercise(2)), 'added');
  assert.equal(queue.add(exercise(1)), 'again');
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-1', 'review-0000abcd-2']);
  assert.equal(queue.list()[0].lang, 'pt');
  assert.equal(JSON.parse(storage.getItem(progress.STORAGE_KEY)).data.own.length, 2, 'one store, one file');
  queue.remove('review-0000abcd-1');
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-2']);
});

test('what is not an exercise is refused and changes nothing; no markup is ever kept', () => {
  const storage = memory();
  queue.useStorage(storage);
  queue.add(exercise(1));
  const before = storage.getItem(progress.STORAGE_KEY);
  for (const bad of [
    {...exercise(2), id: 'deal-1'},
    {...exercise(2), id: '<img src=x onerror=alert(1)>'},
    {...exercise(2), lang: 'english'},
    {...exercise(2), lang: '__proto__'},
    {...exercise(2), lesson: 42},
    {...exercise(2), moment: 'a\u0000b'},
    exercise(2, queue.MAX_LESSON + 1),
  ]) {
    assert.equal(queue.add(bad), 'refused');
  }
  assert.equal(storage.getItem(progress.STORAGE_KEY), before);
  assert.equal(queue.add({...exercise(3), html: '<article onclick=x>'}), 'added');  // only the data is kept
  assert.doesNotMatch(storage.getItem(progress.STORAGE_KEY), /article|onclick/);
});

test('past the most kept, and when the storage is full, the oldest go first', () => {
  queue.useStorage(memory());
  for (let n = 0; n < queue.MAX_ITEMS + 3; n += 1) queue.add(exercise(n));
  const ids = queue.list().map((item) => item.id);
  assert.equal(ids.length, queue.MAX_ITEMS);
  assert.equal(ids[0], 'review-0000abcd-3');
  assert.equal(ids.at(-1), `review-0000abcd-${queue.MAX_ITEMS + 2}`);

  queue.useStorage(memory(2800));  // room for two of these, not three
  ['1', '2', '3'].forEach((n) => assert.equal(queue.add(exercise(n, 1000)), 'added'));
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-2', 'review-0000abcd-3']);
  queue.useStorage(memory(500));  // not even one
  assert.equal(queue.add(exercise(1, 1000)), 'refused');
  assert.deepEqual(queue.list(), []);
});

test('a browser that keeps nothing, or damaged storage, gives an empty list', () => {
  queue.useStorage(null);
  assert.equal(queue.add(exercise(1)), 'refused');
  assert.deepEqual(queue.list(), []);
  const storage = memory();
  queue.useStorage(storage);
  for (const damaged of ['{', '[]', '{"v": 2, "items": []}', '{"format": "linger-longer-progress", "v": 2}']) {
    storage.kept.set(progress.STORAGE_KEY, damaged);
    assert.deepEqual(queue.list(), []);
  }
  storage.kept.set(progress.STORAGE_KEY, '{');
  assert.equal(queue.add(exercise(5)), 'added');  // damaged: set aside, the new one kept
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-5']);
});
