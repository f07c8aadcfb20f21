"""Fair deals: commitments, records with salt/commitment/scores, and ``bazaar verify``."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bazaar.bots.random_bot import RandomBot
from bazaar.core import deal
from bazaar.core.errors import BadRecord, BazaarError
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from tests.test_cli import invoke

GAME = "buy-low-sell-high"
SEED = 2**64 - 5  # above 2**63: must survive JSON, the database and the commitment
SALT = "5a" * deal.SALT_BYTES


def finished_record(
    seed: int = SEED, salt: str = SALT, fixed: bool = False, bot_seed: int = 3
) -> dict[str, Any]:
    """A whole two-player game between random bots, as the server's record would have it."""
    match = Match.new(get_game(GAME), 2, seed, {}, ["random", "random"])
    bot = RandomBot(bot_seed)
    while not match.state.is_over():
        match.play(bot.choose(match.state))
    record = match.record
    record.salt, record.fixed_seed, record.scores = salt, fixed, match.state.scores()
    record.commitment = deal.commit(GAME, 2, record.options, seed, salt, fixed)
    return record.to_json()


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return finished_record()


def verify(tmp_path: Path, data: Any, *args: str) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    result = invoke("verify", str(path), *args)
    return result.returncode, result.stdout + result.stderr


# ---------------------------------------------------------------------- the commitment
def test_v1_commitment_is_sha256_of_the_documented_bytes() -> None:
    message = f"bazaar-deal-v1:{SEED}:{SALT}".encode()
    assert deal.commitment_message(SEED, SALT) == message
    assert deal.commit_v1(SEED, SALT) == hashlib.sha256(message).hexdigest()
    assert deal.commit_v1(SEED, SALT) != deal.commit_v1(SEED - 1, SALT)


def test_v2_commitment_is_sha256_of_canonical_json() -> None:
    message = (
        '{"fixed":false,"game":"buy-low-sell-high","options":{"rounds":3},"players":2,'
        f'"salt":"{SALT}","seed":"{SEED}","tag":"bazaar-deal-v2"}}'
    ).encode()
    assert deal.deal_message(GAME, 2, {"rounds": 3}, SEED, SALT, False) == message
    digest = hashlib.sha256(message).hexdigest()
    assert deal.commit(GAME, 2, {"rounds": 3}, SEED, SALT, False) == digest
    others = {
        deal.commit("night-market", 2, {"rounds": 3}, SEED, SALT, False),
        deal.commit(GAME, 3, {"rounds": 3}, SEED, SALT, False),
        deal.commit(GAME, 2, {"rounds": 4}, SEED, SALT, False),
        deal.commit(GAME, 2, {"rounds": 3}, SEED - 1, SALT, False),
        deal.commit(GAME, 2, {"rounds": 3}, SEED, "00" * 32, False),
        deal.commit(GAME, 2, {"rounds": 3}, SEED, SALT, True),
    }
    assert digest not in others and len(others) == 6


def test_the_documented_command_recomputes_a_v2_commitment(good: dict[str, Any]) -> None:
    """The command in bazaar/core/deal.py's docstring (and docs/web.md) gives the digest."""
    doc = deal.__doc__ or ""
    command = doc[doc.index("python3 -c") : doc.index(" < record.json")].replace("\n    ", "\n")
    assert command in Path("docs/web.md").read_text(encoding="utf-8")
    out = subprocess.run(
        ["sh", "-c", command], input=json.dumps(good), capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == good["commitment"]


def test_sha256sum_checks_a_commitment_by_hand() -> None:
    """What docs/web.md tells people to run gives the same digest."""
    shell = f"printf 'bazaar-deal-v1:%s:%s' {SEED} {SALT} | sha256sum"
    out = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, check=True)
    assert out.stdout.split()[0] == deal.commit_v1(SEED, SALT)


def test_fresh_seeds_and_salts_are_random_and_in_range() -> None:
    seeds = {deal.new_seed() for _ in range(200)}
    assert len(seeds) == 200 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**62  # 64 bits, not 31: 200 draws all below 2**62 has odds 2**-400
    salt = deal.new_salt()
    assert len(salt) == 64 and deal.HEX.fullmatch(salt) and salt != deal.new_salt()


def test_worker_seeds_are_deterministic_and_differ_by_purpose_and_step() -> None:
    bot = deal.derived_seed(SEED, SALT, "bot", 4)
    assert bot == deal.derived_seed(SEED, SALT, "bot", 4) and 0 <= bot < 2**62
    others = {deal.derived_seed(SEED, SALT, "hint", 4), deal.derived_seed(SEED, SALT, "bot", 5)}
    others.add(deal.derived_seed(SEED, "00" * 32, "bot", 4))
    assert bot not in others and len(others) == 3


