/**
 * Typo-tolerant full-text search over a hub's vocabulary, the approach of the people directory (issue #17 item
 * 3, modules/directory/directory.queries.ts, migration 0027) in a form other lists share (the job board, issue
 * #19): split the query into words, expand each in the hub's vocabulary table (prefixes, or pg_trgm
 * corrections of a misspelt word) through a security-definer function, then match the expanded words with
 * to_tsquery('simple', …) on a search_vector.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type TTx } from './client.js';

const MAX_TERMS = 5;
/** Vocabulary words tried for one misspelt term (pg_trgm similarity, default threshold 0.3 of `%`). */
export const MAX_CORRECTIONS = 3;

/** Search terms: letters and digits only, so they are safe inside a prefix tsquery; at most five. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, MAX_TERMS);
}

/** Typos are forgiven in words, not in numbers (a year 2027 must not find 2021) nor in very short terms. */
export function isTypoTolerant(term: string): boolean {
  return term.length >= 4 && /\p{L}/u.test(term);
}

/** A lexeme inside a tsquery: quoted, with quotes and backslashes escaped (to_tsquery's own syntax). */
export function tsLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

export type TExpansions = { prefixed: Map<string, string[]>; corrections: Map<string, string[]> };

/**
 * How the typo-tolerant terms expand in a hub's vocabulary: `corrections` is a call of a function answering
 * (q, term, kind) rows, like app_directory_corrections or app_job_corrections, given the terms as a text array.
 */
export async function expandWords(
  tx: TTx,
  terms: string[],
  corrections: (terms: SQL) => SQL,
): Promise<TExpansions> {
  const tolerant = terms.filter(isTypoTolerant);
  const expansions: TExpansions = { prefixed: new Map(), corrections: new Map() };
  if (tolerant.length === 0) return expansions;
  const rows = await queryRows<{ q: string; term: string; kind: 'prefix' | 'correction' }>(
    tx,
    sql`select q, term, kind from ${corrections(textArray(tolerant))}`,
  );
  for (const row of rows) {
    const map = row.kind === 'prefix' ? expansions.prefixed : expansions.corrections;
    map.set(row.q, [...(map.get(row.q) ?? []), row.term]);
  }
  return expansions;
}

/**
 * Full-text queries of a search: every term matches a word by prefix ('econ' finds economics) or, for a
 * misspelt word, one of its corrections ('enginer' finds engineer). `exact` leaves the corrections out, so
 * what matches the query as typed can come first.
 */
export function textQueries(
  terms: string[],
  corrections: Map<string, string[]>,
): { full: string; exact: string } {
  const prefix = (t: string) => `${tsLexeme(t)}:*`;
  return {
    full: terms
      .map((t) => `(${[prefix(t), ...(corrections.get(t) ?? []).map(tsLexeme)].join(' | ')})`)
      .join(' & '),
    exact: terms.map(prefix).join(' & '),
  };
}

/** A text[] literal of bound parameters. */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** A uuid[] literal of bound parameters. */
export function uuidArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::uuid[]`;
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::uuid[]`;
}
