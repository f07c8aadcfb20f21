#!/usr/bin/env bash
# Make sure a local PostgreSQL server is running for the tests and print the URL they use.
#
# Installs Debian's postgresql if it is missing (apt-get update only if the install fails),
# starts Debian's cluster "main" of the newest installed version with pg_ctlcluster (creating
# the cluster if there is none; an already running cluster is simply used), and creates the
# login role "bazaar" (password "bazaar", may create databases) and its database "bazaar".
# The tests then create a fresh database per test session on that server and drop it at the
# end (tests/web/databases.py); databases left by test sessions that died are dropped here.
# Idempotent: run it as often as you like.
# Needs root or sudo; stdout is only the URL (postgresql://bazaar:bazaar@127.0.0.1:PORT/bazaar),
# messages go to stderr, and the exit status is not 0 when no server could be set up.
# Usage: export BAZAAR_TEST_POSTGRES="$(bash scripts/postgres.sh)"
set -euo pipefail
# Only the final URL goes to stdout: every command's output goes to stderr or /dev/null
# (pg_ctlcluster, for one, prints "Removed stale pid file." on stdout after an unclean stop).
# Not with `exec 3>&1 1>&2`: the server started here would inherit the saved descriptor and
# hold the caller's `$(...)` open for as long as it runs.

ROLE=bazaar
PASSWORD=bazaar

if [ "$(id -u)" = "0" ]; then
  SUDO=()
  AS_POSTGRES=(runuser -u postgres --)
elif command -v sudo > /dev/null; then
  SUDO=(sudo)
  AS_POSTGRES=(sudo -u postgres)
else
  echo "PostgreSQL set-up skipped: it needs root or sudo (to install and start the server)." >&2
  exit 3
fi

newest_version() {
  find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/postgres' 2> /dev/null \
    | awk -F/ '{print $5}' | sort -V | tail -n 1
}

if [ -z "$(newest_version)" ] || ! command -v pg_ctlcluster > /dev/null; then
  echo "Installing Debian's postgresql for the database tests ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! "${SUDO[@]}" apt-get install -y -qq postgresql > /dev/null; then
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq postgresql > /dev/null
  fi
fi
version="$(newest_version)"
if [ -z "$version" ]; then
  echo "PostgreSQL set-up failed: no server binary under /usr/lib/postgresql." >&2
  exit 1
fi

# pg_lsclusters -h: "VERSION CLUSTER PORT STATUS OWNER DATADIR LOGFILE"
cluster_field() { pg_lsclusters -h | awk -v v="$version" -v f="$1" '$1 == v && $2 == "main" {print $f}'; }
if [ -z "$(cluster_field 3)" ]; then
  echo "Creating PostgreSQL $version cluster main ..." >&2
  "${SUDO[@]}" pg_createcluster "$version" main > /dev/null
fi
# a server killed a moment ago may still hold its socket lock: try again a few times
for attempt in 1 2 3 4 5; do
  [ "$(cluster_field 4)" = "online" ] && break
  echo "Starting PostgreSQL $version cluster main ..." >&2
  "${SUDO[@]}" pg_ctlcluster "$version" main start >&2 && break
  [ "$attempt" = 5 ] && exit 1
  sleep 2
done
port="$(cluster_field 3)"

# psql as the postgres superuser over the local socket (from / since it may not read our cwd)
as_superuser() { (cd / && "${AS_POSTGRES[@]}" psql -p "$port" -X -q -v ON_ERROR_STOP=1 "$@"); }
for _ in $(seq 50); do
  as_superuser -d postgres -c "SELECT 1" > /dev/null 2>&1 && break
  sleep 0.2
done
as_superuser -d postgres > /dev/null << SQL
SELECT 'CREATE ROLE $ROLE' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE')
\gexec
ALTER ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD';
SELECT 'CREATE DATABASE $ROLE OWNER $ROLE ENCODING ''UTF8'' LOCALE ''C'' TEMPLATE template0'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$ROLE')
\gexec
SQL
# drop the databases of test sessions that died before dropping their own
# (tests/web/databases.py names them bazaar_test_<pid>_<random>; that process is gone)
as_superuser -d postgres -A -t -c \
  "SELECT datname FROM pg_database WHERE datname ~ '^bazaar_test_[0-9]+_[0-9a-f]+$'" \
  | while read -r name; do
    pid="${name#bazaar_test_}"
    pid="${pid%%_*}"
    if [ ! -d "/proc/$pid" ]; then
      as_superuser -d postgres -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" > /dev/null
    fi
  done

url="postgresql://$ROLE:$PASSWORD@127.0.0.1:$port/$ROLE"
if ! PGPASSWORD="$PASSWORD" psql -X -q -h 127.0.0.1 -p "$port" -U "$ROLE" -d "$ROLE" \
  -c "SELECT 1" > /dev/null; then
  echo "PostgreSQL set-up failed: cannot log in as $ROLE on 127.0.0.1:$port." >&2
  exit 1
fi
echo "PostgreSQL $version is ready on port $port." >&2
echo "$url"
