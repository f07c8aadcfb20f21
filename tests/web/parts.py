"""Clicking a move in the browser tests when it may open a decision in parts (the table page's
#compose panel: a Night Market lot then its amount, Buy Low Sell High discards or sales), and
quick board animations for the tests that play many moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: how many times faster the board's animations run in the tests that play many moves
QUICK_MOTION = 100.0


def quick_motion(page: Any) -> Any:
    """Run ``page``'s animations (motion.js's slides and walks, the CSS flashes) QUICK_MOTION
    times faster, through this and later navigations; returns ``page``.

    The page's scripts run as they are and start the same animations, which only end sooner,
    so the browser stops drawing frames for them sooner (a whole game by clicking takes about
    half as long). The DevTools session that sets the rate is kept on the page (detaching it
    would set the rate back); the number counters (motion.js tweens) run at their own pace.
    """
    session = page.context.new_cdp_session(page)
    session.send("Animation.setPlaybackRate", {"playbackRate": QUICK_MOTION})
    page.quick_motion_session = session
    return page


def click_move(page: Any, button: Any, seen: Callable[[], None] | None = None) -> bool:
    """Click ``button`` (a move) and wait until a move lands; an opened decision is confirmed
    as it stands (a first choice taken if it has none yet). ``seen`` is called while the
    decision is open (e.g. to read the page). Returns whether a decision was confirmed."""
    seq = int(page.get_attribute("body", "data-seq") or -1)
    button.click()
    page.wait_for_function(
        f"Number(document.body.dataset.seq) > {seq} || !document.getElementById('compose').hidden",
        timeout=30_000,
    )
    if page.locator("#compose:not([hidden])").count() == 0:
        return False
    if seen is not None:
        seen()
    if page.locator("#compose-confirm:disabled").count():
        page.click("#compose [data-compose]")
    page.click("#compose-confirm")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {seq}", timeout=30_000)
    # every part sent (a final sell-off waits for the seat's next turn for its next part)
    page.wait_for_function(
        "document.body.dataset.plan !== 'sending' || document.body.dataset.over === 'true'",
        timeout=60_000,
    )
    return True
