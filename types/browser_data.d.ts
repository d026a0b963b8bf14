/* Written by book/_ext/browser_types.py from lingerlonger/views/browser_data.schema.json:
   do not edit (tests/test_browser_data.py checks that it is current). The data that
   crosses between the package's Python and the browser's scripts, declared for both
   tsconfig.json (the pages) and tsconfig.worker.json (the workers). */

/** A task's record in the progress store (course_progress.js): both b and r, or neither. */
interface ProgressRecord {
  /** best stars */
  s: number;
  /** the last solve's mistakes */
  m: number;
  /** the last solve's hints */
  h: number;
  /** how many solves */
  n: number;
  /** the last solve's day (a local day number) */
  t: number;
  /** in review: its Leitner box (an index of REVIEW_DAYS) */
  b?: number;
  /** in review: the day it is due */
  r?: number;
  /** the review copies seen, bit k for copy k (review_schedule.js): the next review draws the first one not seen */
  c?: number;
  /** once every copy was seen, the fresh copies' rounds solved (review_schedule.js): the next review on the served site draws round f's, which live mode's worker makes */
  f?: number;
}

/** One of the reader's own exercises, from a review's "Practise this" (endpoints.practise): data, never markup. */
interface OwnExercise {
  id: string;
  lang: string;
  /** its name in words, for textContent */
  moment: string;
  /** a scenario file's text */
  lesson: string;
  day: number;
}

/** A rule's or a tip's mastery in the store (course_progress.js, course_mastery.js). */
interface SkillRecord {
  /** answers right first time */
  r: number;
  /** solved with hints */
  h: number;
  /** wrong answers */
  w: number;
}

/** The progress of version 3 (its own exercises' ids are unique too). */
interface ProgressData {
  /** task id -> record */
  tasks: {
    [key: string]: ProgressRecord;
  };
  last?: string | null;
  own: OwnExercise[];
  /** skill ("rule-N", "tip-N") -> mastery */
  skills: {
    [key: string]: SkillRecord;
  };
}

/** A progress file, the store's text and a progress link's (before base64url): version 3. */
interface ProgressFile {
  format: "linger-longer-progress";
  v: 3;
  data: ProgressData;
  /** FNV-1a of data's canonical JSON */
  sum: string;
}

/** What a Learn exercise judges with (course_page.task_data, course/task.html's script.ll-task-data). */
interface TaskData {
  kind: "card" | "suit" | "seat" | "seats" | "choice";
  /** answer -> [right, the number of the rule that decides it, or null] */
  verdicts: {
    [key: string]: [boolean, number | null];
  };
  /** the rules and tips the exercise practises (course_page.task_skills): its answers count for them */
  skills?: string[];
}

/** The Learn page's words (course_page.py's catalog, course/page.html's script.ll-learn-words). */
interface LearnWords {
  /** by the count of stars, 1 to 3 */
  stars: {
    [key: string]: string;
  };
  /** with {answer} and {verdict} */
  chosen: string;
  right: string;
  wrong: string;
  all_done: string;
  /** with {moment} */
  removed: string;
  from_reviews: string;
  practice_waiting: string;
  practice_unreadable: string;
  practice_remove: string;
  /** while an exercise's unit file loads (book/_ext/site_assets.py) */
  unit_loading: string;
  unit_failed: string;
  retry: string;
}

/** A replay's words, per language: message id -> text (some with markup: data-t-html). Its script.ll-catalog. */
type Catalog = {
  [key: string]: {
    [key: string]: string;
  };
};

/** A replay's frames in another language (static_replay.packed: gzipped, base64), each a frame's HTML. */
type PackedFrames = string[];

/** What "Share link" says (endpoints._share_words): save_lesson's, and the checker's data-share-* attributes. */
interface ShareWords {
  shareCopied: string;
  shareLink: string;
  shareTooLong: string;
  /** MAX_LINK_CHARS, in digits */
  shareLimit: string;
}

/** What follows #lesson= in a share link: the lesson's UTF-8, deflate-raw, base64url without padding (live-share.js; endpoints.MAX_LINK_CHARS). */
type ShareLink = string;

/** live.json (book/_ext/site_live.py): what live mode's worker unpacks and restores. */
interface LiveListing {
  version: string;
  archives: {
    file: string;
    format: "zip";
  }[];
  snapshot?: string | null;
}

/** An endpoint's refusal: {error: html}, in the reader's words. */
interface Refusal {
  /** the refusal's box, in the reader's language */
  error: string;
  /** the session is lost (a stopped worker): the page may open it again */
  lost?: true;
  /** the refusal as text (serve's own refusals) */
  refused?: string;
  /** a bug, logged in the worker */
  internal?: true;
  line?: number;
  column?: number;
}

/** open_replay: the scenario kept as a session, and its number of frames. */
interface OpenReplayAnswer {
  session: number;
  frames: number;
}

/** frame: a frame with the seat to act's cards as buttons. */
interface FrameAnswer {
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
  hint: string;
}

/** answer: the quiz box again. */
interface QuizAnswer {
  /** HTML drawn by the package's own templates (autoescaped) */
  quiz: string;
}

