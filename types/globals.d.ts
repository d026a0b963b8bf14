/* The types of the browser's scripts (tsconfig.json: tsc --checkJs --strict, run by `make lint`):
   what crosses between them (the window globals each sets and the others call) and between them
   and the Python that wrote the page or answers in live mode's worker. Declarations only: no
   script imports this file, tsc reads it with them. */

// ---- the course's progress (course_progress.js) ----

/** A solve, as the Learn page reports it, with the task's skills (course_page.task_skills). */
interface SolveResult {
  stars: number; mistakes?: number; hints?: number; skills?: string[];
  /** a review copy's solve: which copy (from 0) of how many the page has */
  copy?: number; copies?: number;
  /** a fresh copy's solve (drawn by live mode's worker once every copy was seen): its round */
  round?: number;
}
/** A solve's counts, every one given (and a review copy's, when it was one). */
type SolveCounts = Required<Omit<SolveResult, 'skills' | 'copy' | 'copies' | 'round'>> & Pick<SolveResult, 'copy' | 'copies' | 'round'>;

/** The review schedule (review_schedule.js): when a task comes back, and which copy it comes back as. */
interface ReviewScheduleApi {
  REVIEW_DAYS: number[]; MAX_COPIES: number; MAX_ROUND: number;
  solved(old: ProgressRecord | undefined, result: SolveCounts, day: number): ProgressRecord;
  seenAfter(seen: number | undefined, copy: number, count: number): number;
  nextCopy(seen: number | undefined, count: number): number;
  freshRound(record: ProgressRecord | undefined): number | null;
}
interface Window { llReviewSchedule?: ReviewScheduleApi }

/** A skill's mastery as the Learn page shows it (course_mastery.js). */
interface Mastery {
  skill: string; right: number; hints: number; wrong: number; score: number; level: 'weak' | 'learning' | 'strong';
}

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
  missed(id: string, skills: string[]): void;
  mastery(): Mastery[];
  weak(most: number): string[];
  state(id: string): TaskState | null;
  /** the copy (from 0) of the task's review to draw, of the ``count`` the page has */
  copy(id: string, count: number): number;
  /** the fresh copy's round the task's next review draws, or null while a built copy is unseen */
  round(id: string): number | null;
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
  solved(old: ProgressRecord | undefined, result: SolveCounts, day: number): ProgressRecord;
  merged(data: ProgressData, incoming: ProgressData): MergeResult;
  nextCopy(seen: number | undefined, count: number): number;
  today(now: number): number;
  linkText(hash: string | null | undefined): string | null;
  base64url(text: string): string;
  validOwn(item: unknown): item is OwnExercise;
  masteryOf(skill: string, mastery: SkillRecord): Mastery;
  counted(skills: { [skill: string]: SkillRecord }, ids: unknown, how: 'right' | 'hints' | 'wrong'): { [skill: string]: SkillRecord };
  FORMAT: string; VERSION: number; MAX_COPIES: number; STORAGE_KEY: string; REVIEW_DAYS: number[];
  MAX_OWN: number; MAX_LESSON: number; MASTERY_LEVELS: number[];
  /** The progress panel (course_progress_panel.js, loaded after it). */
  panel?(root: HTMLElement, progress: ProgressStore, options?: PanelOptions): { refresh(): void; say: Speaker };
}

interface PanelOptions { go?: (id: string) => void; review?: (ids: string[]) => void }
type Speaker = (key: string, values?: { [name: string]: string | number }) => string;

// ---- the Learn page's mastery (course_mastery.js; its words from views/course_mastery.py) ----

interface MasteryWords {
  skills: { [skill: string]: string }; own_skills: string[];
  levels: { weak: string; learning: string; strong: string };
  practise: string; practise_next: string; none_weak: string; empty: string; start: string; risen: string;
  exercises: { [form: string]: string }; lang: string;
}
interface MasteryOptions { say(text: string): void; tasks(): HTMLElement[]; show(task: HTMLElement): void }
interface MasteryApi { active(): boolean; next(): boolean }
interface Window { llMastery?: (root: HTMLElement, store: ProgressStore, options: MasteryOptions) => MasteryApi }

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

/** Any answer of the worker, as the pages read it today: each endpoint's own is LiveAnswers[name]
 * (browser_data.schema.json, which the Python side's answers are tested against); a refusal is
 * {error: html}. The calls still take it field by field, untyped: LiveAnswerOf<name> is the typed
 * answer, once each call site reads its refusal first. */
interface LiveAnswer { [field: string]: any }
/** What the worker answers a call of endpoint K, read after its refusal (answer(), result.error). */
type LiveAnswerOf<K extends keyof LiveAnswers> = Exclude<LiveAnswers[K], Refusal> & Partial<Refusal>;

/** A session the worker keeps (sessions.py): its number, sent back with each call about it. */
type LiveSession = number;

