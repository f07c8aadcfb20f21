"""Browser tests of the Take Stock board (bazaar/games/take_stock/static/board.js).

Each test renders sample payloads in headless Chromium and checks what the board shows and
which moves its hotspots offer (every hotspot action must be a legal move of the payload).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.payload import build_payload, sample_payloads
from tests.scale import LONG
from tests.web.render_harness import board_script, board_words, load_renderer, render_svg

GAME = "take-stock"
JS = board_script(GAME)
LANGS = ("en", "zh-TW")
MSGID = re.compile(r'\b(?:t|N_)\("((?:[^"\\]|\\.)*)"')


@cache
def payloads(players: int, seed: int, lang: str, every: int) -> list[dict[str, Any]]:
    return sample_payloads(GAME, players, seed, lang, every=every)


def msgids() -> list[str]:
    """Every msgid the renderer translates: ui.t("...") and N_("...") literals."""
    return sorted(set(MSGID.findall(JS.read_text(encoding="utf-8"))))


def legal(payload: dict[str, Any]) -> set[int]:
    return {m["action"] for m in payload["legal"]}


def actions_where(payload: dict[str, Any], test: Any) -> set[int]:
    """Legal actions whose notation words satisfy ``test(head, args)``."""
    out = set()
    for m in payload["legal"]:
        head, *args = m["notation"].split()
        if test(head, args):
            out.add(m["action"])
    return out


def things(page: Any) -> dict[str, dict[str, Any]]:
    """The rendered board's named groups (data-what): their actions and their text."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-what]')].map(
            (el) => [el.getAttribute('data-what'), {
                actions: el.hasAttribute('data-actions')
                    ? el.getAttribute('data-actions').split(',').map(Number) : [],
                text: [...el.querySelectorAll('text')].map((t) => t.textContent).join('|'),
            }]))"""
    )


def render(page: Any, payload: dict[str, Any]) -> dict[str, Any]:
    out = render_svg(page, {**payload, "log": []})  # the board does not use the log
    out["lines"] = [line.strip() for line in out["text"].split("\n") if line.strip()]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_player_count_renders_one_svg_with_legal_hotspots(page: Any, lang: str) -> None:
    errors = load_renderer(page, GAME)
    rounds_seen = set()
    for players in range(2, 7):
        for payload in payloads(players, players, lang, 80):
            out = render(page, payload)
            svg = out["svg"]
            assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 ')
            assert svg.count("<svg") == 1 and svg.rstrip().endswith("</svg>")
            assert 'width="100%"' in svg
            for actions in out["hotspots"]:
                assert actions and set(actions) <= legal(payload)
            view = payload["view"]
            round_text = (
                f"Round {view['round']} of 4" if lang == "en" else f"第{view['round']}/4回合"
            )
            assert round_text in out["lines"]
            rounds_seen.add(view["round"])
            for seat in view["seats"]:
                assert str(seat["total"]) in out["lines"]
            for stock in view["stocks"]:
                assert str(stock["price"]) in out["lines"]
            limit = "Holding limit {n} (the longest row)" if lang == "en" else "持股上限 {n}"
            assert any(line.startswith(limit.format(n=view["hold_limit"])) for line in out["lines"])
    assert errors == []
    assert rounds_seen == {1, 2, 3, 4}


def test_hand_cards_offer_every_move_that_uses_them(page: Any) -> None:
    errors = load_renderer(page, GAME)
    checked = 0
    for payload in payloads(4, 11, "en", 12):
        view = payload["view"]
        if payload["over"] or not view.get("hand"):
            continue
        render(page, payload)
        board = things(page)
        for pos, card in enumerate(view["hand"]):

            def uses(head: str, args: list[str], card: str = card, pos: int = pos) -> bool:
                return str(pos + 1) in args if head == "exercise" else card in args

            expected = actions_where(payload, uses)
            assert set(board[f"hand {card}"]["actions"]) == expected
            checked += bool(expected)
        if view["phase"] == "action":
            # every card can at least be discarded to make an event
            assert all(board[f"hand {card}"]["actions"] for card in view["hand"])
            events = actions_where(payload, lambda h, a: h in ("event1", "event2"))
            assert set(board["event deck"]["actions"]) == events
            for letter in "CGTOM":
                plays = actions_where(payload, lambda h, a, s=letter: h == "play" and a[0][0] == s)
                assert plays <= set(board[f"row {letter}"]["actions"])
    assert checked > 20
    assert errors == []


def test_event_choices_audits_targets_and_buttons_are_clickable(page: Any) -> None:
    errors = load_renderer(page, GAME)
    seen = set()
    for payload in payloads(2, 1, "en", 1):
        phase = payload["view"]["phase"]
        if phase in seen or phase in ("action", "over"):
            continue
        seen.add(phase)
        render(page, payload)
        board = things(page)
        if phase == "choose-event":
            for kind in payload["view"]["drawn_events"]:
                want = actions_where(payload, lambda h, a, k=kind: h == "choose" and a == [k])
                assert set(board[f"drawn {kind}"]["actions"]) == want
        elif phase == "exercise":
            none = actions_where(payload, lambda h, a: h == "exercise" and a == ["none"])
            assert board["button No options"]["actions"] == sorted(none)
        elif phase == "audit":
            for m in payload["legal"]:
                card = m["notation"].split()[1]
                assert board[f"certificate {card}"]["actions"] == [m["action"]]
        elif phase == "target":
            for m in payload["legal"]:
                assert board[f"seat {m['notation'].split()[1]}"]["actions"] == [m["action"]]
        elif phase == "freeze":
            for m in payload["legal"]:
                assert m["action"] in board[f"row {m['notation'].split()[1]}"]["actions"]
    assert {"choose-event", "exercise", "audit", "target"} <= seen
    assert errors == []


def test_held_events_show_their_faces_and_trigger(page: Any) -> None:
    errors = load_renderer(page, GAME)
    triggered = 0
    for payload in payloads(5, 1, "zh-TW", 6)[12:22]:
        held = payload["view"].get("held_events") or []
        if not held:
            continue
        render(page, payload)
        board = things(page)
        for event in held:
            group = board[f"held {event['event']}"]
            want = actions_where(
                payload, lambda h, a, k=event["event"]: h == "trigger" and a[0] == k
            )
            assert set(group["actions"]) == want
            triggered += bool(want)
            if event["usable"]:
                assert f"第{event['round']}回合抽到" in group["text"]
            else:
                assert "下回合起可用" in group["text"]
    assert triggered > 0
    assert errors == []


def test_zh_tw_catalog_translates_every_msgid() -> None:
    strings = board_words(GAME, "zh-TW")
    ids = msgids()
    assert len(ids) > 80
    missing = [m for m in ids if not strings.get(m)]
    assert missing == []


def test_zh_tw_board_speaks_chinese(page: Any) -> None:
    errors = load_renderer(page, GAME)
    strings = board_words(GAME, "zh-TW")
    english = [m for m in msgids() if "{" not in m and strings.get(m, m) != m and len(m) > 3]
    for payload in payloads(3, 4, "zh-TW", 40):
        out = render(page, payload)
        text = out["text"]
        for word in ("股市大亨", "持股上限", "股票列", "股價", "認股標記", "股票憑證", "牌堆"):
            assert word in text
        for name in ("玉米", "寶石", "科技", "石油", "電影"):
            assert name in text
        assert [m for m in english if m in text] == []
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_final_position_shows_scores_and_winners(page: Any, lang: str) -> None:
    errors = load_renderer(page, GAME)
    final = payloads(4, 3, lang, 50)[-1]
    assert final["over"] and final["winners"]
    out = render(page, final)
    board = things(page)
    names = ", ".join(f"Seat {w + 1}" + (" (you)" if w == 0 else "") for w in final["winners"])
    if lang == "zh-TW":
        names = names.replace("(you)", "(你)")
    many = len(final["winners"]) > 1
    if lang == "en":
        banner = f"Shared win: {names}" if many else f"Winner: {names}"
    else:
        banner = f"共同獲勝：{names}" if many else f"贏家：{names}"
    assert banner in out["lines"]
    assert ("Final result" if lang == "en" else "最終結果") in out["lines"]
    winner_word = "Winner" if lang == "en" else "贏家"
    for seat, score in enumerate(final["scores"]):
        assert str(score) in board[f"seat {seat}"]["text"].split("|")
        assert (winner_word in board[f"seat {seat}"]["text"]) == (seat in final["winners"])
    assert out["hotspots"] == []
    assert errors == []


def test_spectator_sees_no_hand_and_gets_no_hotspots(page: Any) -> None:
    errors = load_renderer(page, GAME)
    state = get_game(GAME).new(3, 9)
    rng = Rng(9)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    watcher = render(page, build_payload(state, None, "en"))
    assert "Your hand" not in watcher["text"] and watcher["hotspots"] == []
    assert not any(what.startswith("hand ") for what in things(page))
    mover = state.to_move()
    player = render(page, build_payload(state, mover, "en"))
    hand = state.view(mover)["hand"]
    assert any(line.startswith("Your hand") for line in player["lines"])
    assert {f"hand {card}" for card in hand} <= set(things(page))
    assert player["hotspots"] and errors == []


# ---------------------------------------------------------------- phones and tablets (issue 23)
#: Widths a page may give the board (ui.width), with a language each: phones (the narrow
#: layout) and tablets (medium); a phone and a tablet by default, four with BAZAAR_LONG_TESTS=1
WIDTHS = [(340, "en"), (700, "zh-TW")] + ([(372, "zh-TW"), (744, "en")] if LONG else [])

#: The drawn board in its own units (one unit one CSS px at these widths): every text's size and
#: horizontal extent, every hotspot's box, the keys and the last-move marks.
MEASURE = """() => {
  const svg = document.querySelector('#board svg');
  const W = svg.viewBox.baseVal.width;
  const box = svg.getBoundingClientRect();
  const k = W / box.width;
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, size: parseFloat(t.getAttribute('font-size')),
      left: (r.left - box.left) * k, right: (r.right - box.left) * k};
  });
  const hots = [...svg.querySelectorAll('[data-actions]')].map((g) => {
    const r = g.getBoundingClientRect();
    return {what: g.getAttribute('data-what'), side: Math.min(r.width, r.height) * k,
      top: (r.top - box.top) * k, left: (r.left - box.left) * k, right: (r.right - box.left) * k};
  });
  const tops = Object.fromEntries([...svg.querySelectorAll('[data-what]')].map(
    (g) => [g.getAttribute('data-what'), (g.getBoundingClientRect().top - box.top) * k]));
  return {W: W, texts: texts, hots: hots, tops: tops,
    keys: [...svg.querySelectorAll('[data-key]')].map((g) => g.getAttribute('data-key')),
    marks: svg.querySelectorAll('.last-move').length};
}"""


def drawn(page: Any, payload: dict[str, Any], width: int | None) -> dict[str, Any]:
    """``payload`` drawn for a page ``width`` CSS px wide (None: the wide board), measured."""
    out = render_svg(page, {**payload, "log": []}, width)
    return {**page.evaluate(MEASURE), "svg": out["svg"], "things": things(page)}


def laid_out_payloads(lang: str) -> list[dict[str, Any]]:
    """Every player count along a game, and the first position of each phase of a 2-player one."""
    many = [p for players in range(2, 7) for p in payloads(players, players, lang, 90)]
    phases: dict[str, dict[str, Any]] = {}
    for payload in payloads(2, 1, lang, 1 if lang == "en" else 3):  # (en is cached already)
        phases.setdefault(payload["view"]["phase"] + str(bool(payload["legal"])), payload)
    return many + list(phases.values())


@pytest.mark.parametrize(("width", "lang"), WIDTHS)
def test_a_board_drawn_for_a_phone_or_tablet_keeps_texts_spots_and_keys(
    page: Any, width: int, lang: str
) -> None:
    """At a phone's or tablet's width: one unit per CSS px, every text at least 12 units and
    inside the width, every spot taking a move at least 44 units a side and inside the width,
    and the same spots (with the same moves), keys and last-move marks as the wide board."""
    errors = load_renderer(page, GAME)
    page.set_viewport_size({"width": width, "height": 900})
    for payload in laid_out_payloads(lang):
        wide = drawn(page, payload, None)
        laid = drawn(page, payload, width)
        assert f'viewBox="0 0 {width} ' in laid["svg"]
        small = [t for t in laid["texts"] if t["size"] < 12]
        assert small == []
        outside = [t for t in laid["texts"] if t["left"] < -1 or t["right"] > width + 1]
        assert outside == []
        tiny = [
            h
            for h in laid["hots"]
            if h["side"] < 43.95 or not -6 < h["left"] < h["right"] < width + 6
        ]
        assert tiny == []
        hot = {what: t["actions"] for what, t in laid["things"].items() if t["actions"]}
        assert hot == {what: t["actions"] for what, t in wide["things"].items() if t["actions"]}
        # a long market row on a narrow board shows its last cards only (its length is written)
        assert set(laid["keys"]) <= set(wide["keys"])
        assert {k for k in wide["keys"] if not k.startswith("card:")} <= set(laid["keys"])
        assert laid["marks"] == wide["marks"]
    assert errors == []


def test_on_a_phone_what_the_viewer_acts_on_comes_first(page: Any) -> None:
    """Narrow: the hand before the market on the viewer's turn to play, the players' panels
    first when a player or certificate is to be picked, the market first while others play."""
    errors = load_renderer(page, GAME)
    page.set_viewport_size({"width": 360, "height": 900})
    seen: set[str] = set()
    for payload in payloads(2, 1, "en", 1):
        phase = payload["view"]["phase"]
        mine = bool(payload["legal"])
        if phase in seen or not mine or phase not in ("action", "audit", "target"):
            continue
        tops = drawn(page, payload, 360)["tops"]
        if phase == "action":
            assert tops["hand " + payload["view"]["hand"][0]] < tops["row C"]
        else:
            assert tops["seat 0"] < tops["row C"] and tops["seat 0"] < tops["event deck"]
        seen.add(phase)
    assert "action" in seen and seen & {"audit", "target"}
    state = get_game(GAME).new(3, 9)
    rng = Rng(9)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    mover = state.to_move()
    assert mover is not None
    waiting: dict[str, Any] = dict(build_payload(state, (mover + 1) % 3, "en"))
    assert waiting["legal"] == [] and waiting["view"]["hand"]
    tops = drawn(page, waiting, 360)["tops"]
    assert tops["row C"] < tops["hand " + waiting["view"]["hand"][0]]
    assert errors == []


def test_a_wide_page_or_none_draws_the_wide_board(page: Any) -> None:
    """ui.width of 1000 or more, or none (rulebook pictures, tests): the board of 1000 units."""
    errors = load_renderer(page, GAME)
    for payload in payloads(4, 2, "zh-TW", 50)[:4]:
        unset = render_svg(page, payload)["svg"]
        assert render_svg(page, payload, 1000)["svg"] == unset
        assert render_svg(page, payload, 1280)["svg"] == unset
        assert 'viewBox="0 0 1000 ' in unset
    assert errors == []