/** what_if: the frames after the card, and the branch kept as a session. */
interface WhatIfAnswer {
  frames: string[];
  branch: number;
  reviewable: boolean;
}

/** coach, practice_task, review_copy: a panel to show. */
interface HtmlAnswer {
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
}

/** class_tasks with a file's text: each exercise of a teacher's task file, checked and packed. */
interface ClassTaskFile {
  tasks: {
    /** the task's id */
    id: string;
    /** the exercise's scenario text, deflate-raw in base64url (views/live_mode/class_tasks.py pack) */
    packed: string;
    exercise: ClassTaskWords;
  }[];
}

/** class_tasks with a packed exercise: it drawn, and its answers in words. */
interface ClassTaskDrawn {
  /** the exercise drawn by the course's template (course/task.html) */
  html: string;
  exercise: ClassTaskWords;
}

/** class_tasks: a file or a packed exercise refused, in the reader's words. */
interface ClassTaskRefused {
  /** why, as text: a located error of the file, or a packed exercise that cannot be read */
  refused: string;
}

/** One of the teacher's own exercises as views/class_page.py exercise_data describes the course's (the page reads it as a ClassExercise). */
interface ClassTaskWords {
  id: string;
  /** the scenario's title: text, never markup */
  title: string;
  own: true;
  [key: string]: unknown | string | true;
}

/** new_hand: the hand, kept as a session. */
interface NewHandAnswer {
  session: number;
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
}

/** levels: the computer's levels a new hand may be dealt against, in the page's language. */
interface LevelsAnswer {
  /** the menu's name */
  label: string;
  /** each level the app offers: [kind, its words] */
  levels: [string, string][];
}

/** hand_play: the hand after your card and the computers'. */
interface HandPlayAnswer {
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
  over: boolean;
}

/** save_lesson: the lesson file, and the words of sharing it. */
interface SaveLessonAnswer {
  text: string;
  name: string;
  words: ShareWords;
}

/** review: one more choice reviewed; the panel (html) with the last. */
interface ReviewAnswer {
  review: number;
  done: number;
  total: number;
  said: string;
  /** HTML drawn by the package's own templates (autoescaped) */
  html?: string;
}

/** review_moment: a moment of the review as a scenario's session, at its step. */
interface ReviewMomentAnswer {
  session: number;
  at: number;
}

/** practise: the exercise as data (an OwnExercise but its day), and what to say once kept or refused. */
interface PractiseAnswer {
  id: string;
  lang: string;
  /** its name in words, for textContent */
  moment: string;
  /** a scenario file's text */
  lesson: string;
  said: string;
  refused: string;
}

/** check_file: the file's replays; where a replay fails, its located error. */
interface CheckFileAnswer {
  message: string;
  ok: boolean;
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
  line?: number;
  column?: number;
  /** HTML drawn by the package's own templates (autoescaped) */
  located?: string;
}

/** make_task: the editor's text with a task. */
interface TextAnswer {
  text: string;
}

/** position_*: the editor's body, its problems, and whether it can be played. */
interface PositionShown {
  /** HTML drawn by the package's own templates (autoescaped) */
  html: string;
  /** HTML drawn by the package's own templates (autoescaped) */
  problems: string;
  ok: boolean;
}

/** position_play: the position as a replay. */
interface PositionReplay {
  /** HTML drawn by the package's own templates (autoescaped) */
  replay: string;
}

/** position_save, position_task: the lesson file. */
interface PositionFile {
  text: string;
  name: string;
}

/** position_*: a state that cannot be read: the refusal alone, as text. */
interface PositionRefused {
  refused: string;
}

/** Each endpoint of lingerlonger.views.live_mode.endpoints.ENDPOINTS, by the name the page calls it, and what it answers; any of them may refuse (serve's own refusals: an internal error, a bad request). */
interface LiveAnswers {
  open_replay: OpenReplayAnswer | Refusal;
  frame: FrameAnswer | Refusal;
  answer: QuizAnswer | Refusal;
  what_if: WhatIfAnswer | Refusal;
  coach: HtmlAnswer | Refusal;
  new_hand: NewHandAnswer | Refusal;
  levels: LevelsAnswer | Refusal;
  hand_play: HandPlayAnswer | Refusal;
  save_lesson: SaveLessonAnswer | Refusal;
  review: ReviewAnswer | Refusal;
  review_moment: ReviewMomentAnswer | Refusal;
  practise: PractiseAnswer | Refusal;
  practice_task: HtmlAnswer | Refusal;
  review_copy: HtmlAnswer | Refusal;
  class_tasks: ClassTaskFile | ClassTaskDrawn | ClassTaskRefused | Refusal;
  check_file: CheckFileAnswer | Refusal;
  make_task: TextAnswer | Refusal;
  position_change: PositionShown | PositionRefused | Refusal;
  position_play: PositionReplay | PositionShown | PositionRefused | Refusal;
  position_save: PositionFile | PositionShown | PositionRefused | Refusal;
  position_task: PositionFile | PositionShown | PositionRefused | Refusal;
}