def test_public_deal_hides_a_random_seed_until_the_game_is_over() -> None:
    commitment = deal.commit_v1(SEED, SALT)
    hidden = deal.public_deal(SEED, SALT, commitment, False, over=False, digest="ab" * 32)
    nothing = {"seed": None, "salt": None, "digest": None}
    assert hidden == {"fixed": False, "commitment": commitment, **nothing}
    shown = {"fixed": False, "commitment": commitment, "seed": str(SEED), "salt": SALT}
    assert deal.public_deal(SEED, SALT, commitment, False, over=True) == {**shown, "digest": None}
    end = deal.public_deal(SEED, SALT, commitment, False, over=True, digest="ab" * 32)
    assert end == {**shown, "digest": "ab" * 32}
    fixed = deal.public_deal(SEED, SALT, commitment, True, over=False, digest="ab" * 32)
    assert fixed == {**shown, "fixed": True, "digest": None}  # the digest waits for the end


def test_game_digest_is_sha256_of_canonical_json() -> None:
    commitment = "cd" * 32
    message = (
        '{"actions":["buy 2","pass"],"commitment":"' + commitment + '","scores":[41,37.5,-2],'
        '"tag":"bazaar-game-v1"}'
    ).encode()
    assert deal.game_message(commitment, ["buy 2", "pass"], [41.0, 37.5, -2]) == message
    digest = deal.game_digest(commitment, ["buy 2", "pass"], [41, 37.5, -2])
    assert digest == hashlib.sha256(message).hexdigest() and deal.DIGEST.fullmatch(digest)
    others = {
        deal.game_digest("ce" * 32, ["buy 2", "pass"], [41, 37.5, -2]),
        deal.game_digest(commitment, ["pass", "buy 2"], [41, 37.5, -2]),
        deal.game_digest(commitment, ["buy 2"], [41, 37.5, -2]),
        deal.game_digest(commitment, ["buy 2", "pass"], [37.5, 41, -2]),
    }
    assert digest not in others and len(others) == 4


def test_the_documented_command_recomputes_a_game_digest(good: dict[str, Any]) -> None:
    """The second command in bazaar/core/deal.py's docstring (and docs/web.md)."""
    doc = deal.__doc__ or ""
    start = doc.index("python3 -c", doc.index("bazaar-game-v1"))
    command = doc[start : doc.index(" < record.json", start)].replace("\n    ", "\n")
    assert command in Path("docs/web.md").read_text(encoding="utf-8")
    out = subprocess.run(
        ["sh", "-c", command], input=json.dumps(good), capture_output=True, text=True, check=True
    )
    digest = deal.game_digest(good["commitment"], good["actions"], good["scores"])
    assert out.stdout.strip() == digest


# ---------------------------------------------------------------------- records
def test_record_round_trip_keeps_salt_commitment_and_scores(good: dict[str, Any]) -> None:
    record = GameRecord.from_json(good)
    assert record.seed == SEED and record.salt == SALT
    assert record.commitment == deal.commit(GAME, 2, record.options, SEED, SALT, False)
    assert record.fixed_seed is False
    assert record.scores == good["scores"] and len(record.scores) == 2
    assert record.to_json() == good and good["format"] == 1
    assert json.loads(json.dumps(good))["seed"] == SEED


def test_old_records_without_the_new_fields_load_and_save_unchanged() -> None:
    old = {"format": 1, "game": GAME, "players": 2, "seed": 7, "options": {}, "seats": []}
    old["actions"] = []
    record = GameRecord.from_json(old)
    assert (record.salt, record.commitment, record.fixed_seed, record.scores) == (None,) * 4
    assert record.to_json() == old


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("salt", "XYZ", "record field 'salt' must be lowercase hex digits"),
        ("commitment", 5, "record field 'commitment' must be lowercase hex digits"),
        ("fixed_seed", "yes", "record field 'fixed_seed' must be true or false"),
        ("scores", [1, "2"], "record field 'scores' must be a list of numbers"),
        ("scores", [True], "record field 'scores' must be a list of numbers"),
    ],
)
def test_malformed_new_fields_are_refused(key: str, value: Any, message: str) -> None:
    data = {"game": GAME, "players": 2, "seed": 7, key: value}
    with pytest.raises(BadRecord) as err:
        GameRecord.from_json(data)
    assert err.value.message == message


