/* Must fail tsc --checkJs --strict (tests/test_js_lint.py): a call against its JSDoc types, a
   parameter with none, and a wrong call of a global the scripts share (types/globals.d.ts). Each
   line that must fail says which error refuses it. */
/** @param {number} count @returns {string} */
function stars(count) { return '\u2605'.repeat(count); }
document.title = stars('3');  // tsc fails: TS2345
function untyped(value) { return value; }  // tsc fails: TS7006
untyped(stars(1));
window.llCourseProgress.open({order: 'deal-1'});  // tsc fails: TS2322
