// Scripts and style sheets made small for the site's joined files (minify.py, for site_scripts.py and site_speed.py):
// node book/_ext/minify.mjs js|css, from the repository's root, reads a JSON list of texts on
// stdin and writes the list of their minified texts (null where esbuild refused one: that text
// is then used as it is).
// A script is a classic one on its own: esbuild, given no module format, renames no top-level
// name (the page's other scripts call them) and, given no target, lowers no syntax. Licence
// comments (/*! ... */) stay; UTF-8 is written as it is, not as escapes.
import { transformSync } from 'esbuild';
import fs from 'node:fs';

const loader = process.argv[2];
if (loader !== 'js' && loader !== 'css') throw new Error('usage: node book/_ext/minify.mjs js|css');
/** @type {string[]} */
const texts = JSON.parse(fs.readFileSync(0, 'utf8'));
const minified = texts.map((text) => {
  try {
    return transformSync(text, { loader, minify: true, legalComments: 'inline', charset: 'utf8' }).code;
  } catch (error) {
    process.stderr.write(`minify: left as it is: ${String(error).split('\n')[0]}\n`);
    return null;
  }
});
process.stdout.write(JSON.stringify(minified));
