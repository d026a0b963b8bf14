/* QR codes for the Class page, drawn and read in the browser, with nothing from elsewhere:
   drawn with the npm qrcode package's encoder (bundled into the site at build time as
   _static/ll-qrcode.js: window.llQRCode), read with the browser's BarcodeDetector where there is
   one, else with the npm jsQR (_static/ll-jsqr.js: window.jsQR) on a camera's frames or a photo.
   Both load when first needed, from the page's _static folder (a script element: from file:// too), so
   that the Learn page and a first visit's prefetch stay light; the offline worker keeps each
   once loaded, and the Class page, which the prefetch keeps, loads the encoder itself.
     llClassQr.draw(box, text)     -> a promise: the code of text as a PNG image in box, named by
                                      its data-ll-alt (false: no encoder, or too long: box hidden)
     llClassQr.read(canvas)        -> a promise of the text of the first code in the picture, or ''
     llClassQr.readFile(file)      -> the same, of a picture file
     llClassQr.prepare()           -> loads the reader now (where the browser has no BarcodeDetector)
     llClassQr.prepareWhenIdle()   -> the same once the page has loaded and the browser is idle: the
                                      reader is 57 KB of script that a slow phone's first paint of
                                      the Class page does not need */
(/** @param {Window} global */ function (global) {
  'use strict';
  if (global.llClassQr) return;
  var MODULE = 6, QUIET = 4;
  /* The page's _static folder, from Sphinx's root of the page (data-content_root), not from this
     script's own address: the build joins a page's scripts into one file at the site's root
     (book/_ext/site_scripts.py). */
  var here = new URL((document.documentElement.dataset.content_root || '') + '_static/', location.href).href;
  /** @type {{[name: string]: Promise<void>}} */
  var loading = {};

  /** The npm script ``name`` of this site's _static/, once. @param {string} name @param {unknown} ready */
  function script(name, ready) {
    if (ready) return Promise.resolve();
    if (!Object.prototype.hasOwnProperty.call(loading, name)) {
      loading[name] = new Promise(function (resolve) {
        var tag = document.createElement('script');
        tag.src = new URL(name, here).href;
        tag.onload = tag.onerror = function () { resolve(); };
        document.head.appendChild(tag);
      });
    }
    return loading[name];
  }
  function prepare() { return global.BarcodeDetector ? Promise.resolve() : script('ll-jsqr.js', global.jsQR); }
  function prepareWhenIdle() {
    var idle = function () { (global.requestIdleCallback || setTimeout)(function () { prepare(); }); };
    if (document.readyState === 'complete') idle();
    else global.addEventListener('load', idle, {once: true});
  }

  /** @param {HTMLElement} box @param {string} text @returns {Promise<boolean>} */
  function draw(box, text) {
    box.hidden = true;
    return script('ll-qrcode.js', global.llQRCode).then(function () { return drawNow(box, text); });
  }
  /** @param {HTMLElement} box @param {string} text */
  function drawNow(box, text) {
    var encoder = global.llQRCode;
    if (!encoder) return false;
    var code;
    try { code = encoder.create(text, {errorCorrectionLevel: 'M'}); } catch (tooLong) { return false; }
    var img = box.querySelector('img') || box.appendChild(document.createElement('img'));
    img.className = 'll-class-qr';
    img.alt = box.dataset.llAlt || '';
    var size = code.modules.size, side = (size + 2 * QUIET) * MODULE;
    var canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    var pen = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    pen.fillStyle = '#fff';
    pen.fillRect(0, 0, side, side);
    pen.fillStyle = '#000';
    for (var row = 0; row < size; row++) {
      for (var col = 0; col < size; col++) {
        if (code.modules.get(row, col)) pen.fillRect((col + QUIET) * MODULE, (row + QUIET) * MODULE, MODULE, MODULE);
      }
    }
    img.src = canvas.toDataURL('image/png');
    img.width = img.height = Math.min(side, 320);
    box.hidden = false;
    return true;
  }

  /** @param {HTMLCanvasElement} canvas @returns {Promise<string>} */
  function read(canvas) { return prepare().then(function () { return readNow(canvas); }); }
  /** @param {HTMLCanvasElement} canvas @returns {Promise<string>} */
  function readNow(canvas) {
    var Detector = global.BarcodeDetector;
    if (Detector) {
      return new Detector({formats: ['qr_code']}).detect(canvas).then(function (found) {
        return found.length ? found[0].rawValue : readWithJsQR(canvas);
      }, function () { return readWithJsQR(canvas); });
    }
    return Promise.resolve(readWithJsQR(canvas));
  }
  /** @param {HTMLCanvasElement} canvas */
  function readWithJsQR(canvas) {
    if (!global.jsQR || !canvas.width || !canvas.height) return '';
    var pen = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d', {willReadFrequently: true}));
    var pixels = pen.getImageData(0, 0, canvas.width, canvas.height);
    var found = global.jsQR(pixels.data, pixels.width, pixels.height, {inversionAttempts: 'attemptBoth'});
    return found ? found.data : '';
  }
  /** @param {Blob} file @returns {Promise<string>} */
  function readFile(file) {
    return new Promise(function (resolve) {
      var url = URL.createObjectURL(file);
      var img = new Image();
      img.onload = function () {
        var canvas = document.createElement('canvas');
        var scale = Math.min(1, 1600 / Math.max(img.naturalWidth, img.naturalHeight));
        canvas.width = Math.round(img.naturalWidth * scale);
        canvas.height = Math.round(img.naturalHeight * scale);
        /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).drawImage(img, 0, 0, canvas.width, canvas.height);
        URL.revokeObjectURL(url);
        read(canvas).then(resolve);
      };
      img.onerror = function () { URL.revokeObjectURL(url); resolve(''); };
      img.src = url;
    });
  }

  global.llClassQr = {draw: draw, read: read, readFile: readFile, prepare: prepare, prepareWhenIdle: prepareWhenIdle};
})(self);
