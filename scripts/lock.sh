#!/usr/bin/env bash
# Regenerate requirements.lock, the exact version of every package a test install has.
#
# Installs the project with the extras in scripts/setup.sh's LOCK_EXTRAS into a fresh virtual
# environment (in a temporary folder; .venv is not touched), resolving the pins of
# pyproject.toml anew, then writes what is installed there, one "name==version" a line.
# scripts/setup.sh installs with it as pip constraints (-c), so every install gets these
# versions; tests/test_dependencies.py checks that each pin of pyproject.toml is the lock's.
# Run it after changing a pin in pyproject.toml, and commit both files:
#   bash scripts/lock.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
extras="$(sed -n 's/^LOCK_EXTRAS="\([^"]*\)".*/\1/p' scripts/setup.sh)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$PYTHON" -m venv "$tmp/venv"
echo "Resolving .[$extras] in a fresh virtual environment ..." >&2
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check ".[$extras]"
python_version="$("$tmp/venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
{
  echo "# Every package of a test install (.[$extras]) at its exact version, made on Python"
  echo "# $python_version by scripts/lock.sh (run it again after changing a pin in pyproject.toml)."
  echo "# scripts/setup.sh installs with this file as pip constraints (-c)."
  "$tmp/venv/bin/python" -m pip freeze --disable-pip-version-check --exclude bazaar
} > requirements.lock.new
mv requirements.lock.new requirements.lock
echo "Wrote requirements.lock ($(grep -c '==' requirements.lock) packages)." >&2
