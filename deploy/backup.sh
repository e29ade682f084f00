#!/usr/bin/env bash
# A backup of jinb's database: pg_dump in custom format into BACKUP_DIR, checked readable, keeping the newest
# BACKUP_KEEP. Safe while the nodes run (pg_dump reads one consistent snapshot). Prints the new file's path.
#   DATABASE_URL  the database (default: the one in /etc/jinb/jinb.env)
#   BACKUP_DIR    where backups go (default /var/backups/jinb)
#   BACKUP_KEEP   how many to keep, newest first (default 14: two weeks of nightly backups)
# Nightly from cron or a systemd timer: `0 3 * * * jinb /opt/jinb/deploy/backup.sh`. Restore: deploy/restore.sh.
set -euo pipefail

fail() {
  echo "backup: $*" >&2
  exit 1
}
if [[ -z "${DATABASE_URL:-}" && -r /etc/jinb/jinb.env ]]; then
  DATABASE_URL="$(sed -n 's/^DATABASE_URL=//p' /etc/jinb/jinb.env | tail -1)"
fi
[[ -n "${DATABASE_URL:-}" ]] || fail "DATABASE_URL is not set (nor in /etc/jinb/jinb.env)"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/jinb}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
[[ "$BACKUP_KEEP" =~ ^[1-9][0-9]*$ ]] || fail "BACKUP_KEEP must be a positive number, not '$BACKUP_KEEP'"
command -v pg_dump >/dev/null || fail "pg_dump is missing (Debian: postgresql-client, as new as the server)"

mkdir -p "$BACKUP_DIR"
umask 077
name="jinb-$(date -u +%Y%m%dT%H%M%SZ).dump"
partial="$BACKUP_DIR/.$name.partial"
trap 'rm -f "$partial"' EXIT

# Written under a temporary name and renamed once whole and readable: a dump cut short never counts as a backup,
# and never pushes a good one out of the rotation.
pg_dump --format=custom --compress=6 --file="$partial" --dbname="$DATABASE_URL" || fail "pg_dump failed"
pg_restore --list "$partial" >/dev/null || fail "the dump is not readable by pg_restore"
mv "$partial" "$BACKUP_DIR/$name"

# Rotation: the names sort by time; everything past the newest BACKUP_KEEP goes.
mapfile -t backups < <(find "$BACKUP_DIR" -maxdepth 1 -name 'jinb-*.dump' -printf '%f\n' | sort -r)
for old in "${backups[@]:BACKUP_KEEP}"; do
  rm -f "$BACKUP_DIR/$old"
done
echo "$BACKUP_DIR/$name"
