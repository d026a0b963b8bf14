/* The rules sheet's Print button ([data-ll-print], print_sheet.py): prints the page, whose print
   style shows the sheet alone. One listener, however many sheets or copies of this script. */
if (!window.llPrintReady) {
  window.llPrintReady = true;
  document.addEventListener('click', function (e) {
    var target = /** @type {Element} */ (e.target);
    if (target.closest && target.closest('[data-ll-print]')) window.print();

  });
}
