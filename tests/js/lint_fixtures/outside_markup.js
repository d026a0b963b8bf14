/* Must fail ESLint (tests/test_js_lint.py): markup from outside the project's own templates,
   and an outside key looked up through the object's own methods. Each line that must fail says
   which rule refuses it. */
document.body.innerHTML = location.hash;  // eslint fails: no-unsanitized/property
var link = document.querySelector('a[data-ll-share-link]');
document.body.innerHTML = '<p>' + link.href + '</p>';  // eslint fails: no-unsanitized/property
document.body.insertAdjacentHTML('beforeend', localStorage.getItem('ll-lang'));  // eslint fails: no-unsanitized/method
link.insertAdjacentHTML('afterend', new URLSearchParams(location.search).get('lang'));  // eslint fails: no-unsanitized/method
var words = JSON.parse(document.querySelector('script.ll-catalog').textContent);
if (words.hasOwnProperty(location.hash.slice(1))) link.title = 'known';  // eslint fails: no-prototype-builtins
link.textContent = words.__proto__;  // eslint fails: no-proto
