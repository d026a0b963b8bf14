// The reader's own exercises (lingerlonger/views/static/practice_queue.js), under node: kept,
// kept once, refused when not one or when the browser keeps nothing, the oldest dropped first
// (by count, and when the storage is full), damaged storage read as empty, cleared.
// Run by tests/test_scripts_under_node.py (node --test).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const queue = require('../../lingerlonger/views/static/practice_queue.js');

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
  const id = `review-0000abcd-${n}`;
  return {id, lang: 'pt', html: `<article class="ll-task" data-ll-task="${id}" data-ll-practice>${'x'.repeat(size)}</article>`};
}

test('an exercise is kept once, in order, and removed', () => {
  queue.useStorage(memory());
  assert.equal(queue.add(exercise(1)), 'added');
  assert.equal(queue.add(exercise(2)), 'added');
  assert.equal(queue.add(exercise(1)), 'again');
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-1', 'review-0000abcd-2']);
  assert.equal(queue.list()[0].lang, 'pt');
  queue.remove('review-0000abcd-1');
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-2']);
});

test('clear() empties the queue ("Start again from zero"), and clearing nothing is no error', () => {
  const storage = memory();
  queue.useStorage(storage);
  queue.add(exercise(1));
  queue.add(exercise(2));
  queue.clear();
  assert.deepEqual(queue.list(), []);
  assert.equal(storage.kept.has(queue.KEY), false);
  queue.clear();
  queue.useStorage(null);
  queue.clear();
  assert.deepEqual(queue.list(), []);
});

test('what is not an exercise is refused and changes nothing', () => {
  const storage = memory();
  queue.useStorage(storage);
  queue.add(exercise(1));
  const before = storage.getItem(queue.KEY);
  for (const bad of [
    {...exercise(2), id: 'deal-1'},
    {...exercise(2), id: '<img src=x onerror=alert(1)>'},
    {...exercise(2), lang: 'english'},
    {...exercise(2), html: 42},
    exercise(2, queue.MAX_HTML),
  ]) {
    assert.equal(queue.add(bad), 'refused');
  }
  assert.equal(storage.getItem(queue.KEY), before);
});

test('past the most kept, and when the storage is full, the oldest go first', () => {
  queue.useStorage(memory());
  for (let n = 0; n < queue.MAX_ITEMS + 3; n += 1) queue.add(exercise(n));
  const ids = queue.list().map((item) => item.id);
  assert.equal(ids.length, queue.MAX_ITEMS);
  assert.equal(ids[0], 'review-0000abcd-3');
  assert.equal(ids.at(-1), `review-0000abcd-${queue.MAX_ITEMS + 2}`);

  queue.useStorage(memory(3000));  // room for two of these, not three
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
  for (const damaged of ['{', '[]', '{"v": 2, "items": []}', '{"v": 1, "items": [{"id": "deal-1"}]}']) {
    storage.kept.set(queue.KEY, damaged);
    assert.deepEqual(queue.list(), []);
  }
  storage.kept.set(queue.KEY, '{"v": 1, "items": [{"id": "deal-1"}]}');
  assert.equal(queue.add(exercise(5)), 'added');  // damaged: set aside, the new one kept
  assert.deepEqual(queue.list().map((item) => item.id), ['review-0000abcd-5']);
});
