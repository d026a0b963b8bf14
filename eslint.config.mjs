// ESLint over every script of the project (`eslint .`): the browser's (views/static, the book's
// theme and offline copy, the app's template) and node's (tests/js, the snapshot maker). `make lint`
// runs it from the lock (node_modules of `make assets`), as tsc (tsconfig.json, tsconfig.worker.json) for the types.
// Markup reaches a page only from the project's own templates: Mozilla's no-unsanitized refuses
// an innerHTML or insertAdjacentHTML of anything else. Each sink that takes the project's own
// markup (a worker's answer drawn by the package's templates, the book's packed frames, a
// catalog's words with markup) says so on its line, naming its source:
//   // eslint-disable-next-line no-unsanitized/property -- <where the markup comes from>
// (tests/test_js_lint.py proves that an outside value is refused; lint_fixtures/ must fail).
import js from '@eslint/js';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import globals from 'globals';

const STATIC = 'lingerlonger/views/static';
const FIXTURES = 'tests/js/lint_fixtures/**';

export default [
  // the fixtures must fail (browser scripts, as views/static's): tests/test_js_lint.py lints them alone
  {ignores: ['node_modules/', '_build/', '_static/', '.venv/', FIXTURES]},
  js.configs.recommended,
  {
    plugins: {'no-unsanitized': noUnsanitized},
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    languageOptions: {ecmaVersion: 2022, sourceType: 'script', globals: {...globals.browser}},
    rules: {
      'no-unsanitized/method': 'error',
      'no-unsanitized/property': 'error',
      // A key read from outside ('constructor', '__proto__', 'hasOwnProperty') is looked up as
      // an own key: Object.prototype.hasOwnProperty.call(object, key), or in Object.create(null).
      'no-prototype-builtins': 'error',
      'no-proto': 'error',
      'no-extend-native': 'error',
      'guard-for-in': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      // caught errors the scripts ignore on purpose are named for what they are (`malformed`)
      'no-unused-vars': ['error', {caughtErrors: 'none'}],
    },
  },
  {  // the progress store and the reader's own exercises: pages, and node's tests (module.exports)
    files: [`${STATIC}/learn/course_progress.js`, `${STATIC}/learn/review_schedule.js`, `${STATIC}/learn/practice_queue.js`,
      `${STATIC}/class/codec.js`],
    languageOptions: {globals: {...globals.browser, ...globals.commonjs}},
  },
  {  // live mode's worker and the snapshot's restoring: ES modules, in a Web Worker
    files: [`${STATIC}/live/live-worker.js`, `${STATIC}/live/live-restore.mjs`],
    languageOptions: {sourceType: 'module', globals: {...globals.worker}},
  },
  {  // sphinx-copybutton's globals, which ll-theme.js translates
    files: ['book/_ext/static/ll-theme.js'],
    languageOptions: {globals: {messages: 'readonly', locale: 'readonly'}},
  },
  {  // a template: site_offline.py writes the build's JSON where __FILES__ and __CHAPTERS__ are
    files: ['book/_ext/offline/sw.template.js'],
    languageOptions: {globals: {...globals.serviceworker, __FILES__: 'readonly', __CHAPTERS__: 'readonly'}},
  },
  {
    files: ['tests/js/**/*.js'],
    ignores: [FIXTURES],
    languageOptions: {sourceType: 'commonjs', globals: {...globals.node}},
  },
  {  // node's: the tests, the build's snapshot maker (book/_ext/live_snapshot.mjs), this file
    files: ['tests/js/**/*.mjs', 'book/_ext/*.mjs', '*.mjs'],
    languageOptions: {sourceType: 'module', globals: {...globals.node}},
  },
  {  // node's: no page, no markup; they import() the project's own modules by their path
    files: ['tests/js/**', 'book/_ext/*.mjs'],
    ignores: [FIXTURES],
    rules: {'no-unsanitized/method': 'off'},
  },
];
