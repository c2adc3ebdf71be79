#!/usr/bin/env bash
# Checks scripts/backup against a real PostgreSQL server: back up, change the data, restore,
# and the data is back; a refused or broken restore changes nothing.
# Usage: scripts/backup.test.sh [postgres://user@host:5432/any-db]   (a scratch database is
# created on that server and dropped at the end; default: the local server)
set -euo pipefail
cd "$(dirname "$0")/.."

server="${1:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
db="shop_backup_test_$$_$RANDOM"
url="${server%/*}/$db"
work="$(mktemp -d)"
failures=0

cleanup() {
  psql "$server" -q -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

sql() { psql "$url" -X -q -t -A -v ON_ERROR_STOP=1 -c "$1"; }
subscribers() { sql "select coalesce(string_agg(email, ',' order by email), '') from newsletter_subscribers"; }
check() {
  local name="$1" expected="$2" actual="$3"
  if [ "$expected" = "$actual" ]; then
    echo "ok   $name"
  else
    echo "FAIL $name: expected '$expected', got '$actual'"
    failures=$((failures + 1))
  fi
}

# The shop's schema, from its migrations, and a few rows.
psql "$server" -q -c "create database $db"
# Each file in one transaction, as the shop's migrator applies them (0013 locks tables first).
for migration in apps/api/drizzle/*.sql; do
  psql "$url" -X -q -1 -v ON_ERROR_STOP=1 -f "$migration" >/dev/null
done
sql "insert into newsletter_subscribers (email) values ('ada@example.org'), ('bob@example.org'), ('cy@example.org')"
sql "insert into users (name, email, password_hash) values ('Ada', 'ada@example.org', 'hash')"
original="ada@example.org,bob@example.org,cy@example.org"

export DATABASE_URL="$url" BACKUP_DIR="$work/backups"

file="$(scripts/backup 2>/dev/null)"
check "backup prints the file it wrote" "yes" "$([ -s "$file" ] && echo yes || echo no)"
check "file name carries date and time" "yes" \
  "$([[ "$(basename "$file")" =~ ^shop-[0-9]{8}-[0-9]{6}\.dump$ ]] && echo yes || echo no)"
check "backup is readable by its owner only" "600" "$(stat -c %a "$file")"

# Changes after the backup: rows deleted, a row added, a table emptied.
sql "delete from newsletter_subscribers where email <> 'ada@example.org'"
sql "insert into newsletter_subscribers (email) values ('late@example.org')"
sql "delete from users"
changed="ada@example.org,late@example.org"

status=0
scripts/backup restore "$file" </dev/null >/dev/null 2>&1 || status=$?
check "restore without --yes off a terminal is refused" "1" "$status"
check "a refused restore changes nothing" "$changed" "$(subscribers)"

head -c "$(($(stat -c %s "$file") / 2))" "$file" >"$work/broken.dump"
status=0
scripts/backup restore --yes "$work/broken.dump" >/dev/null 2>&1 || status=$?
check "restoring a broken file fails" "yes" "$([ "$status" -ne 0 ] && echo yes || echo no)"
check "a failed restore leaves the data as it was" "$changed" "$(subscribers)"

scripts/backup restore --yes "$file" >/dev/null 2>&1
check "restore brings the rows back" "$original" "$(subscribers)"
check "restore brings back an emptied table" "1" "$(sql "select count(*) from users")"
check "restore kept the current data aside first" "yes" \
  "$(compgen -G "$BACKUP_DIR/shop-*-before-restore.dump" >/dev/null && echo yes || echo no)"

scripts/backup --yes restore "$file" >/dev/null 2>&1
check "restoring twice is fine" "$original" "$(subscribers)"

status=0
DATABASE_URL="" scripts/backup >/dev/null 2>&1 || status=$?
check "no DATABASE_URL: refuses with an explanation" "1" "$status"

if [ "$failures" -gt 0 ]; then
  echo "$failures backup check(s) failed"
  exit 1
fi
echo "backup and restore: all checks passed"
