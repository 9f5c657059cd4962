#!/usr/bin/env bash
# Restores a backup written by scripts/backup.sh (issue #14, docs/deploy.md "Restore") into an EMPTY target, so
# a mistake can never overwrite live data: restore next to production, check it, then switch over.
#
#   scripts/restore.sh BACKUP_DIR [--database-url URL] [--data-dir DIR]
#
#   --database-url  (default: DATABASE_URL) an existing, empty PostgreSQL database, as a role that may create
#                   the objects with their original owners (superuser, or the owner role with BYPASSRLS);
#                   the roles of the dump (the owner and commons_app) must exist on that server
#   --data-dir      (default: DATA_DIR or ./data) where the PGlite database (DIR/db), the uploads (DIR/files)
#                   and the generated jwt-secret go; DIR/db and DIR/files must be absent or empty
set -euo pipefail

backup="${1:-}"
[ -n "$backup" ] && [ -f "$backup/manifest.txt" ] || { echo "usage: scripts/restore.sh BACKUP_DIR [--database-url URL] [--data-dir DIR]" >&2; exit 2; }
shift
database_url="${DATABASE_URL:-}"
data_dir="${DATA_DIR:-./data}"
while [ $# -gt 0 ]; do
  case "$1" in
    --database-url) database_url="$2"; shift 2 ;;
    --data-dir) data_dir="$2"; shift 2 ;;
    *) echo "restore.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

is_empty_dir() { [ ! -e "$1" ] || [ -z "$(ls -A "$1")" ]; }

if [ -f "$backup/database.dump" ]; then
  [ -n "$database_url" ] || { echo "restore.sh: the backup holds a PostgreSQL dump: give --database-url (or DATABASE_URL)" >&2; exit 1; }
  command -v pg_restore >/dev/null || { echo "restore.sh: pg_restore not found (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  tables=$(psql --dbname="$database_url" --no-psqlrc -tAc "SELECT count(*) FROM pg_tables WHERE schemaname IN ('public', 'drizzle')")
  [ "$tables" = "0" ] || { echo "restore.sh: the target database already has $tables tables; restore into a new, empty database" >&2; exit 1; }
  pg_restore --exit-on-error --dbname="$database_url" "$backup/database.dump"
  psql --dbname="$database_url" --no-psqlrc -q -c 'ANALYZE'
  echo "database restored into $database_url" | sed -E 's#//([^:@/]+):[^@/]*@#//\1:***@#'
elif [ -f "$backup/pglite-db.tar.gz" ]; then
  is_empty_dir "$data_dir/db" || { echo "restore.sh: $data_dir/db is not empty; restore into a new DATA_DIR" >&2; exit 1; }
  mkdir -p "$data_dir/db"
  tar -xzf "$backup/pglite-db.tar.gz" -C "$data_dir/db"
  echo "PGlite database restored into $data_dir/db"
fi

if [ -f "$backup/files.tar.gz" ]; then
  is_empty_dir "$data_dir/files" || { echo "restore.sh: $data_dir/files is not empty; restore into a new DATA_DIR" >&2; exit 1; }
  mkdir -p "$data_dir/files"
  tar -xzf "$backup/files.tar.gz" -C "$data_dir/files"
  echo "uploads restored into $data_dir/files"
fi

if [ -f "$backup/jwt-secret" ]; then
  if [ -f "$data_dir/jwt-secret" ] && ! cmp -s "$backup/jwt-secret" "$data_dir/jwt-secret"; then
    echo "restore.sh: $data_dir/jwt-secret differs from the backup's; kept the existing one" >&2
  else
    mkdir -p "$data_dir"
    cp "$backup/jwt-secret" "$data_dir/jwt-secret"
    chmod 600 "$data_dir/jwt-secret"
  fi
fi
echo "restore complete"
