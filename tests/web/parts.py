"""Clicking a move in the browser tests when it may open a decision in parts (the table page's
#compose panel: a Night Market lot then its amount, Buy Low Sell High discards or sales),
quick board animations for the tests that play many moves, and a seat's moves over the API
(to reach a late position whose screens a test clicks, the page following by its socket)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

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


def keep_the_list_open(context: Any) -> Any:
    """Pages of ``context`` start with the player's choice to keep the move list open (the
    move bar unfolded on every turn, as a player who plays from the list chooses it once):
    for the tests on one-column screens that click the list. Returns ``context``."""
    context.add_init_script("try { localStorage.setItem('bazaar.moveList', 'open'); } catch {}")
    return context


def open_the_list(page: Any) -> None:
    """Unfold the move bar if it is folded (on one column it starts folded while the board
    takes the turn's moves), as a player who plays from the list does."""
    if page.locator("#moves-panel.folded #moves-toggle").is_visible():
        page.click("#moves-toggle")


def click_move(page: Any, button: Any, seen: Callable[[], None] | None = None) -> bool:
    """Click ``button`` (a move; the move bar unfolded first if need be) and wait until a move
    lands; an opened decision is confirmed as it stands (a first choice taken if it has none
    yet). ``seen`` is called while the decision is open (e.g. to read the page). Returns
    whether a decision was confirmed."""
    seq = int(page.get_attribute("body", "data-seq") or -1)
    open_the_list(page)
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


def play_over_api(
    url: str,
    table_id: str,
    token: str,
    until: Callable[[dict[str, Any]], bool],
    prefer: Callable[[dict[str, Any]], int | None] = lambda p: None,
    within: float = 120.0,
) -> dict[str, Any]:
    """Play the seat of ``token`` over the HTTP API, the other seats being bots, until it is
    that seat's turn with a payload for which ``until`` holds, or the game is over; return
    that payload. Each turn the seat plays the move ``prefer`` picks, else one of the legal
    moves in turn. ``within``: a liveness bound (seconds) for the whole game."""
    deadline = time.monotonic() + within
    with httpx.Client(base_url=url) as client:
        for n in range(100_000):
            assert time.monotonic() < deadline, f"no such turn within {within} s"
            p = client.get(f"/api/tables/{table_id}", params={"token": token}).json()
            if p["over"]:
                return p
            if p["to_move"] != p["seat"]:  # a bot is to move
                time.sleep(0.01)
                continue
            if until(p):
                return p
            chosen = prefer(p)
            action = p["legal"][(n * 7) % len(p["legal"])]["action"] if chosen is None else chosen
            move = {"token": token, "action": action, "seq": p["seq"]}
            reply = client.post(f"/api/tables/{table_id}/moves", json=move)
            assert reply.status_code == 200, reply.text
    raise AssertionError("the game did not end")
