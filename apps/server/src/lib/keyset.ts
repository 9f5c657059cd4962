import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { encodeCursor, type TCursor, type TCursorKey } from './cursor.js';

/** The SQL type a cursor's `at` is compared as, by the kind of sort key the list writes. */
const AT_CASTS: Record<Exclude<TCursorKey, 'score-instant'>, SQL> = {
  instant: sql.raw('timestamptz'),
  text: sql.raw('text'),
  number: sql.raw('double precision'),
};

/**
 * The keyset condition of a list sorted by (sort key, id) (ARCHITECTURE.md API conventions): the rows
 * after the previous page's last one, in the list's direction. Undefined on the first page, so it drops
 * out of `and(...)`. The sort key and id must be the leading columns of an index in that order.
 */
export function keysetAfter(
  cursor: TCursor | null,
  options: {
    sortKey: PgColumn | SQL;
    id: PgColumn | SQL;
    kind: Exclude<TCursorKey, 'score-instant'>;
    direction: 'asc' | 'desc';
  },
): SQL | undefined {
  if (!cursor) return undefined;
  const comparison = options.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql`(${options.sortKey}, ${options.id}) ${comparison} (${cursor.at}::${AT_CASTS[options.kind]}, ${cursor.id}::uuid)`;
}

/**
 * One page of a keyset list read with `limit + 1` rows: the first `limit` rows, and the cursor of the last
 * of them when a further row shows there is a next page.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (row: Row) => TCursor,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}
