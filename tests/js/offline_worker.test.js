// The book's service worker (book/_ext/offline/sw.template.js), under node: the template filled
// in as book/_ext/site_offline.py fills it, run in a context of its own. What a request's address
// and a page's message are read as: outside input, each looked up as an own key of the site's files.
// Run by tests/test_scripts_under_node.py.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const TEMPLATE = fs.readFileSync(path.join(__dirname, '../../book/_ext/offline/sw.template.js'), 'utf8');
const FILES = [['index.html', 'aaaaaaaaaaaa', 100], ['ru/index.html', 'bbbbbbbbbbbb', 200],
  ['ru/book/01-deal.html', 'cccccccccccc', 300], ['_static/ll-live.js', 'dddddddddddd', 400], ['книга é.html', 'eeeeeeeeeeee', 5]];

// The worker at ROOT, its listeners, and what it fetched, kept and told.
function worker(root = 'https://school.example/linger/') {
  const listeners = {}, fetched = [], kept = new Map(), told = [];
  const cache = {
    match: async (address) => kept.get(typeof address === 'string' ? address : address.url),
    put: async (address, answer) => { kept.set(address, answer); },
    keys: async () => [...kept.keys()].map((url) => ({url})),
  };
  const context = vm.createContext({
    self: {location: {href: root + 'sw.js'}, addEventListener: (kind, listener) => { listeners[kind] = listener; }},
    caches: {open: async () => cache, keys: async () => [], match: async () => undefined},
    fetch: async (request) => { fetched.push(request.url); return new Response('x', {status: 200}); },
    URL, Headers, Request, Response, Promise,
  });
  const code = TEMPLATE.replace('__VERSION__', 'test').replace('__FILES__', JSON.stringify(FILES));
  vm.runInContext(code, context, {filename: 'sw.js'});
  // a page's message: its source told, the work it waits on awaited
  async function message(data) {
    let work = Promise.resolve();
    listeners.message({data, source: {postMessage: (news) => told.push(news)}, waitUntil: (promise) => { work = promise; }});
    await work;
  }
  return {context, listeners, fetched, kept, told, message};
}

test("a site's file is named by its address, whatever its query; nothing else is", () => {
  const {context} = worker();
  const R = 'https://school.example/linger/';
  assert.equal(context.nameOf(R), 'index.html');
  assert.equal(context.nameOf(R + 'ru/'), 'ru/index.html');
  assert.equal(context.nameOf(R + 'ru/book/01-deal.html?lang=pt#top'), 'ru/book/01-deal.html');
  assert.equal(context.nameOf(R + '%D0%BA%D0%BD%D0%B8%D0%B3%D0%B0%20%C3%A9.html'), 'книга é.html');
  const hostile = [
    R + 'constructor', R + '__proto__', R + 'toString', R + 'hasOwnProperty', R + '__proto__/',
    R + '%E0%A4%A', R + '%', R + '%C3%28.html', R + '%ZZ',            // malformed percent-encoding
    R + '..%2Findex.html', R + 'ru/../../index.html?', 'https://school.example/index.html',
    'https://evil.example/linger/index.html', 'http://school.example/linger/index.html',
    R + 'index.html/', R + 'INDEX.HTML', R + 'x'.repeat(100000),
  ];
  for (const url of hostile) assert.equal(context.nameOf(url), '', url);
});

test("a page's visit keeps what it loaded of the site, from the address the page used, nothing else", async () => {
  const w = worker();
  const R = 'https://school.example/linger/';
  await w.message({visit: [R + 'ru/', 'https://cdn.example/x.js', R + 'constructor', R + '%E0%A4%A', 7, null], lang: 'ru'});
  assert.deepEqual(JSON.parse(JSON.stringify(w.told)), [{bytes: 1005, whole: false}, {kept: 'page'}]);  // the context's objects, as data
  assert.deepEqual([...w.kept.keys()].sort(), [R + 'ru/index.html']);  // not its language's chapters: a first visit fetches its page alone
  assert.deepEqual(w.fetched.sort(), [R + 'ru/']);  // as the page loaded it: the browser's copy, not a second download
});

test('a visit names its language for nothing: a language named like Object.prototype, or none, breaks nothing', async () => {
  for (const lang of ['__proto__', 'constructor', 'toString', undefined, 42, {}]) {
    const w = worker();
    await w.message({visit: [], lang});
    assert.equal(w.fetched.length, 0, String(lang));
    assert.deepEqual(JSON.parse(JSON.stringify(w.told)), [{bytes: 1005, whole: false}, {kept: 'page'}]);
  }
  const w = worker();
  await w.message(null);  // no message at all: nothing asked, nothing done
  await w.message('keep');
  await w.message({visit: 'https://school.example/linger/ru/', lang: 'ru'});  // no list: no visit
  assert.deepEqual([w.fetched, w.told], [[], []]);
});
