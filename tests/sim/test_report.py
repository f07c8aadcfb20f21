"""The HTML reports: self-contained, both languages (no English in the zh-TW part), the PNGs
beside them; a sweep's and a ladder's report. Most tests draw stand-in charts (drawing is
checked once per kind, at a tiny size, so the tests stay cheap)."""

from __future__ import annotations

import struct
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bazaar.sim import charts, report
from bazaar.sim.plan import SimError
from bazaar.sim.report import write_ladder_report, write_report, write_sweep_report
from bazaar.sim.summary import wilson
from tests.no_english import english_tokens
from tests.sim.fake_out import game_row, write_out

GAME = "buy-low-sell-high"
AGENTS = ["heuristic", "ismcts:easy", "random"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def tiny_png() -> bytes:
    """A valid 1×1 PNG, standing in for a chart."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (
        PNG_SIGNATURE
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0\0"))
        + chunk(b"IEND", b"")
    )


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def simulation(folder: Path, games: int = 6, options: dict[str, Any] | None = None) -> Path:
    """Three agents rotated over ``games`` games; the easy bot scores most."""
    rows = []
    for i in range(games):
        seats = [AGENTS[(j - i) % 3] for j in range(3)]
        scores = [
            40 + 7 * ((i + k) % 3) + (30 if a == "ismcts:easy" else 0) for k, a in enumerate(seats)
        ]
        rows.append(
            game_row(
                i,
                seats,
                scores,
                decisions=20 + i,
                forced=i % 3,
                lead_changes=i % 2,
                options=options or {"first_lap_limits": "exact"},
            )
        )
    return write_out(folder, rows, seconds=[[0.1, 0.2, 0.3]] * games, seed=11)


class Page(HTMLParser):
    """What a report holds: image sources, scripts, links and each section's words."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.scripts = 0
        self.links: list[str] = []
        self.lang: str | None = None
        self.words: dict[str, list[str]] = {}
        self.sections: list[str] = []
        self.h2: dict[str, list[str]] = {}
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            self.lang = a.get("lang")
            self.sections.append(str(self.lang))
        if tag == "img":
            self.images.append(str(a.get("src")))
            self.words.setdefault(str(self.lang), []).append(str(a.get("alt")))
        if tag == "script":
            self.scripts += 1
        if tag in ("a", "link") and a.get("href"):
            self.links.append(str(a["href"]))
        self._in_h2 = tag == "h2"

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.lang = None
        self._in_h2 = False

    def handle_data(self, data: str) -> None:
        if self.lang is not None:
            self.words.setdefault(self.lang, []).append(data)
            if self._in_h2:
                self.h2.setdefault(self.lang, []).append(data)


def read_page(path: Path) -> tuple[str, Page]:
    text = path.read_text("utf-8")
    page = Page()
    page.feed(text)
    return text, page


def assert_self_contained(text: str, page: Page) -> None:
    assert page.scripts == 0 and page.links == []
    assert "http://" not in text and "https://" not in text and "<script" not in text
    assert page.images and all(src.startswith("data:image/png;base64,") for src in page.images)
    assert 'name="viewport"' in text and "img{max-width:100%" in text


def assert_no_english(page: Page) -> None:
    zh = " ".join(page.words["zh-TW"])
    assert english_tokens(GAME, zh) == []


@pytest.fixture
def stand_in_charts(monkeypatch: pytest.MonkeyPatch) -> None:
    def stub(*_: Any, **__: Any) -> bytes:
        return tiny_png()

    monkeypatch.setattr(
        charts, "summary_charts", lambda s, lang, dpi=110: {n: tiny_png() for n in charts.CHARTS}
    )
    monkeypatch.setattr(
        charts,
        "sweep_charts",
        lambda o, p, lang, dpi=110: {n: tiny_png() for n in charts.SWEEP_CHARTS},
    )
    monkeypatch.setattr(charts, "ladder_chart", stub)
    monkeypatch.setitem(sys.modules, "bazaar.sim.story", None)  # no story helper: no section


def ladder_matrix() -> dict[str, Any]:
    return {
        "game": GAME,
        "players": 3,
        "agents": ["random", "heuristic", "ismcts:easy"],
        "win": [
            [None, wilson(3, 30), wilson(1, 30)],
            [wilson(20, 30), None, wilson(6, 30)],
            [wilson(27, 30), wilson(18, 30), None],
        ],
        "games": [[0, 30, 30], [30, 0, 30], [30, 30, 0]],
    }


def test_one_file_carries_both_languages(tmp_path: Path, stand_in_charts: None) -> None:
    out = simulation(tmp_path / "out")
    path = write_report(tmp_path / "report.html", out, ladder=ladder_matrix())
    text, page = read_page(path)
    assert_self_contained(text, page)
    assert page.sections == ["en", "zh-TW"]
    assert 'id="show-en" checked' in text and "#show-zh:checked~section.en{display:none}" in text
    assert page.h2["en"] == [
        "What was simulated",
        "Headlines",
        "Charts",
        "Figures",
        "Strength ladder",
    ]
    assert page.h2["zh-TW"] == ["模擬了什麼", "重點", "圖表", "數據表", "實力階梯"]
    en, zh = " ".join(page.words["en"]), " ".join(page.words["zh-TW"])
    assert "Seat 1: Rule-based bot, Seat 2: Easy bot, Seat 3: Random bot" in en
    assert "玩家1：規則型電腦、玩家2：簡單電腦、玩家3：隨機電腦" in zh
    assert "Year 1 first-lap limits: exactly, no pass (default)" in en
    assert "第1年首輪限制" in zh and "Seed" in en and "11" in en
    assert "Easy bot rates highest: it won 100% of the seats it played" in en
    assert "簡單電腦的評分最高" in zh
    assert_no_english(page)
    pngs = sorted(p.name for p in tmp_path.glob("report-*.png"))
    assert pngs == sorted(
        f"report-{name}.{lang}.png"
        for name in [*charts.CHARTS, "ladder"]
        for lang in ("en", "zh-TW")
    )


def test_one_language_and_the_real_charts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bazaar.sim.story", None)
    path = write_report(tmp_path / "r.html", simulation(tmp_path / "out"), lang="zh-TW", dpi=30)
    text, page = read_page(path)
    assert_self_contained(text, page)
    assert page.sections == ["zh-TW"] and 'html lang="zh-TW"' in text and "show-en" not in text
    assert_no_english(page)
    for name in charts.CHARTS:
        png = (tmp_path / f"r-{name}.zh-TW.png").read_bytes()
        width, height = png_size(png)
        assert 150 <= width <= 400 and 80 <= height <= 250
        assert report.data_uri(png) in page.images
    assert not list(tmp_path.glob("*.en.png"))


def test_the_story_section_comes_from_the_story_helper(
    tmp_path: Path, stand_in_charts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert report.story_aggregate([tmp_path]) is None  # no story modules or no records
    assert report.story_pngs(None, "en") == {}
    calls: list[Any] = []
    aggregate = {"kind": "prices", "games": 6}
    monkeypatch.setattr(report, "story_aggregate", lambda folders, limit: aggregate)

    def pngs(agg: dict, lang: str) -> dict[str, bytes]:
        calls.append((agg, lang))
        return {"story_prices": tiny_png()}

    monkeypatch.setattr(report, "story_pngs", pngs)
    out = simulation(tmp_path / "out")
    _text, page = read_page(write_report(tmp_path / "s.html", out))
    assert page.h2["en"][-1] == "The story of play" and page.h2["zh-TW"][-1] == "對局的故事"
    assert calls == [(aggregate, "en"), (aggregate, "zh-TW")]
    assert (tmp_path / "s-story_prices.zh-TW.png").read_bytes() == tiny_png()
    assert_no_english(page)


def test_a_sweep_report(tmp_path: Path, stand_in_charts: None) -> None:
    points = [
        (
            value,
            simulation(
                tmp_path / f"first_lap_limits={value}",
                games=3 + i,
                options={"first_lap_limits": value},
            ),
        )
        for i, value in enumerate(["exact", "at_most"])
    ]
    text, page = read_page(write_sweep_report(tmp_path / "sweep.html", "first_lap_limits", points))
    assert_self_contained(text, page)
    assert page.h2["en"] == [
        "What was simulated",
        "Headlines",
        "How often the rule mattered",
        *(t.format(option="Year 1 first-lap limits") for t in charts.SWEEP_CHARTS.values()),
        "Each value",
    ]
    assert page.h2["zh-TW"][3] == "先手優勢隨「第1年首輪限制」的變化"
    # per language: how often the rule mattered, then one short table per value
    assert text.count("<table>") == 2 * 3
    assert "Deals played differently" in text and "走向不同的牌局" in text
    en = " ".join(page.words["en"])
    assert "for every value of Year 1 first-lap limits: exactly, no pass, at most." in en
    assert "Year 1 first-lap limits = at most" in en and "4 games" in en
    assert "<li>Year 1 first-lap limits: " not in text  # the swept option is no fixed rule
    assert "第1年首輪限制＝最多(上限)：玩家1贏得" in "".join(page.words["zh-TW"])
    assert_no_english(page)
    assert sorted(p.name for p in tmp_path.glob("sweep-*.zh-TW.png")) == sorted(
        f"sweep-{n}.zh-TW.png" for n in charts.SWEEP_CHARTS
    )


def test_a_ladder_report_and_its_heatmap(tmp_path: Path) -> None:
    path = write_ladder_report(tmp_path / "ladder.html", ladder_matrix(), dpi=30)
    text, page = read_page(path)
    assert_self_contained(text, page)
    en = " ".join(page.words["en"])
    assert "From strongest to weakest: Easy bot, Rule-based bot, Random bot." in en
    assert "由強到弱：簡單電腦、規則型電腦、隨機電腦。" in " ".join(page.words["zh-TW"])
    assert "a fair share is 33%" in en
    assert_no_english(page)
    width, height = png_size((tmp_path / "ladder-ladder.zh-TW.png").read_bytes())
    assert width > 100 and height > 100


def test_an_out_folder_without_rows_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SimError, match=r"holds no simulation \(no plan\.json\)"):
        write_report(tmp_path / "r.html", tmp_path)
    with pytest.raises(ValueError, match="points: no"):
        write_sweep_report(tmp_path / "s.html", "first_lap_limits", [])


def test_a_real_simulation_with_its_story(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games played for real: the report reads the store's folder and draws the story
    helper's price chart (the summary's own charts stand in, drawn elsewhere)."""
    from bazaar.sim.plan import SimPlan
    from bazaar.sim.run import simulate

    monkeypatch.setattr(
        charts, "summary_charts", lambda s, lang, dpi=110: {n: tiny_png() for n in charts.CHARTS}
    )
    plan = SimPlan.make("take-stock", ["heuristic", "random", "random"], seed=3)
    assert simulate(plan, 2, tmp_path / "out") == 2
    text, page = read_page(
        write_report(tmp_path / "ts.html", tmp_path / "out", lang="zh-TW", dpi=30)
    )
    assert_self_contained(text, page)
    assert page.h2["zh-TW"][-1] == "對局的故事"
    assert "股市大亨：模擬2局" in page.words["zh-TW"]
    assert english_tokens("take-stock", " ".join(page.words["zh-TW"])) == []
    width, _height = png_size((tmp_path / "ts-story_prices.zh-TW.png").read_bytes())
    assert width > 100
