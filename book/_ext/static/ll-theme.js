/* The theme's sidebar buttons and its "Back to top" pill, made to say what they do and to keep
   off the replays (book/_ext/accessible_theme.py explains why each is needed). */
(() => {
  "use strict";
  // sphinx-book-theme: from this width the ☰ shows or hides the sidebar; below, it opens a dialog.
  const wide = window.matchMedia("(min-width: 992px)");

  /* A toggle says whether its panel is open (aria-expanded) and which element that is
     (aria-controls); the dialog is named as its button is; closing it gives focus back to the
     button (the theme blurs the button on a click, so it would hand focus to <body>). */
  /** @param {HTMLElement | null} toggle @param {HTMLElement | null} sidebar @param {HTMLDialogElement | null} dialog
      @param {boolean} hidesInPlace */
  function announce(toggle, sidebar, dialog, hidesInPlace) {
    if (!toggle || !sidebar || !dialog) return;
    dialog.setAttribute("aria-label", /** @type {string} */ (toggle.getAttribute("aria-label")));
    const update = () => {
      const inPlace = hidesInPlace && wide.matches && !dialog.open;
      toggle.setAttribute("aria-controls", inPlace ? sidebar.id : dialog.id);
      toggle.setAttribute("aria-expanded",
        String(dialog.open || (inPlace && !sidebar.classList.contains("pst-sidebar-hidden"))));
    };
    new MutationObserver(update).observe(dialog, { attributes: true, attributeFilter: ["open"] });
    new MutationObserver(update).observe(sidebar, { attributes: true, attributeFilter: ["class"] });
    wide.addEventListener("change", update);
    const refocus = () => setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) toggle.focus();
    });
    dialog.addEventListener("close", refocus);
    // A section of this page chosen in the dialog (a phone's "on this page"): the dialog closes,
    // the page shows the section, and the focus is on it (not on the button, nor the page).
    dialog.addEventListener("click", (event) => {
      const link = /** @type {Element} */ (event.target).closest("a[href]");
      if (!link || !dialog.open) return;
      const to = new URL(/** @type {HTMLAnchorElement} */ (link).href, location.href);
      if (to.pathname !== location.pathname || to.search !== location.search || !to.hash) return;
      dialog.close();
      setTimeout(() => {
        let id = to.hash.slice(1);
        try { id = decodeURIComponent(id); } catch { /* the address as it is */ }
        const target = document.getElementById(id);
        if (!target) return;
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      });
    });
    // A press of Enter or Space (a click of detail 0) keeps the focus where the reader is; seen
    // from the document, as the theme stops the click at the button on a wide screen.
    document.addEventListener("click", (event) => {
      if (event.detail === 0 && toggle.contains(/** @type {Node | null} */ (event.target))) refocus();
    }, true);
    update();
  }

  /* "Back to top" floats at the foot of the screen, where a replay's step bar sticks: it is
     hidden while any replay or editor is on screen, checked at each scroll (before the frame is
     drawn, as the theme shows the pill) and whenever one of them moves in or out of view. */
  function keepPillOffReplays() {
    const root = document.documentElement;
    const blocks = () => document.querySelectorAll(".ll-replay, .ll-editor, .ll-position-editor");
    const update = () => {
      const onScreen = Array.from(blocks()).some((block) => {
        const box = block.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      });
      root.classList.toggle("ll-replay-on-screen", onScreen);
    };
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    const watch = new IntersectionObserver(update);
    blocks().forEach((block) => watch.observe(block));
    update();
  }

  /* sphinx-copybutton speaks no Portuguese: the words it reads when it adds its buttons (the
     global `messages` of copybutton.js, for its `locale`) become the page's own, from the
     sidebar's catalog (templates/layout.html). This runs before it adds them (DOMContentLoaded). */
  const copyWords = document.getElementById("ll-copy-words");
  /** @type {{before: {[key: string]: string}, own: {[key: string]: string}} | null} */
  let copied = null;  // the words copybutton drew its icons' <title>s with, and the page's
  if (copyWords && typeof messages === "object" && typeof locale === "string" && messages[locale]) {
    const own = JSON.parse(/** @type {string} */ (copyWords.textContent));

    copied = { before: Object.assign({}, messages[locale]), own };
    Object.assign(messages[locale], own);
  }

  /* Its icons were drawn when it loaded, before the words changed: their titles are
     replaced now, and each time it swaps an icon (after a copy). */
  function retitleCopyIcons() {
    if (!copied) return;
    const retitle = () => document.querySelectorAll(".copybtn svg > title").forEach((title) => {
      for (const key of Object.keys(copied.own)) {
        if (title.textContent === copied.before[key]) title.textContent = copied.own[key];
      }
    });
    retitle();
    document.querySelectorAll(".copybtn:not([data-ll-retitled])").forEach((button) => {
      button.setAttribute("data-ll-retitled", "");
      new MutationObserver(retitle).observe(button, { childList: true });
    });
  }

  function start() {
    announce(document.querySelector(".primary-toggle"), document.getElementById("pst-primary-sidebar"),
      /** @type {HTMLDialogElement | null} */ (document.getElementById("pst-primary-sidebar-modal")), true);
    announce(document.querySelector(".secondary-toggle"), document.getElementById("pst-secondary-sidebar"),
      /** @type {HTMLDialogElement | null} */ (document.getElementById("pst-secondary-sidebar-modal")), false);

    keepPillOffReplays();
  }
  // copybutton adds its buttons at DOMContentLoaded, which comes after this deferred script.
  document.addEventListener("DOMContentLoaded", retitleCopyIcons);
  window.addEventListener("load", retitleCopyIcons);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
