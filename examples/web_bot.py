"""Your own bot at a Bazaar web table: it plays a seat with the seat's token over the WebSocket.

Standard library plus the ``websockets`` package (which ``bazaar serve`` needs anyway).
``--link URL`` plays that seat link; without it, it creates a table at ``--server`` with
itself in seat 0 and built-in bots (``--bots``) in the others. On its turn it plays a random
legal move (``--seed``) or the first (``--first``); at the end it prints one JSON line.
Exit status: 0 game over, 1 a move refused or the connection lost, 2 no seat. Docs: docs/web.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import urllib.error
import urllib.parse
import urllib.request

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect


def create_table(args: argparse.Namespace) -> str:
    """POST /api/tables: this bot in seat 0, ``--bots`` in the others; returns seat 0's link."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": args.bots}] * (args.players - 1)
    body = {"game": args.game, "players": args.players, "seats": seats, "seed": args.table_seed}
    url = args.server.rstrip("/") + "/api/tables"
    sent = urllib.request.Request(url, json.dumps(body).encode())
    sent.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(sent, timeout=10) as reply:
        return str(json.load(reply)["seats"][0]["link"])


def play(link: str, pick: random.Random | None) -> int:
    """Play the seat of ``link`` (http(s)://HOST/t/ID?token=T) to the game's end."""
    parts = urllib.parse.urlsplit(link)
    table = parts.path.rsplit("/", 1)[-1]
    token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]
    if not token:
        print("the link has no seat token (that is a spectator's link)", file=sys.stderr)
        return 2
    scheme = parts.scheme.replace("http", "ws", 1)  # http -> ws, https -> wss
    url = f"{scheme}://{parts.netloc}/ws/tables/{table}?token={urllib.parse.quote(token)}"
    moves: list[str] = []
    moved_in = -1  # the position version we last moved in: one move per position
    try:
        with connect(url, open_timeout=10) as ws:
            for text in ws:
                msg = json.loads(text)
                if msg["type"] == "error":
                    print(f"refused: {msg['code']}: {msg['error']}", file=sys.stderr)
                    if msg["code"] in ("stale", "turn", "game-over"):
                        continue  # the table moved on: its fresh payload is on its way
                    return 2 if msg["code"] in ("token", "unknown-table") else 1
                if msg["type"] != "state":
                    continue
                if msg["over"]:
                    end = {k: msg[k] for k in ("seat", "scores", "winners", "result")}
                    print(json.dumps({"table": table, "moves": moves, **end}))
                    return 0
                if msg["to_move"] != msg["seat"] or msg["version"] == moved_in:
                    continue  # not our turn, or the same position again (presence)
                move = pick.choice(msg["legal"]) if pick else msg["legal"][0]
                ws.send(json.dumps({"type": "move", "action": move["action"], "seq": msg["seq"]}))
                moved_in = msg["version"]
                moves.append(move["notation"])
                print(f"move {msg['seq']}: {move['notation']} ({move['text']})")
    except (ConnectionClosed, InvalidStatus, OSError) as exc:  # InvalidStatus: e.g. a 429
        print(f"connection lost: {exc}", file=sys.stderr)
    print("the game is not over: run again to go on playing the seat", file=sys.stderr)
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description="Play a seat of a Bazaar web table.")
    parser.add_argument("--link", help="your seat link http://HOST/t/ID?token=T")
    parser.add_argument("--server", default="http://127.0.0.1:8000", help="to create a table")
    parser.add_argument("--game", default="buy-low-sell-high")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random", help="the other seats' built-in bot")
    parser.add_argument("--table-seed", type=int, help="fix the new table's deal")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choice")
    parser.add_argument("--first", action="store_true", help="always play the first legal move")
    args = parser.parse_args()
    try:
        link = args.link or create_table(args)
    except urllib.error.URLError as exc:  # no server, or e.g. 404 unknown-game, 429 rate-limit
        why = exc.read().decode() if isinstance(exc, urllib.error.HTTPError) else exc.reason
        print(f"no table: {why}", file=sys.stderr)
        return 2
    return play(link, None if args.first else random.Random(args.seed))


if __name__ == "__main__":
    sys.exit(main())
