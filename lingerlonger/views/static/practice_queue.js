/* The learner's own exercises: each moment of a hand's review that they chose to practise
   ("Practise this" in live mode, live-review.js), kept in this browser only (localStorage, no
   account, nothing sent anywhere) and shown on the Learn page under "From your reviews"
   (course.js fills them in before it binds the page's exercises).

   The API (window.llPracticeQueue in a page, module.exports under node):
     llPracticeQueue.add({id, lang, html})  -> 'added', 'again' (already kept) or 'refused'
       (this browser keeps nothing, or the exercise is not one: nothing changes then)
     llPracticeQueue.list()                 -> the exercises kept, oldest first
     llPracticeQueue.remove(id)
     llPracticeQueue.clear()                (the progress panel's "Start again from zero")
     llPracticeQueue.fill(root)             -> how many were drawn into the Learn page ``root``
     llPracticeQueue.number(root)           numbers the unit's links again (after one is taken away)
     llPracticeQueue.useStorage(storage)    a storage of the test's own (getItem, setItem)
   An exercise is the HTML of one task as the worker drew it (views/course_page.py, task_html),
   so the Learn page shows and judges it with no interpreter, offline too. The store:
   {"v": 1, "items": [{id, lang, html, day}]}, at most MAX_ITEMS (the oldest go first), each
   at most MAX_HTML characters; what cannot be read is set aside as empty. */
(function (global, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory(global);
  else global.llPracticeQueue = factory(global);
})(typeof self !== 'undefined' ? self : this, function (global) {
  'use strict';
  var KEY = 'll-practice', VERSION = 1, MAX_ITEMS = 40, MAX_HTML = 400000;
  var TASK_ID = /^review-[0-9a-f]{8}-\d{1,4}$/, LANG = /^[a-z]{2}$/;

  var given;  // useStorage(): a test's own (null: a browser that keeps nothing)
  function storage() {
    if (given !== undefined) return given;
    try { return global.localStorage || null; } catch (e) { return null; }  // a refused storage throws
  }
  function useStorage(storage) { given = storage; }

  function valid(item) {
    return !!item && typeof item === 'object' && TASK_ID.test(item.id) && LANG.test(item.lang)
      && typeof item.html === 'string' && item.html.length <= MAX_HTML && typeof item.day === 'number';
  }

  function list() {
    var kept = storage(), text = null;
    try { text = kept && kept.getItem(KEY); } catch (e) { return []; }
    if (!text) return [];
    try {
      var data = JSON.parse(text);
      if (!data || data.v !== VERSION || !Array.isArray(data.items)) return [];
      return data.items.filter(valid).slice(-MAX_ITEMS);
    } catch (e) {
      return [];
    }
  }

  function write(items) {  // false when the browser refuses it (no storage, or full)
    var kept = storage();
    if (!kept) return false;
    try {
      kept.setItem(KEY, JSON.stringify({v: VERSION, items: items}));
      return true;
    } catch (e) {
      return false;
    }
  }

  function add(exercise) {
    var item = {id: exercise.id, lang: exercise.lang, html: exercise.html, day: Math.floor(Date.now() / 86400000)};
    if (!valid(item)) return 'refused';
    var items = list();
    if (items.some(function (kept) { return kept.id === item.id; })) return 'again';
    items.push(item);
    items = items.slice(-MAX_ITEMS);
    while (!write(items)) {  // full: the oldest make room, never the one just added
      if (items.length < 2) return 'refused';
      items.shift();
    }
    return 'added';
  }

  function remove(id) {
    write(list().filter(function (item) { return item.id !== id; }));
  }

  function clear() {
    var kept = storage();
    try { if (kept) kept.removeItem(KEY); } catch (e) { /* a browser that keeps nothing holds nothing */ }
  }

  // What could run or load something taken out of a part of a task (the store is only text, and
  // anything on this site can write it): scripts but the JSON of verdicts, frames, objects,
  // styles and base or meta elements; on* attributes, srcdoc, and addresses that are script
  // (javascript:, vbscript:) or data. No script runs from innerHTML; an on* attribute would. The
  // task's own element too, and into its inert templates, whose content a selector does not
  // reach: a wrong answer's feedback is drawn from one.
  var REMOVED = /^(SCRIPT|IFRAME|FRAME|FRAMESET|OBJECT|EMBED|BASE|META|LINK|STYLE)$/;
  var ADDRESS = /^(href|src|action|formaction|xlink:href|data|poster|background)$/i;
  var UNSAFE = /^(javascript|vbscript|data):/i;
  function disarm(part) {
    var elements = Array.prototype.slice.call(part.querySelectorAll('*'));
    if (part.nodeType === 1) elements.unshift(part);
    elements.forEach(function (element) {
      if (REMOVED.test(element.tagName.toUpperCase()) && !(element.tagName === 'SCRIPT' && element.type === 'application/json')) {
        element.remove();
        return;
      }
      Array.prototype.slice.call(element.attributes).forEach(function (attribute) {
        var name = attribute.name, address = attribute.value.replace(/[\u0000-\u0020]/g, '');
        if (/^on/i.test(name) || /^srcdoc$/i.test(name) || (ADDRESS.test(name) && UNSAFE.test(address))) {
          element.removeAttribute(name);
        }
      });
      if (element.tagName === 'TEMPLATE') disarm(element.content);
    });
  }

  // The task as the worker drew it, made inert before it joins the page.
  function task(item, document) {
    var box = document.createElement('template');
    box.innerHTML = item.html;
    var article = box.content.firstElementChild;
    if (!article || box.content.children.length !== 1 || !article.matches('article.ll-task[data-ll-practice]')
        || article.dataset.llTask !== item.id) return null;
    disarm(article);
    article.lang = item.lang;
    return article;
  }

  // The Learn page's "From your reviews": each exercise kept, after the course's, and a link to
  // it in the units' list (its unit stays hidden while there is none).
  function fill(root) {
    var place = root.querySelector('[data-ll-practice-tasks]'), unit = root.querySelector('[data-ll-practice-unit]');
    if (!place || !unit) return 0;
    var links = unit.querySelector('ol'), document = root.ownerDocument, count = 0;
    list().forEach(function (item) {
      var article = task(item, document);
      if (!article) return;
      count += 1;
      place.appendChild(article);
      var link = document.createElement('a'), entry = document.createElement('li');
      link.href = '#ll-task-' + item.id;
      link.dataset.llGoto = item.id;
      var moment = article.querySelector('.ll-task-unit');  // " · Trick 3: 8♦"
      link.dataset.llMoment = moment ? moment.textContent.replace(/^[\s\u00b7]+/, '') : '';
      entry.appendChild(link);
      links.appendChild(entry);
    });
    return number(root);
  }

  // Each link's number is its place in the unit: "2: Trick 3: 8♦" (the unit hidden while empty).
  function number(root) {
    var unit = root.querySelector('[data-ll-practice-unit]');
    if (!unit) return 0;
    var links = unit.querySelectorAll('[data-ll-goto]');
    Array.prototype.forEach.call(links, function (link, at) {
      link.textContent = String(at + 1);
      link.setAttribute('aria-label', (at + 1) + ': ' + link.dataset.llMoment);
    });
    unit.hidden = links.length === 0;
    return links.length;
  }

  return {add: add, list: list, remove: remove, clear: clear, fill: fill, number: number, useStorage: useStorage,
          MAX_ITEMS: MAX_ITEMS,
          MAX_HTML: MAX_HTML, KEY: KEY};
});