# ---------------------------------------------------------------------- bazaar verify
VERIFIED = (
    "Verified: this is the deal the table committed to before the first move, and every move "
    "is legal."
)
CONSISTENT = (
    "Consistent, not verified against the table: give --commitment with the commitment the "
    "table showed."
)
MOVES_NOT_COVERED = (
    "The moves were not checked against the table: the commitment fixes the deal, not the "
    "moves, so other legal moves on this deal, with scores to match, would pass as well. To "
    "check them, give --digest with the game digest the table page shows once the game is over."
)
VERIFIED_GAME = (
    "Verified: this is the deal the table committed to before the first move, and these are "
    "the moves and final scores the table showed at the end."
)
INCOMPLETE = "Incomplete: the game in this record did not reach its end, so it is not verified."
FAILED = "NOT verified: this record fails a check."
COVERS = (
    "SHA-256 of the deal (game, players, options, seed, salt and who chose the seed) is the "
    "commitment {}."
)


def test_verify_a_good_record_against_the_table(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, good, "--commitment", good["commitment"].upper())
    assert code == 0, out
    n = len(good["actions"])
    scores = ", ".join(str(int(s)) for s in good["scores"])
    assert f"Buy Low Sell High · 2 players · seed {SEED} · {n} moves" in out
    assert f"✓ All {n} moves are legal and the game is over." in out
    assert f"✓ The final scores match: {scores}." in out
    assert "✓ " + COVERS.format(good["commitment"]) in out
    assert "✓ The record's commitment is the one the table showed." in out
    assert out.rstrip().endswith(VERIFIED)


