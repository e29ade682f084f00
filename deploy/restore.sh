#!/usr/bin/env bash
# Restores a backup of deploy/backup.sh into jinb's database, replacing what is there (pg_restore --clean) in one
# transaction: if anything fails, the database is left exactly as it was.
#   deploy/restore.sh <file.dump> --yes
#   DATABASE_URL  the database (default: the one in /etc/jinb/jinb.env)
# Stop the nodes first (`systemctl stop jinb.target`): it refuses while other sessions are connected to the database,
# since the nodes would keep writing into what is being replaced. Start them again afterwards, then check the ledger
# (GET /api/admin/v1/ledger/check, or the jinb_ledger_check_ok metric).
set -euo pipefail

fail() {
  echo "restore: $*" >&2
  exit 1
}
file="${1:-}"
[[ -n "$file" && -r "$file" ]] || fail "usage: restore.sh <file.dump> --yes (a readable backup file)"
[[ "${2:-}" == --yes ]] || fail "this replaces the database's contents with $file; run again with --yes to go ahead"
if [[ -z "${DATABASE_URL:-}" && -r /etc/jinb/jinb.env ]]; then
  DATABASE_URL="$(sed -n 's/^DATABASE_URL=//p' /etc/jinb/jinb.env | tail -1)"
fi
[[ -n "${DATABASE_URL:-}" ]] || fail "DATABASE_URL is not set (nor in /etc/jinb/jinb.env)"
command -v pg_restore >/dev/null || fail "pg_restore is missing (Debian: postgresql-client)"
pg_restore --list "$file" >/dev/null || fail "$file is not a pg_dump custom-format archive"

others="$(psql --dbname="$DATABASE_URL" -qAt -v ON_ERROR_STOP=1 \
  -c "select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")" ||
  fail "cannot reach the database"
[[ "$others" == 0 ]] || fail "$others other session(s) are connected to the database: stop the nodes first (systemctl stop jinb.target)"

pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$file" ||
  fail "pg_restore failed; the database is unchanged"
echo "restore: $file restored; start the nodes and check the ledger" >&2
