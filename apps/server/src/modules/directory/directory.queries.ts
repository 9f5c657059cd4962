import type { TDirectoryPerson, TDirectoryQuery, TDirectoryResponse } from '@commons/contract';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { directoryEntries, users, userTypes } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';

/** Word similarity that still finds 'mircosoft' for 'microsoft' (pg_trgm default 0.6 is too strict). */
const TYPO_THRESHOLD = '0.4';
const MAX_TERMS = 5;

/** Search terms: letters and digits only, so they are safe inside a prefix tsquery. */
export function searchTerms(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, MAX_TERMS);
}

/** Typos are forgiven in words, not in numbers (a year 2027 must not find 2021) nor in very short terms. */
function isTypoTolerant(term: string): boolean {
  return term.length >= 4 && /\p{L}/u.test(term);
}

/** Every term matches by word prefix (full text) or, for words, by trigram word similarity (typos). */
function termConditions(terms: string[]): SQL[] {
  return terms.map((term) =>
    isTypoTolerant(term)
      ? sql`(${directoryEntries.searchVector} @@ to_tsquery('simple', ${`${term}:*`}) OR ${term} <% ${directoryEntries.searchText})`
      : sql`${directoryEntries.searchVector} @@ to_tsquery('simple', ${`${term}:*`})`,
  );
}

/**
 * The people directory of one hub (issue #4 item 6): full-text and typo-tolerant search, facet counts
 * (each computed without its own filter, as facets usually are), keyset pagination.
 */
export async function searchDirectory(
  tx: TTx,
  options: { hubId: number; query: TDirectoryQuery },
): Promise<TDirectoryResponse> {
  const { query } = options;
  const terms = searchTerms(query.q);
  if (terms.length > 0) {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
  }
  const where = (skip?: 'userType' | 'industry' | 'graduationYear'): SQL => {
    const conditions: SQL[] = [eq(directoryEntries.hubId, options.hubId), ...termConditions(terms)];
    if (skip !== 'userType' && query.userType.length > 0) {
      conditions.push(sql`${directoryEntries.userTypeId}::text = ANY(${toTextArray(query.userType)})`);
    }
    if (skip !== 'industry' && query.industry.length > 0) {
      conditions.push(sql`${directoryEntries.industries} && ${toTextArray(query.industry)}`);
    }
    if (skip !== 'graduationYear' && query.graduationYear.length > 0) {
      conditions.push(sql`${directoryEntries.graduationYears} && ${toIntArray(query.graduationYear)}`);
    }
    return and(...conditions) ?? sql`true`;
  };

  const rank = terms.length
    ? sql<number>`(${sql.join(
        terms.map((t) => sql`word_similarity(${t}, ${directoryEntries.searchText})`),
        sql` + `,
      )})::float8`
    : sql<number>`0::float8`;
  const cursor = decodeCursor(query.cursor, terms.length ? 'number' : 'text');
  const cursorCondition = cursor
    ? terms.length
      ? sql`(${rank} < ${Number(cursor.at)}::float8 OR (${rank} = ${Number(cursor.at)}::float8 AND ${directoryEntries.userId} > ${cursor.id}::uuid))`
      : sql`(${directoryEntries.sortName}, ${directoryEntries.userId}) > (${cursor.at}, ${cursor.id}::uuid)`
    : sql`true`;

  const rows = await tx
    .select({
      entry: directoryEntries,
      rank,
      photoUrl: users.photoUrl,
      identifier: users.identifier,
      userTypeTitle: userTypes.title,
    })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .leftJoin(userTypes, eq(userTypes.id, directoryEntries.userTypeId))
    .where(and(where(), cursorCondition))
    .orderBy(
      ...(terms.length
        ? [desc(rank), asc(directoryEntries.userId)]
        : [asc(directoryEntries.sortName), asc(directoryEntries.userId)]),
    )
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ at: terms.length ? String(last.rank) : last.entry.sortName, id: last.entry.userId })
      : null;

  // Each facet reads one table in a CTE, so the shared conditions bind to directory_entries only. One after
  // another: a transaction's queries share one connection (issue #14).
  const userTypeFacet =
    await tx.execute(sql`with f as (select user_type_id from ${directoryEntries} where ${where('userType')} and user_type_id is not null)
                   select f.user_type_id::text as value, coalesce(ut.title, '') as label, count(*)::int as count
                   from f left join ${userTypes} ut on ut.id = f.user_type_id
                   group by f.user_type_id, ut.title order by count desc, label limit 30`);
  const industryFacet =
    await tx.execute(sql`with f as (select industries from ${directoryEntries} where ${where('industry')})
                   select v as value, v as label, count(*)::int as count from f, unnest(f.industries) v
                   group by v order by count desc, v limit 30`);
  const yearFacet =
    await tx.execute(sql`with f as (select graduation_years from ${directoryEntries} where ${where('graduationYear')})
                   select v::text as value, v::text as label, count(*)::int as count from f, unnest(f.graduation_years) v
                   group by v order by v desc limit 30`);
  const facetRows = (result: unknown) =>
    (result as { rows: Array<{ value: string; label: string; count: number }> }).rows;

  return {
    items: page.map((r) => toPerson(r)),
    nextCursor,
    facets: {
      userType: facetRows(userTypeFacet),
      industry: facetRows(industryFacet),
      graduationYear: facetRows(yearFacet),
    },
  };
}

function toTextArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

function toIntArray(values: number[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
}

/** spec 7 mention lookup: members of the hub whose name starts with (or nearly matches) the term. */
export async function searchMentions(
  tx: TTx,
  options: { hubId: number; term: string; excludeUserId: string },
) {
  const terms = searchTerms(options.term);
  if (terms.length === 0) return [];
  await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
  const nameMatches = terms.map(
    (t) =>
      sql`(lower(${directoryEntries.fullName}) like ${`${t}%`} or lower(${directoryEntries.fullName}) like ${`% ${t}%`} or ${t} <% lower(${directoryEntries.fullName}))`,
  );
  const rows = await tx
    .select({
      id: directoryEntries.userId,
      fullname: directoryEntries.fullName,
      identifier: users.identifier,
      photoUrl: users.photoUrl,
    })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .where(
      and(
        eq(directoryEntries.hubId, options.hubId),
        sql`${directoryEntries.userId} <> ${options.excludeUserId}::uuid`,
        ...nameMatches,
      ),
    )
    .orderBy(asc(directoryEntries.sortName))
    .limit(8);
  return rows;
}

/** A directory row as the API presents a person (one shape for search, mentions' callers and matching). */
function toPerson(r: {
  entry: typeof directoryEntries.$inferSelect;
  identifier: string;
  photoUrl: string | null;
  userTypeTitle: string | null;
}): TDirectoryPerson {
  return {
    id: r.entry.userId,
    identifier: r.identifier,
    fullName: r.entry.fullName,
    photoUrl: r.photoUrl,
    headline: r.entry.headline,
    location: r.entry.location,
    userType:
      r.entry.userTypeId && r.userTypeTitle ? { id: r.entry.userTypeId, title: r.userTypeTitle } : null,
    companies: r.entry.companies,
    schools: r.entry.schools,
    majors: r.entry.majors,
    industries: r.entry.industries,
    graduationYears: r.entry.graduationYears,
  };
}

export type TRankedPerson = { person: TDirectoryPerson; score: number; reasons: string[] };

const RANKED_LIMIT = 10;
const RANK_CANDIDATES = 200;

/**
 * Members of a hub ranked by overlap with the given interests (shared industry 3, help topic they offer 2,
 * company 2, major 1), each with the reasons why; used by the matching quiz and a profile's similar matches.
 */
export async function rankPeopleByOverlap(
  tx: TTx,
  options: {
    hubId: number;
    excludeUserId: string;
    industries: string[];
    helpTopics: string[];
    majors: string[];
    companies: string[];
  },
): Promise<TRankedPerson[]> {
  const { industries, helpTopics, majors, companies } = options;
  if (industries.length + helpTopics.length + majors.length + companies.length === 0) return [];
  const textArray = (values: string[]) => (values.length ? toTextArray(values) : sql`ARRAY[]::text[]`);
  const candidates = await tx
    .select({
      entry: directoryEntries,
      identifier: users.identifier,
      photoUrl: users.photoUrl,
      userTypeTitle: userTypes.title,
    })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .leftJoin(userTypes, eq(userTypes.id, directoryEntries.userTypeId))
    .where(
      and(
        eq(directoryEntries.hubId, options.hubId),
        ne(directoryEntries.userId, options.excludeUserId),
        sql`(${directoryEntries.industries} && ${textArray(industries)} or ${directoryEntries.helpTopics} && ${textArray(helpTopics)} or ${directoryEntries.majors} && ${textArray(majors)} or ${directoryEntries.companies} && ${textArray(companies)})`,
      ),
    )
    .limit(RANK_CANDIDATES);
  const ranked = candidates.map((c): TRankedPerson => {
    const reasons: string[] = [];
    let score = 0;
    const add = (values: string[], wanted: string[], weight: number, reason: (v: string) => string) => {
      for (const value of values.filter((v) => wanted.includes(v))) {
        score += weight;
        reasons.push(reason(value));
      }
    };
    add(c.entry.industries, industries, 3, (v) => `Works in ${v}`);
    add(c.entry.helpTopics, helpTopics, 2, (v) => `Can help with ${v}`);
    add(c.entry.companies, companies, 2, (v) => `Also at ${v}`);
    add(c.entry.majors, majors, 1, (v) => `Also studied ${v}`);
    return {
      person: toPerson(c),
      score,
      reasons,
    };
  });
  return ranked
    .sort((a, b) => b.score - a.score || a.person.fullName.localeCompare(b.person.fullName))
    .slice(0, RANKED_LIMIT);
}

/** Members of the hub most like this user (shared industries, help topics, majors, companies); empty when they have no directory entry. */
export async function similarPeople(tx: TTx, options: { hubId: number; userId: string }) {
  const [entry] = await tx
    .select()
    .from(directoryEntries)
    .where(and(eq(directoryEntries.hubId, options.hubId), eq(directoryEntries.userId, options.userId)))
    .limit(1);
  if (!entry) return [];
  return rankPeopleByOverlap(tx, {
    hubId: options.hubId,
    excludeUserId: options.userId,
    industries: entry.industries,
    helpTopics: entry.helpTopics,
    majors: entry.majors,
    companies: entry.companies,
  });
}
