"""The time to review a whole 4-player hand, in the app (Python) and in the browser (live mode).

1. **The app.** Hands of 4-player standard are played by four ``tips`` players; seat 1's
   decisions are reviewed (``computer.review.review_hand``) with several numbers of deals and
   rollout policies, timed in CPU seconds of one core (other programs' load does not count).
   Budget: 2 s a hand. Prints the time per hand (mean and max), the decisions a hand, the
   verdicts, and the widest interval of a played card.
2. **The browser.** Live mode's worker (Pyodide) on the bench's phone profile (360 × 740,
   touch, the CPU slowed 4× through the DevTools protocol, as ``bench/live.py``): a new hand
   against the computer played to its end (your first legal card each time), then its review
   as the page asks for it, one choice per call (``endpoints.review``), timed in the page from
   the first call to the panel. Budget: 5 s a hand, with live mode's own number of deals
   (``endpoints.REVIEW_DEALS``) and the others asked for.
3. **The sentences.** Each moment of the first hand's review says why in words
   (``views/review_words.py``): printed in ``--say`` languages (the app's review, as its panel
   shows it), and in the browser, the panel's ``[data-ll-reason]`` of the first hand.

Usage: ``python bench/review.py [--hands 10] [--deals 10,20,40] [--policies tips,greedy]
[--browser-hands 4] [--browser-deals 8,12,20] [--say en,ru]`` (``--browser-hands 0``: the app
only; the browser needs `make assets`, Debian's chromium and playwright).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from lingerlonger.computer.players import make_player
from lingerlonger.computer.review import VERDICTS, review_hand
from lingerlonger.game.engine import new_hand
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.views.live_mode.endpoints import REVIEW_DEALS
from lingerlonger.views.review_words import moment_words
from lingerlonger.views.widgets.review_box import REVIEW_BUDGET_S
from lingerlonger.views.widgets.review_box import REVIEW_DEALS as APP_DEALS

APP_BUDGET_S = 2.0
BROWSER_BUDGET_S = 5.0
#: A hand against the computer played to its end by your first legal card, then reviewed as
#: live-player.js asks for it; resolves with [ms from the first review call to the panel, choices].
REVIEW_IN_PAGE = """
async ([seed, deals]) => {
  const kit = window.llLiveKit, lang = 'en';
  const dealt = await kit.call('new_hand', {players: 4, seed, lang});
  let shown = dealt;
  while (!shown.over) {
    const card = /data-ll-card="([^"]+)"(?! data-ll-why)/.exec(shown.html)[1];
    shown = await kit.call('hand_play', {session: dealt.session, card, lang});
  }
  const start = performance.now();
  let answer = await kit.call('review', {hand: dealt.session, lang, deals});
  while (answer.html === undefined) answer = await kit.call('review', {review: answer.review, lang});
  const box = document.createElement('div');
  box.innerHTML = answer.html;  // the worker's answer: the package's own template, read for its words
  const said = [...box.querySelectorAll('[data-ll-moment]')].map(moment => `${moment.dataset.llPlayed}`
    + ` (${moment.dataset.llVerdict}): ` + moment.querySelector('[data-ll-reason]').textContent);
  return [performance.now() - start, answer.total, said];
}"""


def hands_played(count: int) -> list:
    """(start, actions) of ``count`` 4-player standard hands played by tips players."""
    played = []
    for seed in range(count):
        start, _ = new_hand(Rules(), 4, dealer=seed % 4, seed=seed)
        played.append((start, [turn.action for turn in play_out(start, [make_player("tips")] * 4)]))
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--deals", default="10,20,40")
    parser.add_argument("--policies", default="tips,greedy")
    parser.add_argument("--browser-hands", type=int, default=4)
    parser.add_argument("--browser-deals", default="")
    parser.add_argument("--say", default="en", help="the languages the first hand's sentences are printed in")
    args = parser.parse_args()
    played = hands_played(args.hands)
    sentences(played[0], [lang for lang in args.say.split(",") if lang])
    print(f"review of seat 1 in {args.hands} 4-player standard hands (tips players), one core")
    for policy in args.policies.split(","):
        for deals in (int(count) for count in args.deals.split(",")):
            times, moments, verdicts, widest = [], 0, Counter(), 0.0
            for start, actions in played:
                began = time.process_time()
                review = review_hand(start, actions, seat=0, deals=deals, policy=policy)
                times.append(time.process_time() - began)
                moments += len(review.moments)
                verdicts.update(moment.verdict for moment in review.moments)
                for moment in review.moments:
                    low, high = moment.played_value.known.interval
                    widest = max(widest, (high - low) / 2)
            worst = max(times)
            fits = "fits" if worst <= APP_BUDGET_S else "does NOT fit"
            print(
                f"  {policy:6s} {deals:3d} deals: mean {sum(times) / len(times):.2f} s, max {worst:.2f} s a hand "
                f"({fits} the app's {APP_BUDGET_S:.0f} s); {moments / len(played):.1f} decisions a hand; "
                f"widest ±{widest:.0%}; " + ", ".join(f"{name} {verdicts[name]}" for name in VERDICTS),
                flush=True,
            )
    if args.browser_hands:
        browser_deals = sorted({REVIEW_DEALS, *(int(count) for count in args.browser_deals.split(",") if count)})
        in_the_browser(args.browser_hands, browser_deals)


def sentences(hand: tuple, languages: list[str]) -> None:
    """The first hand reviewed as the app reviews it (its deals and its budget, wall-clock), each
    moment's sentence printed in each language: what a family reads first."""
    start, actions = hand
    began = time.perf_counter()
    review = review_hand(start, actions, seat=0, deals=APP_DEALS, budget_s=REVIEW_BUDGET_S)
    took = time.perf_counter() - began
    moments = len(review.moments)
    print(f"the app's review of the first hand: {took:.2f} s (budget {APP_BUDGET_S:.0f} s), {moments} moments")
    for lang in languages:
        for moment in review.moments:
            words = moment_words(moment, lang, "")
            played = moment.played_value.card or moment.played_value.suit
            line = f" Line: {words.line_result}" if words.line_result else ""
            print(f"  [{lang}] {played} ({moment.verdict}): {words.before}{words.idea}{words.after} {words.luck}{line}")


