/* The types of the browser's scripts (jsconfig.json: tsc --checkJs --strict, run by `make lint`):
   what crosses between them (the window globals each sets and the others call) and between them
   and the Python that wrote the page or answers in live mode's worker. Declarations only: no
   script imports this file, tsc reads it with them. */

// ---- the course's progress (course_progress.js) ----

/** A task's record in the store: best stars, the last solve's mistakes and hints, how many
 * solves, its day; in review: its Leitner box and the day it is due (both or neither). */
interface ProgressRecord { s: number; m: number; h: number; n: number; t: number; b?: number; r?: number }

/** One of the reader's own exercises (practice_queue.js; the worker's endpoints.practise
 * answers it, endpoints.practice_task draws it): data, never markup. */
interface OwnExercise { id: string; lang: string; moment: string; lesson: string; day: number }

/** The data of the progress file, version 2: task id -> record, in an object without a prototype. */
interface ProgressData { tasks: { [id: string]: ProgressRecord }; last: string | null; own: OwnExercise[] }

/** A solve, as the Learn page reports it. */
interface SolveResult { stars: number; mistakes?: number; hints?: number }

interface TaskState {
  stars: number; mistakes: number; hints: number; attempts: number; day: number;
  box: number | null; due: number | null; dueToday: boolean;
}

/** What loading a file or a link would change, and apply() to do it (returns the text kept before). */
interface ProgressPreview {
  changed: number; done: number; stars: number; review: number; own: number;
  apply(): string;
}

/** getItem, setItem, removeItem of localStorage, or a test's own. */
interface ProgressStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface ProgressOptions { order?: string[]; storage?: ProgressStorage; now?: () => number }

interface ProgressStore {
  kept: boolean;
  damaged: boolean;
  order: string[];
  REVIEW_DAYS: number[];
  record(id: string, result: SolveResult): TaskState | null;
  state(id: string): TaskState | null;
  count(): { done: number; total: number };
  next(): string | null;
  due(): string[];
  exportText(): string;
  preview(text: string): ProgressPreview;
  restore(text: string): void;
  importText(text: string): number;
  link(address: string): string;
  previewLink(hash: string): ProgressPreview | null;
  importLink(hash: string): number | null;
  own(): OwnExercise[];
  keepOwn(item: OwnExercise): 'added' | 'again' | 'refused';
  dropOwn(id: string): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
}

interface ProgressErrorCode { code: string; name: string; message: string }
interface ProgressErrorConstructor { new (code: string): Error & ProgressErrorCode; prototype: Error & ProgressErrorCode }

interface MergeResult {
  data: ProgressData; changed: number; done: number; stars: number; review: number; own: number;
}

interface CourseProgressApi {
  open(options?: ProgressOptions): ProgressStore;
  ProgressError: ProgressErrorConstructor;
  checksum(data: unknown): string;
  canonical(value: unknown): string;
  wrap(data: ProgressData): string;
  unwrap(text: unknown): ProgressData;
  solved(old: ProgressRecord | undefined, result: Required<SolveResult>, day: number): ProgressRecord;
  merged(data: ProgressData, incoming: ProgressData): MergeResult;
  today(now: number): number;
  linkText(hash: string | null | undefined): string | null;
  base64url(text: string): string;
  validOwn(item: unknown): item is OwnExercise;
  FORMAT: string; VERSION: number; STORAGE_KEY: string; REVIEW_DAYS: number[];
  MAX_OWN: number; MAX_LESSON: number;
  /** The progress panel (course_progress_panel.js, loaded after it). */
  panel?(root: HTMLElement, progress: ProgressStore, options?: PanelOptions): { refresh(): void; say: Speaker };
}

interface PanelOptions { go?: (id: string) => void; review?: (ids: string[]) => void }
type Speaker = (key: string, values?: { [name: string]: string | number }) => string;

// ---- the reader's own exercises (practice_queue.js) ----

interface PracticeQueueApi {
  add(exercise: { id: string; lang: string; moment: string; lesson: string }): 'added' | 'again' | 'refused';
  list(): OwnExercise[];
  remove(id: string): void;
  fill(root: ParentNode & Node, words: { heading: string; waiting: string }): number;
  number(root: ParentNode): number;
  useStorage(storage: ProgressStorage | null | undefined): void;
  MAX_ITEMS: number; MAX_LESSON: number; OLD_KEY: string;
}

