/* The types both the pages' scripts (tsconfig.json) and the workers' (tsconfig.worker.json) use:
   the messages between them. Declarations only. */

/** What the service worker tells a page: the book's size and whether it is all kept (its first
 * answer), the progress of keeping it, what it keeps after a visit, or why keeping failed. */
interface OfflineNews { bytes?: number; whole?: boolean; saving?: number; kept?: 'whole' | 'page' | 'some'; failed?: string; error?: string }