def test_verify_without_the_tables_commitment_is_only_consistent(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    code, out = verify(tmp_path, good)
    assert code == 1, out
    assert "✓ " + COVERS.format(good["commitment"]) in out
    assert (
        "? The commitment was not compared with the one the table showed (give it with "
        "--commitment)." in out
    )
    assert out.rstrip().endswith(CONSISTENT)


def test_verify_speaks_traditional_chinese(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, good, "--commitment", good["commitment"], "--lang", "zh-TW")
    assert code == 0, out
    assert f"✓ 全部 {len(good['actions'])} 步都合法，遊戲已經結束。" in out
    assert "驗證通過：這正是牌桌在第一步之前承諾的牌局，而且每一步都合法。" in out
    code, out = verify(tmp_path, good, "--lang", "zh-TW")
    assert code == 1 and "內容一致，但尚未與牌桌比對" in out, out


def test_forged_a_whole_record_with_its_own_deal(tmp_path: Path, good: dict[str, Any]) -> None:
    """(a) Its own seed, salt and commitment: consistent, but not the table's commitment."""
    forged = finished_record(seed=12345, salt="ab" * deal.SALT_BYTES)
    code, out = verify(tmp_path, forged, "--commitment", good["commitment"])
    assert code == 1, out
    assert (
        f"✗ The record's commitment {forged['commitment']} is not the one the table showed "
        f"({good['commitment']}): this is not that table's deal." in out
    )
    assert out.rstrip().endswith(FAILED)
    code, out = verify(tmp_path, forged)
    assert code == 1 and out.rstrip().endswith(CONSISTENT), out
    code, out = verify(tmp_path, forged, "--commitment", good["commitment"], "--lang", "zh-TW")
    assert code == 1 and "不是牌桌顯示的承諾值" in out, out


def test_forged_moves_on_the_real_deal(tmp_path: Path, good: dict[str, Any]) -> None:
    """(b) The real seed and salt with other legal moves. Kept with the real game's scores,
    the replay gives it away. With scores recomputed to fit, no commitment made before the
    first move can tell: verify says so in a note instead of overclaiming (docs/web.md)."""
    other = finished_record(bot_seed=4)
    assert other["actions"] != good["actions"] and other["commitment"] == good["commitment"]
    assert other["scores"] != good["scores"]
    kept = {**other, "scores": good["scores"]}
    code, out = verify(tmp_path, kept, "--commitment", good["commitment"])
    assert code == 1, out
    recorded = ", ".join(str(int(s)) for s in good["scores"])
    replayed = ", ".join(str(int(s)) for s in other["scores"])
    assert f"✗ The recorded scores {recorded} differ from the replay's {replayed}." in out
    assert out.rstrip().endswith(FAILED)
    code, out = verify(tmp_path, other)
    assert code == 1 and out.rstrip().endswith(CONSISTENT), out
    code, out = verify(tmp_path, other, "--commitment", good["commitment"])
    assert code == 0 and out.rstrip().endswith(VERIFIED), out  # the limit of a commitment
    assert "· " + MOVES_NOT_COVERED in out
    code, out = verify(tmp_path, other, "--commitment", good["commitment"], "--lang", "zh-TW")
    assert code == 0 and "承諾值只確定牌局，不確定走法" in out, out
    assert "--digest" in out


def digest_of(record: dict[str, Any]) -> str:
    """The game digest the table page shows at the end of ``record``'s game."""
    return deal.game_digest(record["commitment"], record["actions"], record["scores"])


def test_forged_moves_on_the_real_deal_fail_against_the_tables_digest(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    """(b) The real seed and salt, other legal moves, scores recomputed to fit: the game digest
    the table showed at the end gives it away, in both languages. A digest written into the
    record by the forger is not read."""
    other = finished_record(bot_seed=4)
    table = digest_of(good)
    forged = {**other, "digest": digest_of(other)}  # the forger's own "digest": ignored
    args = ("--commitment", good["commitment"], "--digest", table.upper())
    code, out = verify(tmp_path, forged, *args)
    assert code == 1, out
    assert "✓ The record's commitment is the one the table showed." in out
    assert (
        f"✗ The record's game digest is {digest_of(other)}, not the one the table showed "
        f"({table}): its moves or final scores are not the ones that table played." in out
    )
    assert out.rstrip().endswith(FAILED) and MOVES_NOT_COVERED not in out
    code, out = verify(tmp_path, forged, *args, "--lang", "zh-TW")
    assert code == 1, out
    assert f"棋譜的對局摘要值是 {digest_of(other)}，不是牌桌顯示的摘要值({table})" in out
    assert out.rstrip().endswith("驗證失敗：這份棋譜有檢查未通過。")
    code, out = verify(tmp_path, forged, "--digest", table)  # without --commitment: also caught
    assert code == 1 and out.rstrip().endswith(FAILED), out


def test_the_honest_record_verifies_with_commitment_and_digest(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    table = digest_of(good)
    code, out = verify(tmp_path, good, "--commitment", good["commitment"], "--digest", table)
    assert code == 0, out
    assert (
        f"✓ The game digest {table} is the one the table showed: these are the moves and the "
        "final scores the table played." in out
    )
    assert out.rstrip().endswith(VERIFIED_GAME) and MOVES_NOT_COVERED not in out
    args = ("--commitment", good["commitment"], "--digest", table, "--lang", "zh-TW")
    code, out = verify(tmp_path, good, *args)
    assert code == 0, out
    assert out.rstrip().endswith(
        "驗證通過：這正是牌桌在第一步之前承諾的牌局，走法與最終分數也都和牌桌在終局時顯示的一致。"
    )
    code, out = verify(tmp_path, good, "--digest", table)  # the commitment still to compare
    assert code == 1 and out.rstrip().endswith(CONSISTENT), out
    code, out = verify(tmp_path, good, "--commitment", good["commitment"])
    assert code == 0 and out.rstrip().endswith(VERIFIED), out
    assert "· " + MOVES_NOT_COVERED in out


def test_a_digest_on_an_incomplete_record_is_incomplete(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    cut = {**good, "actions": good["actions"][:-3]}
    args = ("--commitment", good["commitment"], "--digest", digest_of(good))
    code, out = verify(tmp_path, cut, *args)
    assert code == 1, out
    assert (
        "… The game digest was not compared: the table shows it only once the game is over, "
        "and this game is not." in out
    )
    assert out.rstrip().endswith(INCOMPLETE)


def test_a_digest_without_a_commitment_in_the_record_fails(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    plain = {k: v for k, v in good.items() if k not in ("salt", "commitment", "fixed_seed")}
    code, out = verify(tmp_path, plain, "--digest", digest_of(good))
    assert code == 1, out
    assert (
        f"✗ The record has no commitment, so it cannot have the table's game digest "
        f"{digest_of(good)}." in out
    )
    assert out.rstrip().endswith(FAILED)


@pytest.mark.parametrize("given", ["xyz", "ab" * 31, "ab" * 33, ""])
def test_a_malformed_digest_is_refused(tmp_path: Path, good: dict[str, Any], given: str) -> None:
    code, out = verify(tmp_path, good, "--commitment", good["commitment"], "--digest", given)
    assert code == 2, out
    assert (
        "--digest must be 64 hex digits (the game digest the table page showed at the end), "
        f"not {given!r}" in out
    )
    code, out = verify(tmp_path, good, "--digest", given, "--lang", "zh-TW")
    assert code == 2 and "--digest 必須是 64 個十六進位數字" in out, out


def test_a_record_with_its_last_moves_cut_off_is_incomplete(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    """(c) Never verified, even against the table's own commitment."""
    cut = {**good, "actions": good["actions"][:-3]}
    code, out = verify(tmp_path, cut, "--commitment", good["commitment"])
    assert code == 1, out
    n = len(cut["actions"])
    assert f"… All {n} moves are legal, but the game is not over." in out
    assert "… The record has final scores, but the game is not over." in out
    assert out.rstrip().endswith(INCOMPLETE)
    code, out = verify(tmp_path, {k: v for k, v in cut.items() if k != "scores"})
    assert code == 1 and out.rstrip().endswith(INCOMPLETE), out
    code, out = verify(tmp_path, cut, "--lang", "zh-TW")
    assert code == 1 and "未完成" in out.splitlines()[-1], out


@pytest.mark.parametrize("label", [False, None])
def test_a_fixed_seed_relabelled_as_drawn(tmp_path: Path, label: bool | None) -> None:
    """(d) The v2 commitment covers who chose the seed."""
    fixed = finished_record(fixed=True)
    relabelled = {k: v for k, v in fixed.items() if k != "fixed_seed"}
    if label is not None:
        relabelled["fixed_seed"] = label
    code, out = verify(tmp_path, relabelled, "--commitment", fixed["commitment"])
    assert code == 1, out
    assert (
        "✗ The record says the server drew the seed, but the commitment is to a seed the "
        "table's creator chose." in out
    )
    assert out.rstrip().endswith(FAILED)
    code, out = verify(tmp_path, relabelled)  # not even consistent in itself
    assert code == 1 and out.rstrip().endswith(FAILED), out
    code, out = verify(tmp_path, relabelled, "--commitment", fixed["commitment"], "--lang", "zh-TW")
    assert code == 1 and "棋譜說種子是伺服器抽的，但承諾值對應的是開桌的人指定的種子。" in out, out
    assert out.rstrip().endswith("驗證失敗：這份棋譜有檢查未通過。")


def test_a_drawn_seed_relabelled_as_fixed(tmp_path: Path, good: dict[str, Any]) -> None:
    """(d, the other way) A drawn seed passed off as one a person chose (and so shown to all)."""
    code, out = verify(tmp_path, {**good, "fixed_seed": True}, "--commitment", good["commitment"])
    assert code == 1, out
    assert (
        "✗ The record says the table's creator chose the seed, but the commitment is to a seed "
        "the server drew." in out
    )
    assert out.rstrip().endswith(FAILED)


def test_duplicate_keys_are_refused(tmp_path: Path, good: dict[str, Any]) -> None:
    """(e) Not "the last one wins": the record is not read at all."""
    text = json.dumps(good)[:-1] + f', "seed": {SEED - 1}}}'
    code, out = verify(tmp_path, text, "--commitment", good["commitment"])
    assert code == 2, out
    assert 'the key "seed" appears twice in one object' in out and "Traceback" not in out
    code, out = verify(tmp_path, text, "--lang", "zh-TW")
    assert code == 2 and "在同一個物件中出現了兩次" in out, out


def test_a_fixed_deal_is_noted(tmp_path: Path) -> None:
    fixed = finished_record(fixed=True)
    code, out = verify(tmp_path, fixed, "--commitment", fixed["commitment"])
    assert code == 0, out
    assert (
        "· The table's creator chose this seed (a fixed deal), and every seat was shown it "
        "before the first move." in out
    )
    code, out = verify(tmp_path, {**fixed, "fixed_seed": False}, "--commitment", "0" * 64)
    assert code == 1 and "The record says the server drew the seed" in out


def test_a_v1_record_still_verifies_with_a_note(tmp_path: Path, good: dict[str, Any]) -> None:
    old = {**good, "commitment": deal.commit_v1(SEED, SALT)}
    code, out = verify(tmp_path, old, "--commitment", old["commitment"])
    assert code == 0, out
    assert f"✓ SHA-256 of the seed and the salt is the commitment {old['commitment']}." in out
    assert (
        "· This is a v1 commitment: it covers the seed and the salt, not the game, the "
        "players, the options or who chose the seed." in out
    )
    assert out.rstrip().endswith(VERIFIED)


@pytest.mark.parametrize("given", ["xyz", "ab" * 31, "ab" * 33])
def test_a_malformed_table_commitment_is_refused(
    tmp_path: Path, good: dict[str, Any], given: str
) -> None:
    code, out = verify(tmp_path, good, "--commitment", given)
    assert code == 2, out
    assert "--commitment must be 64 hex digits (the SHA-256 the table showed)" in out


def test_verify_a_tampered_seed(tmp_path: Path, good: dict[str, Any]) -> None:
    tampered = {**good, "seed": SEED - 1}
    code, out = verify(tmp_path, tampered, "--commitment", good["commitment"])
    actual = deal.commit(GAME, 2, good["options"], SEED - 1, SALT, False)
    assert code == 1, out
    assert (
        f"✗ SHA-256 of the deal is {actual}, not the commitment {good['commitment']}: the "
        "game, players, options, seed or salt is not the one committed to." in out
    )
    assert out.rstrip().endswith(FAILED)


@pytest.mark.parametrize(
    ("key", "value"),
    [("salt", "00" + SALT[2:]), ("players", 3), ("options", {"deck": "uneven"})],
)
def test_verify_a_tampered_deal(tmp_path: Path, good: dict[str, Any], key: str, value: Any) -> None:
    if key == "options":
        value = {**good["options"], **value}
    code, out = verify(tmp_path, {**good, key: value}, "--commitment", good["commitment"])
    assert code == 1, out
    assert "✗ SHA-256 of the deal is " in out or "✗ Move " in out or "cannot start" in out
    assert out.rstrip().endswith(FAILED)


def test_verify_a_tampered_action(tmp_path: Path, good: dict[str, Any]) -> None:
    actions = list(good["actions"])
    actions[0] = actions[1] if actions[1] != actions[0] else "pass"
    state = get_game(GAME).new(2, SEED)
    with pytest.raises(BazaarError) as err:
        state.apply(state.parse(actions[0]))
    code, out = verify(tmp_path, {**good, "actions": actions})
    assert code == 1, out
    assert f"✗ Move 1 ({actions[0]}) is not legal: {err.value.message}" in out
    assert "✓ " + COVERS.format(good["commitment"]) in out
    assert out.rstrip().endswith(FAILED)


def test_verify_tampered_scores(tmp_path: Path, good: dict[str, Any]) -> None:
    scores = [good["scores"][1], good["scores"][0] + 1]
    code, out = verify(tmp_path, {**good, "scores": scores})
    recorded = f"{int(scores[0])}, {int(scores[1])}"
    replayed = ", ".join(str(int(s)) for s in good["scores"])
    assert code == 1, out
    assert f"✗ The recorded scores {recorded} differ from the replay's {replayed}." in out


def test_verify_without_a_commitment_cannot_prove_fairness(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    plain = {k: v for k, v in good.items() if k not in ("salt", "commitment", "fixed_seed")}
    code, out = verify(tmp_path, plain)
    assert code == 1, out
    assert (
        "? The record has no commitment, so it cannot prove that the deal was fixed "
        "before the game began." in out
    )
    assert out.rstrip().endswith(
        "Not proven: the moves are legal, but nothing shows the deal was fair."
    )
    code, out = verify(tmp_path, plain, "--lang", "zh-TW")
    assert code == 1 and "棋譜中沒有承諾值，因此無法證明牌局在開始前就已確定。" in out
    code, out = verify(tmp_path, plain, "--commitment", good["commitment"])
    assert code == 1 and "✗ The record has no commitment to compare with the table's" in out


def test_verify_a_commitment_without_its_salt(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, {k: v for k, v in good.items() if k != "salt"})
    assert code == 1, out
    assert "✗ The record has a commitment but no salt, so it cannot be checked." in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "Error: cannot read record"),
        ('{"game": "buy-low-sell-high", "players": 2}', "record field 'seed' must be an integer"),
        ('{"game": "chess", "players": 2, "seed": 1}', "Error: unknown game 'chess'"),
        (
            '{"game": "buy-low-sell-high", "players": 2, "seed": 1, "scores": [1'
            + "0" * 400
            + "]}",
            "record field 'scores' must be a list of numbers",
        ),
    ],
)
def test_verify_an_unreadable_record(tmp_path: Path, content: str, message: str) -> None:
    code, out = verify(tmp_path, content)
    assert code == 2, out
    assert message in out and "Traceback" not in out


def test_verify_a_missing_file(tmp_path: Path) -> None:
    result = invoke("verify", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert "Error: cannot read record" in result.stdout + result.stderr
