"""Schemathesis against the app's own OpenAPI schema, on a real server (rate limits off).

Every generated request (valid and invalid, for every operation, with random and with real
table ids, game ids and languages) must get no 5xx, a status the schema documents for that
operation, the documented content type and a body matching the documented schema (ErrorBody
for 4xx); a request the schema says is invalid must be refused.
"""

from __future__ import annotations

from collections import Counter
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


@fuzz_settings(300)
@given(data=st.data())
def test_no_5xx_and_responses_match_the_schema(
    unlimited_server: Server, requests: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    case = data.draw(requests)
    response = case.call(base_url=unlimited_server.url)
    TALLY["requests"] += 1
    TALLY[f"{response.status_code // 100}xx"] += 1
    case.validate_response(response, checks=CHECKS)
    report("http requests (schemathesis)", {"5xx": 0, **TALLY})
