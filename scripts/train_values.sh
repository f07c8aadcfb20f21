#!/usr/bin/env bash
# Train the value models of every game (bazaar/bots/value_train.py; docs/bots.md, "The value
# models") into bazaar/games/<game>/value/. Needs the learn extra (torch): a test set-up has it.
#   bash scripts/train_values.sh [GAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(buy-low-sell-high take-stock night-market)
for game in "${games[@]}"; do
  .venv/bin/python -m bazaar.bots.value_train "$game"
done
