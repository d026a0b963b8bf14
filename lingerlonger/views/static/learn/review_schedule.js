/* The review schedule of the course's progress store (course_progress.js, loaded after this file,
   in the page as window.llReviewSchedule, under node as a module): when a solved task comes back,
   and which of its copies the review draws. Pure functions over a store's record
   ({s, m, h, n, t, b, r, c, f}, course_progress.js says what each is). */
(/** @param {Window} global @param {() => ReviewScheduleApi} factory */ function (global, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else global.llReviewSchedule = global.llReviewSchedule || factory();
})(typeof self !== 'undefined' ? self : /** @type {Window} */ (/** @type {unknown} */ (this)), function () {
  'use strict';
  /* Review, Leitner boxes: a task in box n comes back REVIEW_DAYS[n] days after its last solve.
     Solved with a mistake or a hint (under three stars), it goes to box 0: back the next day.
     Each clean review (no mistake, no hint) on or after its day moves it up a box: back after
     3, 7, 14, 30, then 60 days; a clean review in the last box ends its review. A review with a
     mistake or a hint sends it back to box 0; a clean solve before its day changes nothing. */
  var REVIEW_DAYS = [1, 3, 7, 14, 30, 60];
  var MAX_COUNT = 1e6;
  /* A review draws one of an exercise's copies (views/course_page.py: up to MAX_COPIES, its suits
     and seats permuted, or a new position the engine built for the same rule): the first one not
     seen yet (a record's c, bit k for copy k); once every one is seen, they start again with the
     copy just seen left for last, so that two reviews in a row never show the same copy. */
  var MAX_COPIES = 8;
  /* Once every copy is seen (a record's f: from then on, the rounds of fresh copies solved), a
     review on the served site draws round f's fresh copy, which live mode's worker makes
     (views/live_mode/fresh_review.py: a new position or a new permutation, the same for the same
     round); where it cannot (file://, no worker), the copies above in their cycle. At most MAX_ROUND. */
  var MAX_ROUND = 999;

  /* A record after a solve on ``day``: the best stars, the last solve's mistakes and hints,
     the review schedule (REVIEW_DAYS), and the copies seen (a review copy's solve adds its own). */
  /** @param {ProgressRecord | undefined} old @param {SolveCounts} result @param {number} day
      @returns {ProgressRecord} */
  function solved(old, result, day) {
    var clean = result.mistakes === 0 && result.hints === 0;
    /** @type {ProgressRecord} */
    var record = {s: result.stars, m: result.mistakes, h: result.hints, n: 1, t: day};
    if (old) {
      record.s = Math.max(old.s, result.stars);
      record.n = Math.min(old.n + 1, MAX_COUNT);
      if (old.b !== undefined) { record.b = old.b; record.r = old.r; }
      if (old.c !== undefined) record.c = old.c;
      if (old.f !== undefined) record.f = old.f;
    }
    if (result.copy !== undefined && result.copies !== undefined) {
      if (record.f === undefined && allSeen(record.c, result.copy, result.copies)) record.f = 0;  // fresh copies from now on
      record.c = seenAfter(record.c, result.copy, result.copies);
    }
    if (result.round !== undefined) record.f = Math.min(MAX_ROUND, Math.max(record.f || 0, result.round + 1));
    if (!clean) {
      record.b = 0;
      record.r = day + REVIEW_DAYS[0];
    } else if (record.b !== undefined && record.r !== undefined && record.r <= day) {
      if (record.b + 1 < REVIEW_DAYS.length) {
        record.b += 1;
        record.r = day + REVIEW_DAYS[record.b];
      } else {
        delete record.b;
        delete record.r;
      }
    }
    return record;
  }

  /* The copies seen once ``copy`` of ``count`` is: when that makes all of them, only that one. */
  /** @param {number | undefined} seen @param {number} copy @param {number} count @returns {number} */
  function seenAfter(seen, copy, count) {
    return allSeen(seen, copy, count) ? 1 << copy : ((seen || 0) | (1 << copy)) & ((1 << count) - 1);
  }

  /* Whether seeing ``copy`` makes every one of the ``count`` copies seen. */
  /** @param {number | undefined} seen @param {number} copy @param {number} count */
  function allSeen(seen, copy, count) {
    var all = (1 << count) - 1;
    return (((seen || 0) | (1 << copy)) & all) === all;
  }

  /* The fresh round a review draws (a record's f), or null while a built copy is still unseen. */
  /** @param {ProgressRecord | undefined} record @returns {number | null} */
  function freshRound(record) {
    return record && record.f !== undefined ? record.f : null;
  }

  /* The copy a review draws: the first of ``count`` not ``seen`` (none seen yet: the first). */
  /** @param {number | undefined} seen @param {number} count @returns {number} */
  function nextCopy(seen, count) {
    for (var k = 0; k < count; k++) if (!((seen || 0) & (1 << k))) return k;
    return 0;
  }

  return {REVIEW_DAYS: REVIEW_DAYS, MAX_COPIES: MAX_COPIES, MAX_ROUND: MAX_ROUND, solved: solved, seenAfter: seenAfter,
    nextCopy: nextCopy, freshRound: freshRound};
});
