// The theme's style sheets cut to the rules the site can use (site_speed.py, step 4).
// node book/_ext/purge_styles.mjs SITE, from the repository's root: every `_static` folder of
// SITE (the English book's and each language's) has its theme sheets rewritten, keeping a rule
// when a word of its selector occurs in a page, a script of the site, a template or a module of
// the package (live mode draws from these), or the book's own scripts. What scripts add later
// by building a class name from parts is kept by the safelist below. Idempotent.
import { PurgeCSS } from 'purgecss';
import fs from 'node:fs';
import path from 'node:path';

const site = process.argv[2];
if (!site) throw new Error('usage: node book/_ext/purge_styles.mjs SITE');

/** The third-party sheets: ours (ll-*.css, the package's) are written for what they style. */
const SHEETS = [
  /^styles\/pydata-sphinx-theme\.css$/,
  /^styles\/sphinx-book-theme\.css$/,
  /^sphinx-design\.min\.css$/,
  /^mystnb\.[0-9a-f]+\.css$/,
  /^basic\.css$/,
];

/** @param {string} folder @returns {string[]} */
function staticFolders(folder) {
  const found = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '_live' || entry.name === '_images') continue;
    const inner = path.join(folder, entry.name);
    if (entry.name === '_static') found.push(inner);
    else found.push(...staticFolders(inner));
  }
  return found;
}

const sheets = staticFolders(site).flatMap((folder) =>
  ['', 'styles'].flatMap((sub) => {
    const dir = path.join(folder, sub);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir)
      .map((name) => (sub ? `${sub}/${name}` : name))
      .filter((name) => SHEETS.some((pattern) => pattern.test(name)))
      .map((name) => path.join(folder, name));
  }));

const results = await new PurgeCSS().purge({
  content: [
    `${site}/**/*.html`,
    `${site}/**/_static/**/*.js`,
    `${site}/*.js`,
    'lingerlonger/**/*.html',
    'lingerlonger/**/*.js',
    'lingerlonger/**/*.py',
    'book/_ext/**/*.{html,js,py}',
  ],
  css: sheets,
  // Custom properties, animations and fonts are kept whole: a variable may be read by any rule.
  variables: false,
  keyframes: false,
  fontFace: false,
  safelist: {
    // Bootstrap's placements, named by joining parts in its scripts (bs-tooltip-auto, ...).
    standard: [/^bs-(tooltip|popover)/, /^(tooltip|popover)-/],
  },
});
let before = 0;
let after = 0;
for (const result of results) {
  if (!result.file) continue;
  before += fs.statSync(result.file).size;
  after += Buffer.byteLength(result.css);
  fs.writeFileSync(result.file, result.css);
}
console.log(`purge_styles: ${results.length} theme style sheets, ${Math.round(before / 1024)} KB kept as ${Math.round(after / 1024)} KB`);
