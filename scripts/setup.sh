#!/usr/bin/env bash
# Set up (or refresh) the project's virtual environment in .venv with pinned packages.
#   bash scripts/setup.sh                   what serving and playing need (scripts/run.sh)
#   bash scripts/setup.sh --test            and the test tools: pytest, ruff, mypy, playwright, ...,
#                                           and ESLint and TypeScript (npm ci: package-lock.json)
#   bash scripts/setup.sh --test --browser  and Debian's chromium and CJK fonts (browser tests)
# Versions: the pins of pyproject.toml, and for every other package requirements.lock (pip
# constraints; scripts/lock.sh makes it). Idempotent: installs only when pyproject.toml or
# requirements.lock changed since the last set-up or it needs extras not installed yet (so a
# test set-up already covers serving).
set -euo pipefail
cd "$(dirname "$0")/.."

SERVE_EXTRAS="postgres,push" # psycopg (--db postgresql://...), pywebpush (Web Push notices)
LOCK_EXTRAS="test,postgres,push,research,learn,sim,ray" # a test install; scripts/lock.sh locks exactly this set
extras="$SERVE_EXTRAS"
browser=0
node_tools=0
for arg in "$@"; do
  case "$arg" in
    --test)
      extras="$LOCK_EXTRAS"
      node_tools=1
      ;;
    --browser) browser=1 ;;
    *)
      echo "usage: bash scripts/setup.sh [--test] [--browser]" >&2
      exit 2
      ;;
  esac
done

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Bazaar needs Python 3.11 or newer (found: $("$PYTHON" --version 2>&1))." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating .venv ..."
  "$PYTHON" -m venv .venv
fi

# The stamp holds "<hash of pyproject.toml and requirements.lock> <extras installed>".
stamp=.venv/.bazaar-installed
inputs="$(cat pyproject.toml requirements.lock | sha256sum | cut -d' ' -f1)"
have_inputs=""
have_extras=""
if [ -f "$stamp" ]; then read -r have_inputs have_extras < "$stamp" || true; fi
covered() { # are all extras in $1 (comma-separated) among those in $2?
  local extra
  for extra in ${1//,/ }; do
    [[ ",$2," == *",$extra,"* ]] || return 1
  done
}
if [ "$have_inputs" != "$inputs" ] || ! covered "$extras" "$have_extras"; then
  echo "Installing Bazaar and its pinned dependencies (.[$extras]) into .venv ..."
  .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -c requirements.lock -e ".[$extras]"
  echo "$inputs $extras" > "$stamp"
fi

# The browser scripts' lint and type checks (tests/test_js.py): ESLint and TypeScript, pinned in
# package-lock.json, into node_modules/ (npm ci), again only when the lock file changed.
if [ "$node_tools" = 1 ]; then
  if ! command -v npm > /dev/null; then
    echo "The test set-up needs Node.js 20+ and npm (for ESLint and TypeScript)." >&2
    exit 1
  fi
  node_stamp=node_modules/.bazaar-installed
  node_inputs="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ ! -f "$node_stamp" ] || [ "$(cat "$node_stamp")" != "$node_inputs" ]; then
    echo "Installing ESLint and TypeScript (npm ci) into node_modules ..."
    npm ci --silent --no-audit --no-fund
    echo "$node_inputs" > "$node_stamp"
  fi
fi

# Debian's chromium, and Noto CJK fonts so zh-TW pages render (not boxes) in screenshots.
if [ "$browser" = 1 ] && { [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk > /dev/null 2>&1; }; then
  echo "Installing Debian's chromium and CJK fonts for the browser tests ..."
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y -qq chromium fonts-noto-cjk > /dev/null; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium fonts-noto-cjk > /dev/null
  fi
fi
