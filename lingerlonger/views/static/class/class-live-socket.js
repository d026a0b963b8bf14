/* A live class's socket (views/class_live.py; used by class-live-teacher.js and class-live-pupil.js):
   one WebSocket to the server that served the page, opened again by itself when it drops (after
   0.5 s, then up to 5 s apart), its hello said again first. A message sent while it is down waits
   and goes after the hello. The page follows the machine's light or dark mode (replay.css's colours). */
(function () {
  'use strict';
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)');
  function theme() { document.documentElement.dataset.theme = dark && dark.matches ? 'dark' : 'light'; }
  theme();
  if (dark) dark.addEventListener('change', theme);

  /**
   * @param {ClassSocketHandlers} handlers
   * @returns {{send(message: object): void}}
   */
  window.llClassSocket = function (handlers) {
    /** @type {WebSocket|null} */
    var socket = null;
    var wait = 500;
    /** @type {object[]} */
    var waiting = [];
    /** @param {object} message */
    function send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else waiting.push(message);
    }
    function open() {
      var scheme = window.location.protocol === 'https:' ? 'wss://' : 'ws://';
      socket = new WebSocket(scheme + window.location.host + '/ws?lang=' + encodeURIComponent(handlers.lang));
      socket.addEventListener('open', function () {
        wait = 500;
        if (handlers.offline) handlers.offline.hidden = true;
        var hello = handlers.hello();
        if (hello && socket) socket.send(JSON.stringify(hello));
        waiting.splice(0).forEach(send);
      });
      socket.addEventListener('message', function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (malformed) { return; }
        if (message && typeof message === 'object' && typeof message.op === 'string') handlers.message(message);
      });
      socket.addEventListener('close', function () {
        if (handlers.offline) handlers.offline.hidden = false;
        window.setTimeout(open, wait);
        wait = Math.min(wait * 2, 5000);
      });
    }
    open();
    return {send: send};
  };
})();
