#!/usr/bin/env bash
# Set up, then run the whole test suite: lint (ruff) and every test (pytest, both cores).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check bazaar tests benchmarks
.venv/bin/ruff format --check bazaar tests benchmarks
exec .venv/bin/pytest -n 2 "$@"
