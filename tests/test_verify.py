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


def finished_record(seed: int = SEED, salt: str = SALT) -> dict[str, Any]:
    """A whole two-player game between random bots, as the server's record would have it."""
    match = Match.new(get_game(GAME), 2, seed, {}, ["random", "random"])
    bot = RandomBot(3)
    while not match.state.is_over():
        match.play(bot.choose(match.state))
    record = match.record
    record.salt, record.commitment = salt, deal.commit(seed, salt)
    record.fixed_seed, record.scores = False, match.state.scores()
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
def test_commitment_is_sha256_of_the_documented_bytes() -> None:
    message = f"bazaar-deal-v1:{SEED}:{SALT}".encode()
    assert deal.commitment_message(SEED, SALT) == message
    assert deal.commit(SEED, SALT) == hashlib.sha256(message).hexdigest()
    assert deal.commit(SEED, SALT) != deal.commit(SEED - 1, SALT)


def test_sha256sum_checks_a_commitment_by_hand() -> None:
    """What docs/web.md tells people to run gives the same digest."""
    shell = f"printf 'bazaar-deal-v1:%s:%s' {SEED} {SALT} | sha256sum"
    out = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, check=True)
    assert out.stdout.split()[0] == deal.commit(SEED, SALT)


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
    commitment = deal.commit(SEED, SALT)
    hidden = deal.public_deal(SEED, SALT, commitment, False, over=False)
    assert hidden == {"fixed": False, "commitment": commitment, "seed": None, "salt": None}
    shown = {"fixed": False, "commitment": commitment, "seed": str(SEED), "salt": SALT}
    assert deal.public_deal(SEED, SALT, commitment, False, over=True) == shown
    fixed = deal.public_deal(SEED, SALT, commitment, True, over=False)
    assert fixed == {**shown, "fixed": True}


# ---------------------------------------------------------------------- records
def test_record_round_trip_keeps_salt_commitment_and_scores(good: dict[str, Any]) -> None:
    record = GameRecord.from_json(good)
    assert record.seed == SEED and record.salt == SALT
    assert record.commitment == deal.commit(SEED, SALT) and record.fixed_seed is False
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
def test_verify_a_good_record(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, good)
    assert code == 0, out
    n = len(good["actions"])
    scores = ", ".join(str(int(s)) for s in good["scores"])
    assert f"Buy Low Sell High · 2 players · seed {SEED} · {n} moves" in out
    assert f"✓ All {n} moves are legal and the game is over." in out
    assert f"✓ The final scores match: {scores}." in out
    assert f"✓ SHA-256 of the seed and the salt is the commitment {good['commitment']}." in out
    assert out.rstrip().endswith(
        "Verified: the deal was committed before the first move and every move is legal."
    )


def test_verify_speaks_traditional_chinese(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, good, "--lang", "zh-TW")
    assert code == 0, out
    assert f"✓ 全部 {len(good['actions'])} 步都合法，遊戲已經結束。" in out
    assert "驗證通過：牌局在第一步之前就已承諾，而且每一步都合法。" in out


def test_verify_a_tampered_seed(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, {**good, "seed": SEED - 1})
    actual = deal.commit(SEED - 1, SALT)
    assert code == 1, out
    assert (
        f"✗ SHA-256 of the seed and the salt is {actual}, not the commitment "
        f"{good['commitment']}: the seed or the salt is not the one committed to." in out
    )
    assert out.rstrip().endswith("NOT verified: this record fails a check.")


def test_verify_a_tampered_salt(tmp_path: Path, good: dict[str, Any]) -> None:
    salt = "00" + SALT[2:]
    code, out = verify(tmp_path, {**good, "salt": salt})
    assert code == 1, out
    assert f"✓ All {len(good['actions'])} moves are legal and the game is over." in out
    assert f"✗ SHA-256 of the seed and the salt is {deal.commit(SEED, salt)}, not" in out
    assert "NOT verified: this record fails a check." in out


def test_verify_a_tampered_action(tmp_path: Path, good: dict[str, Any]) -> None:
    actions = list(good["actions"])
    actions[0] = actions[1] if actions[1] != actions[0] else "pass"
    state = get_game(GAME).new(2, SEED)
    with pytest.raises(BazaarError) as err:
        state.apply(state.parse(actions[0]))
    code, out = verify(tmp_path, {**good, "actions": actions})
    assert code == 1, out
    assert f"✗ Move 1 ({actions[0]}) is not legal: {err.value.message}" in out
    assert f"✓ SHA-256 of the seed and the salt is the commitment {good['commitment']}." in out
    assert "NOT verified: this record fails a check." in out


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


def test_verify_a_commitment_without_its_salt(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, {k: v for k, v in good.items() if k != "salt"})
    assert code == 1, out
    assert "✗ The record has a commitment but no salt, so it cannot be checked." in out


def test_verify_notes_a_fixed_deal(tmp_path: Path, good: dict[str, Any]) -> None:
    code, out = verify(tmp_path, {**good, "fixed_seed": True})
    assert code == 0, out
    assert (
        "· The table's creator chose this seed (a fixed deal), and every seat was shown it "
        "before the first move." in out
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "Error: cannot read record"),
        ('{"game": "buy-low-sell-high", "players": 2}', "record field 'seed' must be an integer"),
        ('{"game": "chess", "players": 2, "seed": 1}', "Error: unknown game 'chess'"),
    ],
)
def test_verify_an_unreadable_record(tmp_path: Path, content: str, message: str) -> None:
    code, out = verify(tmp_path, content)
    assert code == 2, out
    assert message in out


def test_verify_a_missing_file(tmp_path: Path) -> None:
    result = invoke("verify", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert "Error: cannot read record" in result.stdout + result.stderr
