/* The teacher's screen of a live class (views/templates/class_live/teacher.html): the teacher key
   (from the address's #key=..., else typed; kept in this browser), the exercises to choose, then
   the room: the server draws each part ([data-ll-part]) with the package's templates and sends
   it as HTML; the count and what changed are said in the page's live regions. */
(function () {
  'use strict';
  var root = /** @type {HTMLElement|null} */ (document.querySelector('[data-ll-class-live]'));
  if (!root) return;
  var page = root;
  var lang = page.dataset.llLang || 'en';
  var KEY = 'll-class-key', CODE = 'll-class-code';
  /** @param {string} selector */
  function one(selector) { return /** @type {HTMLElement} */ (page.querySelector(selector)); }
  var keyForm = /** @type {HTMLFormElement} */ (one('[data-ll-class-key]'));
  var setup = /** @type {HTMLFormElement} */ (one('[data-ll-class-setup]'));
  var room = one('[data-ll-class-room]');
  var say = one('[data-ll-class-say]');
  var problem = one('[data-ll-class-problem]');
  var select = /** @type {HTMLSelectElement} */ (one('[data-ll-class-exercise]'));
  var pushButton = /** @type {HTMLButtonElement} */ (one('[data-ll-action=push]'));
  var revealButton = /** @type {HTMLButtonElement} */ (one('[data-ll-action=reveal]'));
  var count = one('[data-ll-answers]');
  var earlier = one('[data-ll-class-earlier]');
  var shown = {current: /** @type {string|null} */ (null), revealed: false};

  /** @param {string} name */
  function stored(name) { try { return window.localStorage.getItem(name); } catch (blocked) { return null; } }
  /** @param {string} name @param {string|null} value */
  function store(name, value) {
    try { if (value === null) window.localStorage.removeItem(name); else window.localStorage.setItem(name, value); } catch (blocked) { /* kept for this visit only */ }
  }
  /** The key in the address's fragment (the link the server printed), kept and taken off the address. */
  function keyFromAddress() {
    var fragment = /^#key=([A-Za-z0-9_-]{8,64})$/.exec(window.location.hash);
    if (!fragment) return false;
    store(KEY, fragment[1]);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return true;
  }
  keyFromAddress();

  /** @param {string} text */
  function tell(text) { problem.textContent = text; problem.hidden = !text; }
  /** @param {string} text */
  function announce(text) { say.textContent = ''; window.setTimeout(function () { say.textContent = text; }, 50); }
  /** @param {HTMLElement} section */
  function showOnly(section) {
    [keyForm, setup, room].forEach(function (each) { each.hidden = each !== section; });
    var focused = document.activeElement;
    if (focused && focused !== document.body && focused.closest('[hidden]')) one('[data-ll-class-heading]').focus();
  }

  var socket = window.llClassSocket({
    lang: lang,
    offline: one('[data-ll-class-offline]'),
    hello: function () {
      var key = stored(KEY);
      if (!key) { showOnly(keyForm); return null; }
      return {op: 'hello', role: 'teacher', key: key, class: stored(CODE), lang: lang};
    },
    message: receive,
  });

  /** @param {{op: string, [key: string]: any}} message */
  function receive(message) {
    if (message.op === 'refused') {
      tell(String(message.text || ''));
      if (message.code === 'class.not-teacher') { store(KEY, null); showOnly(keyForm); /** @type {HTMLInputElement} */ (keyForm.querySelector('input')).focus(); }
      if (message.code === 'class.no-class') { store(CODE, null); showOnly(setup); }
    } else if (message.op === 'welcome') {
      tell('');
      if (!stored(CODE)) showOnly(setup);
      listEarlier(Array.isArray(message.classes) ? message.classes : []);
    } else if (message.op === 'opened') {
      store(CODE, String(message.class));
    } else if (message.op === 'room') {
      drawRoom(message);
    }
  }

  /** @param {unknown[]} codes */
  function listEarlier(codes) {
    var list = /** @type {HTMLUListElement} */ (earlier.querySelector('ul'));
    list.textContent = '';
    codes.forEach(function (code) {
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.dataset.llResume = String(code);
      button.textContent = String(code);
      item.appendChild(button);
      list.appendChild(item);
    });
    earlier.hidden = !codes.length;
  }

  /** @param {{op: string, [key: string]: any}} message */
  function drawRoom(message) {
    var wasHidden = room.hidden;
    showOnly(room);
    tell('');
    store(CODE, String(message.class));
    one('[data-ll-join-code]').textContent = String(message.class);
    var qr = /** @type {HTMLImageElement} */ (one('[data-ll-class-qr]'));
    var source = '/qr/' + encodeURIComponent(String(message.class)) + '.svg';
    if (qr.getAttribute('src') !== source) qr.src = source;
    if (Array.isArray(message.exercises)) fillExercises(message.exercises);
    var parts = message.parts || {};
    Object.keys(parts).forEach(function (name) {
      var part = page.querySelector('[data-ll-part="' + CSS.escape(name) + '"]');
      // eslint-disable-next-line no-unsanitized/property -- drawn by the package's templates (views/templates/class_live/), sent by the class server
      if (part) part.innerHTML = String(parts[name]);
    });
    count.dataset.llAnswers = String(message.count);
    count.textContent = String(message.count_text);
    revealButton.disabled = !message.current || !!message.revealed;
    if (message.current !== shown.current && message.current) {
      var next = select.querySelector('option[value="' + CSS.escape(String(message.current)) + '"] + option');
      if (next) select.value = /** @type {HTMLOptionElement} */ (next).value;
      var goal = page.querySelector('[data-ll-part=task] .ll-task-goal');
      if (goal) announce(goal.textContent || '');
    } else if (message.revealed && !shown.revealed) {
      var right = page.querySelector('[data-ll-part=reveal] .ll-class-right');
      if (right) announce(right.textContent || '');
    }
    shown = {current: message.current || null, revealed: !!message.revealed};
    var revealed = /** @type {HTMLElement|null} */ (page.querySelector('[data-ll-part=reveal] h2'));
    if (document.activeElement === revealButton && revealButton.disabled && revealed) revealed.focus();
    else if (wasHidden) one('[data-ll-class-heading]').focus();
  }

  /** @param {unknown[][]} exercises [id, label] pairs */
  function fillExercises(exercises) {
    var kept = select.value;
    select.textContent = '';
    exercises.forEach(function (pair) {
      var option = document.createElement('option');
      option.value = String(pair[0]);
      option.textContent = String(pair[1]);
      select.appendChild(option);
    });
    if (kept && select.querySelector('option[value="' + CSS.escape(kept) + '"]')) select.value = kept;
  }

  window.addEventListener('hashchange', function () {  // the printed link pasted over this page
    if (keyFromAddress()) socket.send({op: 'hello', role: 'teacher', key: stored(KEY), class: stored(CODE), lang: lang});
  });
  keyForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var input = /** @type {HTMLInputElement} */ (keyForm.querySelector('input'));
    store(KEY, input.value.trim());
    input.value = '';
    var hello = {op: 'hello', role: 'teacher', key: stored(KEY), class: stored(CODE), lang: lang};
    socket.send(hello);
  });
  setup.addEventListener('submit', function (event) {
    event.preventDefault();
    var chosen = Array.prototype.map.call(setup.querySelectorAll('input[name=exercise]:checked'),
      function (box) { return /** @type {HTMLInputElement} */ (box).value; });
    socket.send({op: 'open', exercises: chosen, lang: lang});
  });
  earlier.addEventListener('click', function (event) {
    var button = /** @type {HTMLElement} */ (event.target).closest('[data-ll-resume]');
    if (!button) return;
    store(CODE, /** @type {HTMLElement} */ (button).dataset.llResume || '');
    socket.send({op: 'hello', role: 'teacher', key: stored(KEY), class: stored(CODE), lang: lang});
  });
  pushButton.addEventListener('click', function () { if (select.value) socket.send({op: 'push', task: select.value}); });
  revealButton.addEventListener('click', function () { socket.send({op: 'reveal'}); });
  one('[data-ll-action=csv]').addEventListener('click', function () {
    var code = stored(CODE);
    if (!code) return;
    window.fetch('/class/' + encodeURIComponent(code) + '/answers.csv', {headers: {'X-Teacher-Key': stored(KEY) || ''}})
      .then(function (response) {
        if (!response.ok) return response.text().then(function (text) { tell(text); });
        return response.blob().then(function (blob) {
          var link = document.createElement('a');
          link.href = URL.createObjectURL(blob);
          link.download = 'class-' + code + '.csv';
          document.body.appendChild(link);
          link.click();
          link.remove();
          window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
        });
      });
  });
})();
