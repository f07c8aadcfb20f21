#!/usr/bin/env bash
# Translations with Babel (docs/architecture.md, "Translations"):
#   scripts/i18n.sh extract   write one POT per catalog into build/i18n/ (pybabel extract)
#   scripts/i18n.sh update    merge the POTs into the zh-TW catalogs: `pybabel update` for each
#                             game's catalog; the program's merged catalogs gain new ids only
#   scripts/i18n.sh compile   compile every catalog into build/i18n/mo/ (pybabel compile), which
#                             checks the files and prints how much is translated
#   scripts/i18n.sh           all three, in that order
# The program reads the .po files at run time (Babel is a dependency anyway): the .mo files
# are only a check, never installed or committed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
OUT=build/i18n
LOCALE=zh_TW
read -r -a KEYWORDS <<<"$("$PY" -m bazaar.i18n_extract keywords)"
pybabel() { "$PY" -m babel.messages.frontend "$@"; }

catalogs() { "$PY" -m bazaar.i18n_extract catalogs; }

extract() {
  mkdir -p "$OUT"
  catalogs | while read -r name po source ignore; do
    pybabel -q extract -F babel.cfg "${KEYWORDS[@]}" --ignore-dirs "${ignore//,/ }" \
      --project bazaar --version 0.1.0 --copyright-holder "Bazaar project" \
      --msgid-bugs-address - --width 100 --sort-by-file --add-location file -o "$OUT/$name.pot" "$source"
    echo "extracted $(grep -c '^msgid "' "$OUT/$name.pot") ids for $po"
  done
}

update() {
  catalogs | while read -r name po _source _ignore; do
    case "$po" in
      bazaar/games/*)
        pybabel update -i "$OUT/$name.pot" -o "$po" -l "$LOCALE" --width 100 \
          --no-fuzzy-matching --ignore-pot-creation-date --ignore-obsolete
        ;;
    esac
  done
  "$PY" -m bazaar.i18n_extract update-program "$OUT"
}

compile() {
  catalogs | while read -r name po _source _ignore; do
    mkdir -p "$OUT/mo/$(dirname "$po")"
    pybabel compile -i "$po" -o "$OUT/mo/${po%.po}.mo" -l "$LOCALE" --statistics
  done
}

case "${1:-all}" in
  extract) extract ;;
  update) update ;;
  compile) compile ;;
  all) extract; update; compile ;;
  *) echo "usage: scripts/i18n.sh [extract|update|compile]" >&2; exit 2 ;;
esac
