/* The types of the scripts that run in a worker (tsconfig.worker.json: the webworker library):
   what crosses between them and the pages, and what the build writes into the service worker.
   Declarations only, as types/globals.d.ts for the pages. */

/** [name, hash, bytes] of every file of the site (site_offline.py writes the list where __FILES__ is). */
declare const __FILES__: [string, string, number][];
