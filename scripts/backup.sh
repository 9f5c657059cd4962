#!/usr/bin/env bash
# Backs up a Commons deployment (issue #14, docs/deploy.md "Backups"): the database and the uploaded files.
#
#   scripts/backup.sh [--out DIR]        (default DIR: ./backups)
#
# Reads the server's own environment:
#   DATABASE_URL set   PostgreSQL: pg_dump --format=custom as that role (the owner: superuser or BYPASSRLS, since
#                      every tenant table forces row-level security) -> database.dump
#   DATABASE_URL unset PGlite: the data directory DATA_DIR/db -> pglite-db.tar.gz (stop the server first: the
#                      directory is locked by the running process and is only consistent when closed)
#   DATA_DIR/files     uploads on local disk -> files.tar.gz (regions stored in S3 are not copied: see the note)
#   DATA_DIR/jwt-secret the generated signing secret, when JWT_SECRET is not set (reply-by-email links, calendar
#                      feed URLs and unsubscribe links are signed with it) -> jwt-secret
# Writes DIR/commons-<UTC time>/ with a manifest.txt, and prints its path last. Keep backups private: they hold
# every member's data.
set -euo pipefail

out="./backups"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "backup.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

data_dir="${DATA_DIR:-./data}"
target="$out/commons-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$target"
chmod 700 "$target"
manifest="$target/manifest.txt"
echo "created_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$manifest"

if [ -n "${DATABASE_URL:-}" ]; then
  command -v pg_dump >/dev/null || { echo "backup.sh: pg_dump not found (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  pg_dump --format=custom --compress=6 --file="$target/database.dump" --dbname="$DATABASE_URL"
  echo "database=postgres database.dump" >> "$manifest"
else
  db_dir="$data_dir/db"
  [ -d "$db_dir" ] || { echo "backup.sh: no DATABASE_URL and no PGlite directory $db_dir" >&2; exit 1; }
  lock="$db_dir/commons.lock"
  if [ -f "$lock" ] && kill -0 "$(cat "$lock")" 2>/dev/null; then
    echo "backup.sh: the PGlite database in $db_dir is in use by process $(cat "$lock"); stop the server first" >&2
    exit 1
  fi
  tar -czf "$target/pglite-db.tar.gz" -C "$db_dir" --exclude=commons.lock .
  echo "database=pglite pglite-db.tar.gz" >> "$manifest"
fi

if [ -d "$data_dir/files" ]; then
  tar -czf "$target/files.tar.gz" -C "$data_dir/files" .
  echo "files=local files.tar.gz" >> "$manifest"
else
  echo "files=none (no $data_dir/files)" >> "$manifest"
fi
if [ -n "${S3_BUCKET:-}${S3_BUCKET_AU:-}${S3_BUCKET_EU:-}${S3_BUCKET_CA:-}${S3_BUCKET_US:-}" ]; then
  echo "note: uploads of the regions stored in S3 are not in this backup; use the bucket's versioning or replication (docs/deploy.md)" >&2
  echo "files_s3=not copied (bucket versioning/replication)" >> "$manifest"
fi

if [ -f "$data_dir/jwt-secret" ]; then
  cp "$data_dir/jwt-secret" "$target/jwt-secret"
  chmod 600 "$target/jwt-secret"
  echo "jwt_secret=jwt-secret" >> "$manifest"
fi

echo "$target"