def in_the_browser(hands: int, deals_asked: list[int]) -> None:
    """The browser's figure: live mode's review of a whole hand on the phone profile."""
    import tempfile
    from pathlib import Path

    from live import PHONE, READY, write_site
    from local_server import serve
    from player import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    print(f"review of your seat in {hands} 4-player hands in live mode (Pyodide), phone profile: CPU 4x slower")
    with tempfile.TemporaryDirectory() as temp, sync_playwright() as playwright:
        site = write_site(Path(temp) / "site")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        with serve(site) as base:
            context = browser.new_context(**PHONE)
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.goto(base + "index.html", wait_until="load")
            page.locator("[data-ll-action=live]").tap()
            page.locator(READY).wait_for(state="attached", timeout=180_000)
            for deals in deals_asked:
                times, choices, said = [], 0, []
                for seed in range(hands):
                    ms, total, reasons = page.evaluate(REVIEW_IN_PAGE, [seed, deals])
                    times.append(ms / 1000)
                    choices += total
                    said = said or reasons
                worst = max(times)
                fits = "fits" if worst <= BROWSER_BUDGET_S else "does NOT fit"
                mark = " (live mode's)" if deals == REVIEW_DEALS else ""
                print(
                    f"  tips   {deals:3d} deals{mark}: mean {sum(times) / len(times):.2f} s, max {worst:.2f} s a hand "
                    f"({fits} the browser's {BROWSER_BUDGET_S:.0f} s); {choices / hands:.1f} decisions a hand",
                    flush=True,
                )
                for reason in said:
                    print(f"    {reason}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
