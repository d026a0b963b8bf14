/* global Documentation */
// The words Sphinx's scripts say on the Spanish pages (the search page, the link that hides the
// words a search marked), as the book speaks to a reader (usted): Sphinx takes this file before
// its own catalog for "es", whose sentence for a search that found nothing has two faults
// ("ningún documentos", "usted allá seleccionado").
Documentation.addTranslations({
    "locale": "es",
    "messages": {
        ", in ": ", en ",
        "Hide Search Matches": "Quitar el resaltado de la b\u00fasqueda",
        "Preparing search...": "Preparando la b\u00fasqueda\u2026",
        "Search Results": "Resultados de la b\u00fasqueda",
        "Search finished, found ${resultCount} page(s) matching the search query.": "B\u00fasqueda terminada. P\u00e1ginas encontradas: ${resultCount}.",
        "Searching": "Buscando",
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.": "No se ha encontrado ninguna p\u00e1gina. Compruebe que todas las palabras est\u00e9n bien escritas."
    },
    "plural_expr": "(n != 1)"
});
