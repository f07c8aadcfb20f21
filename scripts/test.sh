#!/usr/bin/env bash
# Set up (Python packages and Debian's chromium), then run the whole test suite:
# lint (ruff) and every test (pytest on both cores, the browser tests in headless chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
.venv/bin/ruff check bazaar tests benchmarks
.venv/bin/ruff format --check bazaar tests benchmarks
exec .venv/bin/pytest -n 2 "$@"
