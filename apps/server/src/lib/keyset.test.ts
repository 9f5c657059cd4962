import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, openTestDatabase } from '../../test/test-app.js';
import { queryRows, type TDatabase } from '../db/client.js';
import { withTenant } from '../db/tenant.js';
import { decodeCursor } from './cursor.js';
import { keysetAfter, keysetPage } from './keyset.js';

describeDb('keyset paging (ARCHITECTURE.md API conventions)', () => {
  let database: TDatabase & { dropDatabase: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await database.dropDatabase();
  });

  // Seven rows; two share an instant, so the id breaks the tie.
  const rows = [
    ['2026-01-01T00:00:05.000Z', '00000000-0000-4000-8000-000000000007'],
    ['2026-01-01T00:00:04.000Z', '00000000-0000-4000-8000-000000000006'],
    ['2026-01-01T00:00:04.000Z', '00000000-0000-4000-8000-000000000005'],
    ['2026-01-01T00:00:03.000Z', '00000000-0000-4000-8000-000000000004'],
    ['2026-01-01T00:00:02.000Z', '00000000-0000-4000-8000-000000000003'],
    ['2026-01-01T00:00:01.000Z', '00000000-0000-4000-8000-000000000002'],
    ['2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'],
  ] as const;
  const values = sql.join(
    rows.map(([at, id]) => sql`(${at}::timestamptz, ${id}::uuid)`),
    sql`, `,
  );

  /** Reads every page of `limit` newest first, as a client following nextCursor would. */
  async function walk(limit: number, direction: 'asc' | 'desc'): Promise<string[][]> {
    const pages: string[][] = [];
    let raw: string | undefined;
    for (;;) {
      const cursor = decodeCursor(raw);
      const after = keysetAfter(cursor, { sortKey: sql`t.at`, id: sql`t.id`, kind: 'instant', direction });
      const order = direction === 'desc' ? sql`t.at desc, t.id desc` : sql`t.at asc, t.id asc`;
      const fetched = await withTenant(
        database.db,
        { clusterId: '00000000-0000-4000-8000-000000000000' },
        (tx) =>
          queryRows<{ at: Date; id: string }>(
            tx,
            sql`select at, id from (values ${values}) as t(at, id) where ${after ?? sql`true`} order by ${order} limit ${limit + 1}`,
          ),
      );
      const page = keysetPage(fetched, limit, (row) => ({ at: new Date(row.at).toISOString(), id: row.id }));
      pages.push(page.rows.map((row) => row.id.slice(-1)));
      if (!page.nextCursor) return pages;
      raw = page.nextCursor;
    }
  }

  it('walks every row once, in order, across ties, in both directions', async () => {
    expect(await walk(3, 'desc')).toEqual([['7', '6', '5'], ['4', '3', '2'], ['1']]);
    expect(await walk(2, 'asc')).toEqual([['1', '2'], ['3', '4'], ['5', '6'], ['7']]);
  });

  it('has no next page when the last page is full but nothing follows', async () => {
    expect(await walk(7, 'desc')).toEqual([['7', '6', '5', '4', '3', '2', '1']]);
  });
});
