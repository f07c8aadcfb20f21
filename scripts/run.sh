#!/usr/bin/env bash
# Set up, then start the web app at http://127.0.0.1:8000/ (SQLite in your data folder).
# Any arguments replace the default, e.g.:
#   bash scripts/run.sh play buy-low-sell-high --seats you,random,random   (terminal game)
#   bash scripts/run.sh serve --port 8080 --db sqlite:///tmp/bazaar.db
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh # what serving and playing need (no test tools)
if [ $# -eq 0 ]; then
  set -- serve
fi
exec .venv/bin/bazaar "$@"
