import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table row that PostgreSQL returned as JSON (`to_jsonb(t.*)`, inside a function or an aggregate) read
 * back into the shape Drizzle gives a select of that table: each column under its TypeScript name, through
 * the column's own driver mapping (timestamps become Dates, bigint numbers, arrays and jsonb as they are).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const raw = json[column.name];
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return row as InferSelectModel<T>;
}