// ---- live mode's page side (live-kit.js, live-share.js, ll-live.js's other parts) ----

/** Every answer of the worker (lingerlonger.views.live_mode.endpoints): HTML drawn by the
 * package's own templates, and the values of each endpoint; a refusal is {error: html}. */
interface LiveAnswer { [field: string]: any }

/** The words a live player, the checker or a saved lesson's answer gives share(). */
interface ShareWords { shareLimit: string | number; shareTooLong: string; shareLink: string; shareCopied: string }

/** A shared lesson's text, unpacked from a link (#lesson=...), and its size unpacked. */
interface UnpackedLesson { text: string; size: number }

/** This page in each language of the site (primary subtag -> address), and the reader's. */
type PagesByLanguage = { [lang: string]: string } & { reader: string };

interface LiveKit {
  here: string | null | undefined;
  offline: boolean;
  boot?: string;
  needsServer(place: Element | null): string;
  call(name: string, args?: object): Promise<LiveAnswer>;
  download(text: string, name: string): void;
  siteRoot(): string;
  restart?(): void;
  started(): boolean;
  CHECK_LIMIT_MS: number;
  bounded(name: string, args: object, ms: number): Promise<LiveAnswer>;
  button(action: string, text: string, key?: string): HTMLButtonElement;
  LESSON: string;
  unpackLesson(packed: string, limit: number): Promise<UnpackedLesson>;
  primary(tag: string): string;
  pagesByLanguage(): PagesByLanguage;
  lessonLanguage(text: string, madeIn: string): string;
  checkerPage(): string;
  share(text: string, page: string, words: ShareWords, place: Element, status: Element): Promise<void>;
  review(place: Element, args: object, o: ReviewOptions): Promise<LiveAnswer | null>;
  /** fewer deals for a hand's review: the tests' */
  reviewDeals?: number;
}

interface ReviewOptions {
  label: string;
  answer(result: LiveAnswer): boolean;
  announce(text: string, assertive?: boolean): void;
  open(review: unknown, step: number): void;
  failed(error: unknown): void;
}

// ---- the table's voice (table-voice.js) and the replays (replay.js) ----

interface Voice {
  announce(text: string | null | undefined, assertive?: boolean, lang?: string): void;
  sayMoment(lines: string[], urgent: string | null | undefined, lang?: string): void;
  narrate(place?: ParentNode): void;
  settle(wasInside: boolean, preferred?: HTMLElement | null): void;
  dress(): void;
  /** what a part of the page says, its phrases parted (never run together as textContent) */
  textOf(node: Node): string;
}

/** A replay's words, per language: catalog id -> text (some with markup: data-t-html). */
type Catalog = { [lang: string]: { [id: string]: string } };

/** What a replay tells live mode when "Try it live" is pressed: where it is, in which language. */
interface ReplayShown { at: number; lang: string; words: Catalog }

interface Window {
  llCourseProgress: CourseProgressApi;
  llPracticeQueue?: PracticeQueueApi;
  llLiveKit: LiveKit;
  llLearn(root: HTMLElement): void;
  llVoice(root: HTMLElement, say: (key: string) => string): Voice;
  llReplay(root: HTMLElement): void;
  llLoadReplay(root: HTMLElement): void;
  llReplayAll(): void;
  llUnpacked(script: Element): Promise<any>;
  llLangKey(): string;
  llLive?: (root: HTMLElement, shown: ReplayShown) => void;
  llNeedsServer?: (place: Element | null, why: string) => string;
  /** the markup a replay's own file (_static/replays/<hash>.js) registers, by key */
  llReplayParts?: { [key: string]: string };
  llRevealReady?: boolean;
  llPrintReady?: boolean;
}

/** The UMD head of course_progress.js and practice_queue.js, under node. */
declare var module: { exports: unknown } | undefined;
declare function require(name: './course_progress.js'): CourseProgressApi;

/** sphinx-copybutton's globals (copybutton.js), which ll-theme.js translates: absent elsewhere. */
declare var messages: { [locale: string]: { [key: string]: string } } | undefined;
declare var locale: string | undefined;