/** A shared lesson's text, unpacked from a link (#lesson=...), and its size unpacked. */
interface UnpackedLesson { text: string; size: number }

/** This page in each language of the site (primary subtag -> address), and the reader's. */
type PagesByLanguage = { [lang: string]: string } & { reader: string };

interface LiveKit {
  here: string | null | undefined;
  offline: boolean;
  boot?: string;
  needsServer(place: Element | null): string;
  call(name: keyof LiveAnswers, args?: object): Promise<LiveAnswer>;
  download(text: string, name: string): void;
  siteRoot(): string;
  restart?(): void;
  started(): boolean;
  /** Its files kept offline, the page's idle start: true once the first replay was drawn unseen. */
  warm?: Promise<boolean>;
  CHECK_LIMIT_MS: number;
  bounded(name: keyof LiveAnswers, args: object, ms: number): Promise<LiveAnswer>;
  button(action: string, text: string, key?: string): HTMLButtonElement;
  LESSON: string;
  unpackLesson(packed: string, limit: number): Promise<UnpackedLesson>;
  primary(tag: string): string;
  pagesByLanguage(): PagesByLanguage;
  lessonLanguage(text: string, madeIn: string): string;
  checkerPage(): string;
  share(text: string, page: string, words: ShareWords, place: Element, status: Element): Promise<void>;
  review(place: Element, args: ReviewArgs, o: ReviewOptions): Promise<LiveAnswer | null>;
  /** fewer deals for a hand's review: the tests' */
  reviewDeals?: number;
  /** The seed of every new hand (live-player.js), for a test that plays a known deal. */
  handSeed?: number;
}

/** What a hand's review is asked about: the hand or the branch a live player holds, in its language. */
interface ReviewArgs { lang: string; hand?: unknown; branch?: unknown; deals?: number }

