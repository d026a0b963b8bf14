// Share links' codec and what a link's address is read as (lingerlonger/views/static/live/live-share.js),
// under node: the page's own file run as the page runs it (a part of ll-live.js, over llLiveKit),
// in a context of its own with the globals it uses. Run by tests/test_scripts_under_node.py.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');

const SOURCE = fs.readFileSync(path.join(__dirname, '../../lingerlonger/views/static/live/live-share.js'), 'utf8');
const LIMIT = 2000000;  // scenario.limits.MAX_DOCUMENT_BYTES, the checker's

// The kit's share part, on a page whose alternate links and browser languages are given.
function kitOn({links = [], languages = ['en'], root = '../', rootless = false, lang = 'ru',
  href = 'http://localhost:8000/ru/book/check-a-scenario.html#lesson=x'} = {}) {
  const kit = {here: 'http://localhost:8000/_static/ll-live.js', offline: false};
  const document = {
    documentElement: {dataset: rootless ? {} : {content_root: root}, lang},
    querySelectorAll: (selector) => {
      assert.equal(selector, 'link[rel=alternate][hreflang]');
      return links.map(([hreflang, href]) => ({hreflang, href}));
    },
    querySelector: (selector) => {  // this page's own alternate link, by its language
      const found = links.find(([hreflang]) => selector === `link[rel=alternate][hreflang="${hreflang}"]`);
      return found ? {hreflang: found[0], href: found[1]} : null;
    },
  };
  const context = vm.createContext({
    window: {llLiveKit: kit}, document, navigator: {languages}, location: {href},
    CSS: {escape: (text) => String(text).replace(/["\\]/g, '\\$&')},
    Blob, CompressionStream, DecompressionStream, TextEncoder, TextDecoder, atob, btoa, URL,
  });
  vm.runInContext(SOURCE, context, {filename: 'live-share.js'});
  return kit;
}

// A link's lesson as another client would pack it (deflate-raw, base64url without padding).
function packed(bytes) {
  return zlib.deflateRawSync(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}


test('a lesson packed into a link unpacks to the same text and size, whatever its characters', async () => {
  const kit = kitOn();
  for (const text of ['title: Trunfo\n', 'title: "Масть ♠ 10♦ — ёж"\nsay: {en: a, ru: б}\n', 'x'.repeat(70000)]) {
    const link = packed(Buffer.from(text, 'utf8'));
    assert.match(link, /^[A-Za-z0-9_-]+$/);
    const got = await kit.unpackLesson(link, LIMIT);
    assert.equal(got.text, text);
    assert.equal(got.size, Buffer.byteLength(text));
  }
});

test('what share() packs is what unpackLesson() reads, and a link over the limit is not offered', async () => {
  const kit = kitOn();
  for (const text of ['title: Vaza\n', 'say: ' + '♣'.repeat(3000) + '\n']) {
    const document = {createElement: (name) => (name === 'input' ? field : label)};
    const field = {dataset: {}, select() {}}, label = {append() {}};
    const context = vm.createContext({
      window: {llLiveKit: {here: kit.here, offline: false}}, document, navigator: {languages: ['en']}, location: {href: ''},
      Blob, CompressionStream, DecompressionStream, TextEncoder, TextDecoder, atob, btoa, URL,
    });
    vm.runInContext(SOURCE, context);
    const sharing = context.window.llLiveKit;
    const status = {textContent: ''};
    const place = {replaceChildren() {}, append() {}};
    await sharing.share(text, 'http://localhost:8000/book/check-a-scenario.html',
      {shareLimit: '65536', shareTooLong: 'too long', shareLink: 'Link', shareCopied: 'copied'}, place, status);
    const [page, link] = field.value.split('#lesson=');
    assert.equal(page, 'http://localhost:8000/book/check-a-scenario.html');
    assert.equal((await kit.unpackLesson(link, LIMIT)).text, text);
    const refused = {textContent: ''};
    field.value = undefined;
    await sharing.share(text, 'p', {shareLimit: '10', shareTooLong: 'too long', shareLink: 'Link', shareCopied: 'c'},
      place, refused);
    assert.equal(refused.textContent, 'too long');
    assert.equal(field.value, undefined);
  }
});

test('a link that inflates past the limit is read only to the limit, and says how large it was', async () => {
  const kit = kitOn();
  const bomb = packed(Buffer.alloc(5_000_000, 'a'));  // a few kilobytes unpacking to 5 MB
  assert.ok(bomb.length < 10000);
  const got = await kit.unpackLesson(bomb, 1000);
  assert.equal(got.text, 'a'.repeat(1000));
  assert.ok(got.size > 1000 && got.size < 5_000_000, String(got.size));  // stopped early, not all unpacked
});

test('what is not a packed lesson is refused: not base64url, not deflate, empty, not UTF-8', async () => {
  const kit = kitOn();
  const hostile = [
    '', '%41%42', 'abc=', 'ab+c', 'ab/c', '__proto__!', ' AAAA', 'A'.repeat(5) + '\n',
    'AAAA',                                        // base64url, but no deflate stream
    packed(Buffer.from('   \n\t ')),               // only blanks
    packed(Buffer.from([0xc3, 0x28, 0x41])),       // invalid UTF-8
    packed(Buffer.from('title: x\n')).slice(0, 5), // cut short
  ];
  for (const link of hostile) {
    // the context's own Error: refused with a message, never a text
    await assert.rejects(kit.unpackLesson(link, LIMIT), (error) => typeof error.message === 'string', JSON.stringify(link));
  }
});

test("a lesson opens in its own language, or the sharing page's when it has several", () => {
  const kit = kitOn();
  assert.equal(kit.lessonLanguage('title: x\nlang: ru\n', 'pt'), 'ru');
  assert.equal(kit.lessonLanguage("lang: 'es'\n", 'pt'), 'es');
  assert.equal(kit.lessonLanguage('title: x\n', 'pt'), 'en');
  assert.equal(kit.lessonLanguage('title: {en: x, ru: y}\nlang: ru\n', 'pt'), 'pt');
  assert.equal(kit.lessonLanguage('say:\n  en: x\n  ru: y\n', 'es'), 'es');
  assert.equal(kit.lessonLanguage('lang: __proto__\n', 'pt'), 'en');
  assert.equal(kit.lessonLanguage('lang: russian\n', 'pt'), 'en');
});

test("a page's languages are its alternate links; a language named like Object.prototype is no page", () => {
  const links = [['en', 'http://s/book/a.html'], ['pt-PT', 'http://s/pt/book/a.html'], ['ru', 'http://s/ru/book/a.html']];
  const pages = kitOn({links, languages: ['de-DE', 'constructor', '__proto__', 'pt-BR', 'ru']}).pagesByLanguage();
  assert.equal(Object.getPrototypeOf(pages), null);
  assert.equal(pages.pt, 'http://s/pt/book/a.html');
  assert.equal(pages.reader, 'pt');  // the first of the browser's the site has: no prototype's 'constructor'
  assert.equal(pages.constructor, undefined);
  assert.equal(kitOn({links, languages: ['toString', 'hasOwnProperty']}).pagesByLanguage().reader, 'en');
  assert.equal(kitOn({links, languages: ['reader']}).pagesByLanguage().reader, 'en');
  assert.equal(kitOn({links: [], languages: ['ru']}).pagesByLanguage().reader, 'en');
  assert.equal(kitOn().primary('PT-br'), 'pt');
});

test("the alternate links name the published site: a page served elsewhere maps them to where it is", () => {
  const links = [['en', 'https://ll.example/book/book/a.html'], ['ru', 'https://ll.example/book/ru/book/a.html']];
  const pages = kitOn({links, languages: ['en'], href: 'http://school.lan:8000/linger/ru/book/a.html#x'}).pagesByLanguage();
  assert.equal(pages.en, 'http://school.lan:8000/linger/book/a.html');
  assert.equal(pages.ru, 'http://school.lan:8000/linger/ru/book/a.html');
  const hostile = kitOn({links, lang: '"]', href: 'http://school.lan:8000/linger/ru/book/a.html'}).pagesByLanguage();
  assert.equal(hostile.en, 'https://ll.example/book/book/a.html');  // no own link found: taken as written
});

test("the checker page is the site's, in this page's language", () => {
  assert.equal(kitOn({root: '../'}).checkerPage(), 'http://localhost:8000/ru/book/check-a-scenario.html');
  assert.equal(kitOn({rootless: true}).checkerPage(), 'http://localhost:8000/_static/book/check-a-scenario.html');
});
