/* A pupil's phone in a live class (views/templates/class_live/pupil.html): a first name, then the
   screens the server draws with the package's templates. The answer buttons are the Learn page's
   (course/answers.html); a tap sends the answer, once. The pupil's token is kept in this browser
   under the class's code: a reload, or a dropped connection, keeps the seat and the answers. */
(function () {
  'use strict';
  var root = /** @type {HTMLElement|null} */ (document.querySelector('[data-ll-pupil]'));
  if (!root) return;
  var page = root;
  var code = page.dataset.llClass || '';
  var lang = page.dataset.llLang || 'en';
  var TOKEN = 'll-class-pupil:' + code;
  /** @param {string} selector */
  function one(selector) { return /** @type {HTMLElement} */ (page.querySelector(selector)); }
  var form = /** @type {HTMLFormElement} */ (one('[data-ll-class-join]'));
  var nameInput = /** @type {HTMLInputElement} */ (form.querySelector('input'));
  var screen = one('[data-ll-pupil-screen]');
  var say = one('[data-ll-class-say]');
  var problem = one('[data-ll-class-problem]');

  function stored() { try { return window.localStorage.getItem(TOKEN); } catch (blocked) { return null; } }
  /** @param {string|null} value */
  function store(value) {
    try { if (value === null) window.localStorage.removeItem(TOKEN); else window.localStorage.setItem(TOKEN, value); } catch (blocked) { /* this visit only */ }
  }
  /** @param {string} text */
  function tell(text) { problem.textContent = text; problem.hidden = !text; }
  /** @param {string} text */
  function announce(text) { say.textContent = ''; window.setTimeout(function () { say.textContent = text; }, 50); }

  var socket = window.llClassSocket({
    lang: lang,
    offline: one('[data-ll-class-offline]'),
    hello: function () {
      var token = stored();
      if (!token) { form.hidden = false; return null; }
      return {op: 'hello', role: 'pupil', class: code, token: token, lang: lang};
    },
    message: function (message) {
      if (message.op === 'refused') {
        tell(String(message.text || ''));
        if (message.code === 'class.not-pupil') { store(null); form.hidden = false; }
        if (!form.hidden) nameInput.focus();
      } else if (message.op === 'joined') {
        store(String(message.token));
        form.hidden = true;
        tell('');
      } else if (message.op === 'screen') {
        draw(message);
      }
    },
  });

  /** @param {{op: string, [key: string]: any}} message a screen: html, say, task, given (null before an answer) */
  function draw(message) {
    var focused = document.activeElement;
    // the answer just pressed (redrawn), the join form just put away, or nothing: the screen takes the focus
    var wasInside = !focused || focused === document.body || screen.contains(focused) || !!focused.closest('[hidden]');
    // eslint-disable-next-line no-unsanitized/property -- drawn by the package's templates (views/templates/class_live/), sent by the class server
    screen.innerHTML = String(message.html);
    tell('');
    form.hidden = true;
    if (message.given !== null && message.given !== undefined) {
      var given = String(message.given).split(', ');
      screen.querySelectorAll('.ll-answer').forEach(function (button) {
        var answer = answerOf(/** @type {HTMLElement} */ (button));
        /** @type {HTMLButtonElement} */ (button).disabled = true;
        if (answer !== null) button.setAttribute('aria-pressed', given.indexOf(answer) >= 0 ? 'true' : 'false');
      });
    }
    announce(String(message.say || ''));
    if (wasInside) {
      // the verdict after the reveal, else the answer just given, else the screen's heading
      var target = /** @type {HTMLElement|null} */ (screen.querySelector('[data-ll-class-verdict] .ll-verdict-text')
        || screen.querySelector('[data-ll-class-status]') || screen.querySelector('[data-ll-class-heading]'));
      if (target) { if (!target.hasAttribute('tabindex')) target.tabIndex = -1; target.focus(); }
    }
  }

  /** @param {HTMLElement} button */
  function answerOf(button) {
    var data = button.dataset;
    var answer = data.llCard || data.llSuit || data.llSeat || data.llChoice;
    return answer === undefined ? null : answer;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    socket.send({op: 'join', class: code, name: nameInput.value.trim(), lang: lang});
  });
  screen.addEventListener('click', function (event) {
    var button = /** @type {HTMLButtonElement|null} */ (/** @type {HTMLElement} */ (event.target).closest('button'));
    var task = /** @type {HTMLElement|null} */ (screen.querySelector('[data-ll-task]'));
    if (!button || !task || button.disabled || !button.closest('.ll-answers')) return;
    if (task.dataset.llKind === 'seats') {
      if (button.dataset.llAction !== 'check') {
        button.setAttribute('aria-pressed', button.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
        return;
      }
      var seats = Array.prototype.map.call(task.querySelectorAll('[data-ll-seat][aria-pressed=true]'),
        function (seat) { return /** @type {HTMLElement} */ (seat).dataset.llSeat; });
      socket.send({op: 'answer', task: task.dataset.llTask, answer: seats});
      return;
    }
    socket.send({op: 'answer', task: task.dataset.llTask, answer: answerOf(button)});
  });
})();
