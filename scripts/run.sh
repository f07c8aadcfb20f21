#!/usr/bin/env bash
# Set up, then play Buy Low Sell High in the terminal: you against two random bots.
# Any arguments replace the defaults, e.g.: bash scripts/run.sh play buy-low-sell-high --lang zh-TW
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ $# -eq 0 ]; then
  set -- play buy-low-sell-high --seats you,random,random
fi
exec .venv/bin/bazaar "$@"
