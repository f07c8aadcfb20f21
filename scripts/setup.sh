#!/usr/bin/env bash
# Set up (or refresh) the project's virtual environment in .venv with pinned packages.
# Idempotent: re-installs only when pyproject.toml (or the extras below) changed since the last
# set-up.
# With --browser it also installs Debian's chromium and CJK fonts (for the browser tests) if missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Bazaar needs Python 3.11 or newer (found: $("$PYTHON" --version 2>&1))." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating .venv ..."
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.bazaar-installed
extras="test,postgres" # postgres: psycopg, for the tests on PostgreSQL (scripts/postgres.sh)
want="$( (cat pyproject.toml; echo "$extras") | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing Bazaar and its pinned dependencies into .venv ..."
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
  echo "$want" > "$stamp"
fi

# Debian's chromium, and Noto CJK fonts so zh-TW pages render (not boxes) in screenshots.
if [ "${1:-}" = "--browser" ] && { [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk > /dev/null 2>&1; }; then
  echo "Installing Debian's chromium and CJK fonts for the browser tests ..."
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y -qq chromium fonts-noto-cjk > /dev/null; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium fonts-noto-cjk > /dev/null
  fi
fi