interface ReviewOptions {
  label: string;
  answer(result: LiveAnswer): boolean;
  announce(text: string, assertive?: boolean): void;
  /** a moment's "Show this moment" pressed; name: the moment in words, said when it opens */
  open(review: unknown, step: number, name: string): void;
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

/** The detail of the "ll-step" event a replay sends when it shows a step. */
interface ReplayStep { at: number; lang: string }

/** What a replay tells live mode when "Try it live" is pressed: where it is, in which language. */
interface ReplayShown { at: number; lang: string; words: Catalog }

// ---- the Class page (static/class/: codec.js, qr.js, store.js, teacher.js, student.js) ----

/** An assignment, as codec.js reads it: its nonce (the class's key), title, day, exercise ids. */
interface ClassAssignment { nonce?: string; title: string; date: string; ids: string[]; own?: ClassOwnTask[] }
/** One of the teacher's own tasks in an assignment: its task's id and its scenario's text, packed
 * (deflate-raw, base64url: views/live_mode/class_tasks.py). */
interface ClassOwnTask { id: string; packed: string }
/** One exercise of a result: the first answer, the hints used, the stars (0: not solved), seconds. */
interface ClassItem { a: string; h: number; s: number; t: number }
/** A result handed in: the assignment's nonce, a first name, the minute, one item per exercise. */
interface ClassResult { nonce: string; name: string; minute: number; items: (ClassItem | null)[] }
type ClassRead<T> = { ok: true; value: T & { nonce: string } } | { ok: false; code: string; at: number };
type ClassWords = { [key: string]: string | { [form: string]: string } };
interface ClassCodecApi {
  speaker(words: ClassWords, lang: string): (key: string, values?: { [name: string]: string | number }) => string;
  makeAssignment(a: ClassAssignment, nonce?: string): string;
  readAssignment(text: unknown): ClassRead<ClassAssignment>;
  makeResult(r: ClassResult): string;
  readResult(text: unknown, kinds?: string[]): ClassRead<ClassResult>;
  nameProblem(name: string): string | null;
  codeIn(text: string, key: string): string;
  check(text: string): string;
  MAX_TEXT: number; MAX_EXERCISES: number; MAX_OWN: number; MAX_OWN_PACKED: number; ASSIGNMENT_KEY: string; RESULT_KEY: string;
}
/** The teacher's own task files on the Class page (static/class/own_tasks.js). */
interface ClassOwnOptions {
  say: (key: string, values?: { [name: string]: string | number }) => string;
  tell: (text: string) => void;
  lang: string;
  exercises: Map<string, ClassExercise>;
  taken(id: string): boolean;
}
interface ClassOwnApi {
  picked(): ClassOwnTask[];
  clear(): void;
  describe(tasks: ClassOwnTask[]): Promise<void>;
  ready(): Promise<void>;
  link(href: string): void;
  unread(id: string): ClassExercise;
}
/** A class the teacher keeps (IndexedDB): the assignment's text and the results' texts. */
interface ClassRecord { id: string; assignment: string; made: number; results: { name: string; code: string; minute: number }[] }
interface ClassStore {
  kept: boolean;
  list(): Promise<ClassRecord[]>;
  put(record: ClassRecord): Promise<void>;
  remove(id: string): Promise<void>;
}
/** One exercise as class_page.py writes it: answer -> [right, rule, the answer in words]; one of the
 * teacher's own tasks is named by its title (``at``, in quotation marks) and ``own``. */
interface ClassExercise {
  id: string; at: number | string; own?: boolean; unit: string; unitTitle: string; goal: string; kind: string; why: string;
  answers: { [answer: string]: [boolean, number | null, string] }; rule: number | null; tip: boolean; title: string;
}
interface ClassPageData {
  exercises: ClassExercise[]; learn: string; rules: string; count: number;
  /** a letter -> the letter it is drawn like (scenario/author_names.py SAME_SHAPE) */
  sameShape: { [letter: string]: string };
}
/** A rule's or a tip's line of the summary. */
interface ClassSummary {
  key: string; rule: number | null; tip: ClassExercise | null; at: number | string; missed: Set<string>;
  wrong: Map<string, { count: number; exercise: ClassExercise; answer: string }>;
}
/** What the student did, kept per assignment: exercise id -> the first answer and its solve. */
interface ClassWork { name: string; items: { [id: string]: ClassItem } }
/** The npm qrcode package's encoder (book/_ext/npm_bundle.py) and the npm jsQR reader. */
interface QRCodeEncoder { create(text: string, options: { errorCorrectionLevel: string }): { modules: { size: number; get(row: number, col: number): number | boolean } } }
declare class BarcodeDetector {
  constructor(options: { formats: string[] });
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

// ---- the offline copy (book/_ext/offline: ll-offline.js, the service worker) ----

/** A note after `place` that `why` ('live' or 'keep') needs the site served, and how; its text. */
type NeedsServer = (place: Element | null, why: 'live' | 'keep') => string;

/** What the app's script (ll-app.js) keeps on the elements ipywidgets draws: a player's voice
 * and the last moment it said, a message line's last words said; and a progress panel's store
 * (course_progress_panel.js). */
interface HTMLElement {
  llVoice?: Voice; llHeard?: string; llSaid?: string; llProgress?: ProgressStore;
  /** a Learn exercise: set up once (course.js); one of the reader's own, its data (practice_queue.js) */
  llSetUp?: boolean; llOwn?: OwnExercise;
  /** one of a class teacher's own tasks, its data (class/student.js): course.js has the worker draw it */
  llClassTask?: ClassTaskToDraw;
  /** a review copy's fresh copy (course.js's drawFresh): asked of live mode's worker, or answered */
  llFresh?: 'asking' | 'asked';
}
/** A teacher's own task on the student's Learn page: drawn by live mode's worker (endpoints.class_tasks);
 * ``offline``: what to say where the worker cannot run (the page opened as a file); ``failed``: where it
 * did not start or answer. */
interface ClassTaskToDraw { id: string; packed: string; lang: string; offline: string; failed: string }

interface Window {
  llClassCodec: ClassCodecApi;
  llClassQr: {
    draw(box: HTMLElement, text: string): Promise<boolean>; read(canvas: HTMLCanvasElement): Promise<string>;
    readFile(file: Blob): Promise<string>; prepare(): Promise<void>; prepareWhenIdle(): void;
  };
  llClassStore: { open(): Promise<ClassStore> };
  llClassOwn: (root: HTMLElement, options: ClassOwnOptions) => ClassOwnApi;
  llQRCode?: QRCodeEncoder;
  BarcodeDetector?: typeof BarcodeDetector;
  jsQR?: (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts: string }) => { data: string } | null;
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
  llNeedsServer?: NeedsServer;
  /** the markup a replay's own file (_static/replays/<hash>.js) registers, by key */
  llReplayParts?: { [key: string]: string };
  /** the markup of the Learn exercises a unit's file (_static/learn/<lang>-<unit>.<hash>.js) registers, by task id */
  llTaskBodies?: { [id: string]: string };
  llRevealReady?: boolean;
  llPrintReady?: boolean;
  /** a live class's socket (class-live-socket.js), opened again by itself when it drops */
  llClassSocket(handlers: ClassSocketHandlers): { send(message: object): void };
}

/** What a live class's page gives its socket: its language, its hello, what it does with a message. */
interface ClassSocketHandlers {
  lang: string;
  hello(): object | null;
  message(message: { op: string; [key: string]: any }): void;
  offline: HTMLElement | null;
}

/** The UMD head of course_progress.js, review_schedule.js and practice_queue.js, under node. */
declare var module: { exports: unknown } | undefined;
declare function require(name: './course_progress.js'): CourseProgressApi;
declare function require(name: './review_schedule.js'): ReviewScheduleApi;

/** sphinx-copybutton's globals (copybutton.js), which ll-theme.js translates: absent elsewhere. */
declare var messages: { [locale: string]: { [key: string]: string } } | undefined;
declare var locale: string | undefined;
