"""Schemathesis against the app's own OpenAPI schema, on a real server (rate limits off).

Every generated request (valid and invalid, for every operation, with random and with real
table ids, game ids and languages) must get no 5xx, a status the schema documents for that
operation, the documented content type and a body matching the documented schema (ErrorBody
for 4xx); a request the schema says is invalid must be refused. The schema says exactly what
the server takes as well formed: a request it calls valid is never refused as malformed
(``field``, ``lang``, ``json``, ``name``, ``request``), only for what no schema can say (the
game's seats and options, a step past the table's moves, a token or table that does not
exist …), with the route's documented status. Every refusal's ``code`` is one of the
refusal tables of docs/web.md, docs/puzzles.md or docs/guide.md. Every path answers a method
it does not take with 405 and an ``Allow`` header naming the methods the schema lists.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import given
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from bazaar.core.names import check_name, name_pattern
from tests.fuzz import fuzz_settings, report
from tests.web.server import Server

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
TALLY: Counter[str] = Counter()
#: the rows of the tables of the documents that list the API's refusals (status, code, when)
DOCUMENTED = "\n".join(
    line
    for name in ("web.md", "puzzles.md", "guide.md")
    for line in (Path(__file__).resolve().parents[2] / "docs" / name).read_text().splitlines()
    if line.startswith("|")
)
#: refusal codes that say a request is malformed: never the answer to a schema-valid one
MALFORMED = {"field", "lang", "json", "name", "request"}


@pytest.fixture(scope="module")
def schema(unlimited_server: Server) -> Any:
    document = httpx.get(unlimited_server.url + "/openapi.json").json()
    return schemathesis.openapi.from_dict(document)


@pytest.fixture(scope="module")
def table_id(unlimited_server: Server) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "take-stock", "players": 2, "seats": seats, "seed": 4}
    res = httpx.post(unlimited_server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()["id"]


def cases(schema: Any, table_id: str) -> st.SearchStrategy[Any]:
    """Valid and invalid requests to every operation, also with real path parameters."""
    real = {"table_id": table_id, "game_id": "take-stock", "lang": "zh-TW"}
    strategies = []
    for result in schema.get_all_operations():
        operation = result.ok()
        fixed = {name: value for name, value in real.items() if f"{{{name}}}" in operation.path}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategies.append(operation.as_strategy(generation_mode=mode))
            if fixed:
                strategies.append(
                    operation.as_strategy(generation_mode=mode, path_parameters=fixed)
                )
    return st.one_of(strategies)


@pytest.fixture(scope="module")
def requests(schema: Any, table_id: str) -> st.SearchStrategy[Any]:
    """The strategy of ``cases``, built once for the module: building (and validating) it anew
    for every example drew the same requests at about twice the cost."""
    return cases(schema, table_id)


@fuzz_settings(200)  # BAZAAR_FUZZ_EXAMPLES=N for a longer run (docs/web.md)
@given(data=st.data())
def test_no_5xx_and_responses_match_the_schema(
    unlimited_server: Server, requests: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    case = data.draw(requests)
    response = case.call(base_url=unlimited_server.url)
    TALLY["requests"] += 1
    TALLY[f"{response.status_code // 100}xx"] += 1
    case.validate_response(response, checks=CHECKS)
    if response.status_code >= 400:
        code = response.json()["code"]
        assert f"`{code}`" in DOCUMENTED, f"{response.status_code} {code!r} is in no refusal table"
    if case.meta is not None and case.meta.generation.mode is GenerationMode.POSITIVE:
        TALLY["valid by the schema"] += 1
        well_formed_is_taken(case, response)
    report("http requests (schemathesis)", {"5xx": 0, **TALLY})


def integral_float(value: Any) -> bool:
    """Does ``value`` hold a number like 2.0 anywhere? JSON Schema's "integer" takes it, the
    server's strict models do not (docs/web.md: ``1.0`` is refused) and no schema can say so."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(integral_float(v) for v in value.values())
    if isinstance(value, list):
        return any(integral_float(v) for v in value)
    return False


def well_formed_is_taken(case: Any, response: Any) -> None:
    """A request the schema calls valid is not refused as malformed."""
    if response.status_code not in (400, 422):
        return
    code = response.json().get("code")
    if code not in MALFORMED:
        return  # seats, options, bot, players …: the game's rules, a documented 4xx
    if code == "field" and integral_float(case.body):
        TALLY["2.0 for an integer (refused, as documented)"] += 1
        return
    if case.operation.path.endswith("/replay/{step}") and code == "field":
        assert "'step' must be between 0 and" in response.json()["error"]
        return  # past the table's moves: the table's state, not the request's form
    raise AssertionError(
        f"valid by the schema, refused as malformed: {case.operation.label} "
        f"{case.path_parameters} {case.query} {str(case.body)[:300]} -> "
        f"{response.status_code} {response.text[:300]}"
    )


def test_a_method_a_path_does_not_take_gets_405_with_allow(
    unlimited_server: Server, schema: Any, table_id: str
) -> None:
    """Every path of the schema, asked with a method it does not list: 405, and ``Allow``
    names the schema's methods (and HEAD beside GET)."""
    document = httpx.get(unlimited_server.url + "/openapi.json").json()
    real = {
        "table_id": table_id,
        "game_id": "take-stock",
        "lang": "en",
        "classroom_id": "x",
        "person_id": "x",
    }
    checked = 0
    for path, item in document["paths"].items():
        listed = {method.upper() for method in item}
        url = path.format_map({**real, "step": 0, "number": 1})
        other = "PATCH" if "PATCH" not in listed else "PUT"
        res = httpx.request(other, unlimited_server.url + url)
        assert res.status_code == 405, (path, res.status_code)
        assert res.json()["code"] == "http"
        allowed = {m.strip() for m in res.headers["allow"].split(",")}
        assert allowed - {"HEAD"} == listed, (path, allowed, listed)
        checked += 1
    assert checked >= 20


@fuzz_settings(300)
@given(
    raw=st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
    | st.text(
        st.sampled_from(" \u00a0\u3000\ufeff\u3164\u200b\u202ea\u0301e\u0958\U000e0041"),
        max_size=40,  # the schema's maxLength beside the pattern
    )
)
def test_a_name_the_schema_allows_is_one_the_server_takes(raw: str) -> None:
    """The schema's name pattern (bazaar.core.names.name_pattern) never allows a name that
    check_name refuses (the server may take a few more: spaces around a long name)."""
    for allow_empty in (False, True):
        pattern = re.compile(name_pattern(allow_empty))  # built once (cached), on first use
        # JSON Schema reads a pattern as ECMA-262 does, where $ is the end of the text (in
        # Python it also matches before a last newline): with ^ and $ that is a full match
        if pattern.fullmatch(raw):
            check_name(raw, allow_empty=allow_empty)
