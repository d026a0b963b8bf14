/* Live mode's page side, part (see live-kit.js): a lesson as a file, and as a link to
   the checker page (#lesson=...), packed and unpacked in the browser (CompressionStream). */
(function () {
  var kit = window.llLiveKit, here = kit.here;
  if (kit.offline) return;
  var LESSON = '#lesson=';
  /** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} transform
      @returns {ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>} */
  function streamed(bytes, transform) {  // bytes through a (De)CompressionStream, as a reader
    return new Blob([bytes]).stream().pipeThrough(transform).getReader();
  }
  /** @param {string} text @returns {Promise<string>} */
  function packLesson(text) {  // deflate-raw, then base64url
    var reader = streamed(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
    /** @type {Uint8Array<ArrayBuffer>[]} */
    var parts = [];
    /** @returns {Promise<string>} */
    function more() {
      return reader.read().then(function (got) {
        if (!got.done) { parts.push(got.value); return more(); }
        return new Blob(parts).arrayBuffer().then(function (buffer) {
          var bytes = new Uint8Array(buffer), binary = '';
          for (var i = 0; i < bytes.length; i += 8192)
            binary += String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (bytes.subarray(i, i + 8192))));
          return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        });
      });
    }
    return more();
  }
  /** @param {string} packed @param {number} limit @returns {Promise<UnpackedLesson>} */
  function unpackLesson(packed, limit) {  // a promise of {text, size}; rejects when corrupt
    return Promise.resolve().then(function () {
      if (!/^[A-Za-z0-9_-]+$/.test(packed)) throw new Error('not base64url');
      var binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
      var bytes = Uint8Array.from(binary, function (c) { return c.charCodeAt(0); });
      var reader = streamed(bytes, new DecompressionStream('deflate-raw')), size = 0;
      /** @type {Uint8Array<ArrayBuffer>[]} */
      var parts = [];
      /** @returns {Promise<UnpackedLesson>} */
      function more() {
        return reader.read().then(function (got) {
          if (got.done || size > limit) {  // never more than the checker's limit unpacked
            if (!got.done) reader.cancel().catch(function () {});
            return new Blob(parts).arrayBuffer().then(function (buffer) {
              var text = new TextDecoder('utf-8', {fatal: size <= limit}).decode(buffer.slice(0, limit));
              if (!text.trim()) throw new Error('empty');
              return {text: text, size: size};
            });
          }
          parts.push(got.value);
          size += got.value.length;
          return more();
        });
      }
      return more();
    });
  }
  // Tags are matched on their primary subtag: a browser saying pt-BR or pt gets the site's pt-PT.
  /** @param {string} tag */
  function primary(tag) { return String(tag).split('-')[0].toLowerCase(); }
  // This page in each language of the site (its alternate links), and the reader's language
  // (the first of the browser's languages the site has, else English).
  // Without a prototype: a language read from an address ('constructor', '__proto__') is no page.
  function pagesByLanguage() {
    /** @type {PagesByLanguage} */
    var pages = Object.create(null);
    // The links are absolute, at the published site (site_speed.py): each is taken at this
    // site, wherever it is served (a school's server, a test's): this page's own link and its
    // address end alike, and what comes before that end is the one site or the other.
    var own = /** @type {HTMLLinkElement | null} */ (document.querySelector(
      'link[rel=alternate][hreflang="' + CSS.escape(document.documentElement.lang) + '"]'));
    var published = '', local = '';
    if (own) {
      var there = new URL(own.href), here = new URL(location.href), a = there.pathname, b = here.pathname, same = 0;
      while (same < a.length && same < b.length && a[a.length - 1 - same] === b[b.length - 1 - same]) same++;
      published = there.origin + a.slice(0, a.length - same);
      local = here.origin + b.slice(0, b.length - same);
    }
    /** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel=alternate][hreflang]')).forEach(function (link) {
      var href = link.href;
      if (published && local && href.indexOf(published) === 0) href = local + href.slice(published.length);
      pages[primary(link.hreflang)] = href;
    });
    pages.reader = (navigator.languages || [navigator.language]).map(primary).filter(function (lang) {
      return lang !== 'reader' && pages[lang];
    })[0] || 'en';
    return pages;
  }
  // The language a shared lesson opens in: with texts in several languages ({en: ..., ru: ...}),
  // the reader's (madeIn: their browser's, not the sender's page); else its own (lang:, else English).
  /** @param {string} text @param {string} madeIn */
  function lessonLanguage(text, madeIn) {
    if (/(^[ \t]+|[{,][ \t]*)(en|pt|es|ru):[ \t]/m.test(text)) return madeIn;
    var own = /^lang:[ \t]*["']?([a-z]{2})\b/m.exec(text);
    return own ? own[1] : 'en';
  }
  function checkerPage() {  // the site's checker page, in the language of this page
    var root = document.documentElement.dataset.content_root;
    var base = root !== undefined ? new URL(root, location.href) : new URL('.', /** @type {string} */ (here));
    return new URL('book/check-a-scenario.html', base).href;
  }
  // "Share link": the lesson packed into the checker page's address, copied and shown.
  /** @param {string} text @param {string} page @param {ShareWords} words @param {Element} place @param {Element} status
      @returns {Promise<void>} */
  function share(text, page, words, place, status) {
    return packLesson(text).then(function (packed) {
      place.replaceChildren();
      if (packed.length > +words.shareLimit) { status.textContent = words.shareTooLong; return; }
      var url = page + LESSON + packed;
      var label = document.createElement('label'), field = document.createElement('input');
      label.className = 'll-share';
      field.type = 'text';
      field.readOnly = true;
      field.value = url;
      field.dataset.llShareLink = '';
      label.append(words.shareLink + ' ', field);
      place.append(label);
      field.select();
      // no clipboard outside a secure context, whatever the DOM's types say
      var clipboard = /** @type {Clipboard | undefined} */ (navigator.clipboard);
      var copied = clipboard && clipboard.writeText(url);

      return Promise.resolve(copied).then(function () {
        if (copied) status.textContent = words.shareCopied;
      }, function () {});  // no clipboard here: the link stays in its field, selected
    });
  }
  kit.LESSON = LESSON;
  kit.unpackLesson = unpackLesson;
  kit.primary = primary;
  kit.pagesByLanguage = pagesByLanguage;
  kit.lessonLanguage = lessonLanguage;
  kit.checkerPage = checkerPage;
  kit.share = share;
})();
