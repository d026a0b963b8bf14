/* global Documentation */
// The words Sphinx's scripts say on the Portuguese pages (the search page, the link that hides
// the words a search marked): Sphinx takes this file before its own catalog for "pt", which has
// none of them (an empty link was axe's link-name violation on every page a search led to).
Documentation.addTranslations({
    "locale": "pt_PT",
    "messages": {
        ", in ": ", em ",
        "Hide Search Matches": "Ocultar o realce da pesquisa",
        "Preparing search...": "A preparar a pesquisa\u2026",
        "Search Results": "Resultados da pesquisa",
        "Search finished, found ${resultCount} page(s) matching the search query.": "Pesquisa conclu\u00edda: ${resultCount} p\u00e1gina(s) correspondem \u00e0 pesquisa.",
        "Searching": "A pesquisar",
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.": "A pesquisa n\u00e3o encontrou nenhuma p\u00e1gina. Verifique se todas as palavras est\u00e3o escritas corretamente."
    },
    "plural_expr": "(n != 1)"
});
