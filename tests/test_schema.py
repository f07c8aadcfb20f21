"""docs/schema/ is what scripts/schema.py makes from the shapes today: every JSON Schema and
bazaar.d.ts, no file missing, changed or left over; and the schemas say what the shapes do."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from bazaar.core.registry import get_game

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("schema", ROOT / "scripts/schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_regenerating_gives_exactly_the_committed_files() -> None:
    assert script().differences() == [], "run: python scripts/schema.py"


def test_the_check_sees_a_changed_missing_or_extra_file(tmp_path: Path) -> None:
    schema = script()
    schema.write(tmp_path)
    assert schema.differences(tmp_path) == []
    (tmp_path / "extra.json").write_text("{}")
    (tmp_path / "log-entry.json").unlink()
    seat_view = tmp_path / "take-stock.seat-view.json"
    seat_view.write_text(seat_view.read_text().replace('"hand"', '"hand_cards"'))
    assert schema.differences(tmp_path) == ["extra.json", "log-entry.json", seat_view.name]


def test_a_schema_forbids_extra_keys_and_names_every_key_of_a_view() -> None:
    schema = json.loads((ROOT / "docs/schema/night-market.seat-view.json").read_text())
    view = get_game("night-market").new(3, 2).view(1)
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(schema["properties"]) == set(view)
    assert schema["$defs"]["NightMarketLot"]["additionalProperties"] is False


def test_the_declarations_name_every_schema_type() -> None:
    text = (ROOT / "docs/schema/bazaar.d.ts").read_text()
    for path in sorted((ROOT / "docs/schema").glob("*.json")):
        schema = json.loads(path.read_text())
        for name in [schema["title"], *schema.get("$defs", {})]:
            assert f"export interface {name} " in text or f"export type {name} =" in text
    assert "export interface TablePayload {" in text and "export type GameSeatView =" in text


def test_real_data_is_valid_by_the_committed_json_schemas() -> None:
    """The files work as JSON Schema on their own (a generic validator, the references
    between files resolved by their ``$id``), for a payload, a position and its events."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from bazaar.web.payload import sample_payloads

    folder = ROOT / "docs/schema"
    resources = []
    for path in folder.glob("*.json"):
        contents = json.loads(path.read_text())
        resources.append((path.name, Resource.from_contents(contents)))
    registry: Registry = Registry().with_resources(resources)

    def check(file: str, value: object) -> None:
        schema = json.loads((folder / file).read_text())
        Draft202012Validator(schema, registry=registry).validate(value)

    for game_id in ("buy-low-sell-high", "take-stock", "night-market"):
        payloads = sample_payloads(game_id, 3, 4, every=25)
        for payload in payloads:
            check("table-payload.json", json.loads(json.dumps(payload)))
        state = get_game(game_id).new(3, 4)
        check(f"{game_id}.position.json", state.full_view())
        wrong = {**payloads[-1], "view": {**payloads[-1]["view"], "extra": 1}}
        try:
            check("table-payload.json", wrong)
        except Exception as exc:
            assert "extra" in str(exc) or "valid" in str(exc)
        else:
            raise AssertionError("a view with an extra key passed")
