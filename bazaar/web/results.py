"""A finished game's results as the store keeps them (``people_rows.ResultRow``): each seat's
score and place, written with the game's last move; ratings are worked out from them."""

from __future__ import annotations

from typing import Any

from bazaar.core.game import State
from bazaar.web.payload import final_result
from bazaar.web.store import StoredTable


def game_results(info: StoredTable, state: State) -> list[dict[str, Any]]:
    """One row per seat of the finished game ``state`` at the table ``info`` (place 1: the
    winner; seats the game ranks equal share a place)."""
    result = final_result(state, "en")
    assert result is not None, "the game is not over"
    places = {r["seat"]: r["rank"] for r in result["ranking"]}
    scores = state.scores()
    return [
        {
            "table_id": info.id,
            "seat": seat,
            "game": info.game,
            "players": info.players,
            "bot": row["bot"] if row["kind"] == "bot" else None,
            "score": float(scores[seat]),
            "place": places[seat],
            "classroom": info.classroom,
        }
        for seat, row in enumerate(info.seats)
    ]
