#!/usr/bin/env bash
# Set up (Python packages, Debian's chromium and PostgreSQL), then run the whole test suite:
# lint (ruff), types (mypy) and every test (pytest on both cores, the browser tests in headless
# chromium, the store, restart and race tests on SQLite and on PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test --browser
# PostgreSQL: scripts/postgres.sh installs and starts Debian's server and prints the URL the
# tests use (BAZAAR_TEST_POSTGRES; one set beforehand is used as it is). As root (as in CI) it
# must work: BAZAAR_REQUIRE_POSTGRES=1 turns a missing PostgreSQL into a failure; otherwise
# (no root, no sudo) the PostgreSQL tests are skipped with the reason.
if [ "$(id -u)" = "0" ]; then export BAZAAR_REQUIRE_POSTGRES="${BAZAAR_REQUIRE_POSTGRES:-1}"; fi
if [ -z "${BAZAAR_TEST_POSTGRES:-}" ]; then
  if url="$(bash scripts/postgres.sh)" && [[ "$url" =~ ^postgresql://[^[:space:]]+$ ]]; then
    export BAZAAR_TEST_POSTGRES="$url"
  elif [ "${BAZAAR_REQUIRE_POSTGRES:-0}" = "1" ]; then
    echo "PostgreSQL is required (BAZAAR_REQUIRE_POSTGRES=1) but could not be set up." >&2
    exit 1
  fi
fi
# Warm-up, beside the lint and type checks on the other core: collecting once compiles every
# module (and pytest's rewritten test modules) to bytecode, so that both test processes and every
# server or CLI process the tests start load them instead of compiling them again.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m pytest --collect-only -q -p no:cacheprovider > /dev/null 2>&1 &
warm_up=$!
.venv/bin/ruff check bazaar tests benchmarks examples scripts
.venv/bin/ruff format --check bazaar tests benchmarks examples scripts
.venv/bin/mypy # the types of bazaar/ ([tool.mypy] in pyproject.toml)
wait "$warm_up" || true # a collection error shows again, with its message, in the real run
# tests/test_deploy.py builds and runs the Docker image only where a Docker engine answers.
if timeout 60 docker info > /dev/null 2>&1; then
  echo "Docker engine found: the tests build the image (Dockerfile) and check that it serves."
else
  echo "No Docker engine on this machine: the image is not built or run (its test is skipped)."
fi
# --dist loadfile: each test file runs whole on one of the two processes, so a module's fixtures
# (its servers, its computed games) are set up once; files are taken in collection order.
exec .venv/bin/pytest -n 2 --dist loadfile --no-loadscope-reorder "$@"
