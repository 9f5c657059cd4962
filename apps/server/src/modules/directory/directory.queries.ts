import type { TDirectoryPerson, TDirectoryQuery, TDirectoryResponse } from '@commons/contract';
import { and, asc, desc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { preparedOnce, queryRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import {
  expandWords,
  isTypoTolerant,
  MAX_CORRECTIONS,
  searchWords,
  textArray,
  textQueries,
  tsLexeme,
  uuidArray,
  type TExpansions,
} from '../../db/typo-search.js';
import { directoryEntries, peopleRecommendations, users, userTypes } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from '../../lib/cursor.js';

/** directory_facet_counts' user type of entries without one (migration 0027). */
const NO_USER_TYPE = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How the typo-tolerant terms expand in the hub's vocabulary (app_directory_corrections): the first two
 * words starting with each, or, for a term that no word starts with (misspelt), the words most like it
 * (trigram similarity through directory_terms' GIN index: a few thousand short words, not every entry).
 */
function expandTerms(tx: TTx, hubId: number, terms: string[]): Promise<TExpansions> {
  return expandWords(
    tx,
    terms,
    (array) => sql`app_directory_corrections(${hubId}, ${array}, ${MAX_CORRECTIONS})`,
  );
}

/**
 * The one word of the hub a one-word search without filters stands for, when there is exactly one: the only
 * word starting with the term, or its only correction. Its facets are then maintained counts
 * (directory_term_facets) and its page a walk of the sort index.
 */
function singleWord(
  terms: string[],
  expansions: TExpansions,
  query: TDirectoryQuery,
): { word: string; tier: number } | null {
  const [term] = terms;
  if (terms.length !== 1 || !term || !isTypoTolerant(term)) return null;
  if (query.userType.length + query.industry.length + query.graduationYear.length > 0) return null;
  const prefixed = expansions.prefixed.get(term) ?? [];
  const corrections = expansions.corrections.get(term) ?? [];
  if (prefixed.length === 1 && prefixed[0]) return { word: prefixed[0], tier: 0 };
  if (prefixed.length === 0 && corrections.length === 1 && corrections[0])
    return { word: corrections[0], tier: 1 };
  return null;
}

type TFacetRow = { value: string; label: string; count: number };
type TPageRow = {
  user_id: string;
  tier: number;
  sort_name: string;
  full_name: string;
  headline: string | null;
  location: string | null;
  user_type_id: string | null;
  user_type_title: string | null;
  companies: string[];
  schools: string[];
  majors: string[];
  industries: string[];
  graduation_years: number[];
  identifier: string;
  photo_url: string | null;
};
type TSearchRow = {
  items: TPageRow[] | null;
  user_type: TFacetRow[] | null;
  industry: TFacetRow[] | null;
  graduation_year: TFacetRow[] | null;
};

/** The person fields of a page, from the entries (d), users (u) and user types (ut) of the page rows. */
/**
 * The three facets counted over the matches CTE `m` (its type_ok, industry_ok and year_ok flags): each facet
 * counts the matches that pass the other two filters, so a chosen value never hides its alternatives.
 */
const FACETS_OF_MATCHES = sql`(select json_agg(f) from (
               select m.user_type_id::text as value, coalesce(ut.title, '') as label, count(*)::int as count
               from m left join ${userTypes} ut on ut.id = m.user_type_id
               where m.industry_ok and m.year_ok and m.user_type_id is not null
               group by m.user_type_id, ut.title order by count desc, label limit 30) f) as user_type,
            (select json_agg(f) from (
               select v as value, v as label, count(*)::int as count
               from (select unnest(m.industries) as v from m where m.type_ok and m.year_ok) x
               group by v order by count desc, v limit 30) f) as industry,
            (select json_agg(f) from (
               select v::text as value, v::text as label, count(*)::int as count
               from (select unnest(m.graduation_years) as v from m where m.type_ok and m.industry_ok) x
               group by v order by v desc limit 30) f) as graduation_year`;

const PAGE_FIELDS = sql`d.user_id, d.sort_name, d.full_name, d.headline, d.location, d.user_type_id,
  ut.title as user_type_title, d.companies, d.schools, d.majors, d.industries, d.graduation_years,
  u.identifier, u.photo_url`;

/**
 * The people directory of one hub (issue #4 item 6; issue #17 item 3 for a 20 000-member hub): one statement
 * answers the page and the three facet counts (each counted without its own filter, as facets usually are)
 * from the same filtered set.
 *
 * - Without a text query the page walks the hub's (sort_name, user_id) index and the facets are read from
 *   the maintained counts (directory_facet_counts, migration 0027) when the filters allow it: any user types,
 *   at most one industry and one graduation year.
 * - With a text query, misspelt words are first corrected against the hub's vocabulary (directory_terms),
 *   then the entries are matched once by full text into a CTE that the page and the facets share
 *   (app_directory_matches: search_vector's GIN index, which row-level security would keep the planner
 *   from using for @@). Entries matching the query as typed come before those found through a correction, each
 *   group by last name: no per-entry similarity ranking.
 */
export async function searchDirectory(
  tx: TTx,
  options: { hubId: number; query: TDirectoryQuery },
): Promise<TDirectoryResponse> {
  const { query, hubId } = options;
  // Facet values are unnested in the select list (a ProjectSet), half the cost of a lateral unnest per row.
  const terms = searchWords(query.q);
  const cursor = decodeCursor(query.cursor, 'text');
  // Compared as uuids (not user_type_id::text), so the planner knows how many entries a type holds; a value
  // that is no uuid matches nobody.
  const userTypeIds = query.userType.filter((v) => UUID.test(v));
  const filters = {
    userType: query.userType.length
      ? userTypeIds.length
        ? sql`d.user_type_id = ANY(${uuidArray(userTypeIds)})`
        : sql`false`
      : sql`true`,
    industry: query.industry.length ? sql`d.industries && ${textArray(query.industry)}` : sql`true`,
    graduationYear: query.graduationYear.length
      ? sql`d.graduation_years && ${toIntArray(query.graduationYear)}`
      : sql`true`,
  };
  const limit = query.limit + 1;

  let row: TSearchRow | undefined;
  if (terms.length > 0) {
    const expansions = await expandTerms(tx, hubId, terms);
    const tierCursor = cursor ? parseTierCursor(cursor.at) : null;
    const single = singleWord(terms, expansions, query);
    if (single) {
      const afterSort = tierCursor && tierCursor.tier === single.tier ? tierCursor.sortName : null;
      const facet = (name: string) =>
        sql`select f.value, f.value as label, f.entries as count from directory_term_facets f
            where f.hub_id = ${hubId} and f.term = ${single.word} and f.facet = ${name} and f.entries > 0`;
      [row] = await queryRows<TSearchRow>(
        tx,
        sql`select
            (select json_agg(p order by p.sort_name, p.user_id) from (
               select ${single.tier}::int as tier, ${PAGE_FIELDS}
               from app_directory_page(${hubId}, ${tsLexeme(single.word)}, ${afterSort}, ${afterSort === null ? null : (cursor?.id ?? null)}::uuid, ${limit}) page
               join ${directoryEntries} d on d.hub_id = ${hubId} and d.user_id = page.user_id
               join ${users} u on u.id = d.user_id left join ${userTypes} ut on ut.id = d.user_type_id) p) as items,
            (select json_agg(x) from (
               select f.value, coalesce(ut.title, '') as label, f.count from (${facet('t')}) f
               left join ${userTypes} ut on ut.id = f.value::uuid order by f.count desc, label limit 30) x) as user_type,
            (select json_agg(x) from (
               select * from (${facet('i')}) f order by f.count desc, f.value limit 30) x) as industry,
            (select json_agg(x) from (
               select * from (${facet('y')}) f order by f.value::int desc limit 30) x) as graduation_year`,
      );
    } else {
      const text = textQueries(terms, expansions.corrections);
      const after = tierCursor
        ? sql`and (m.tier, m.sort_name, m.user_id) > (${tierCursor.tier}::int, ${tierCursor.sortName}, ${cursor?.id}::uuid)`
        : sql``;
      [row] = await queryRows<TSearchRow>(
        tx,
        sql`with m as materialized (
            select d.user_id, d.sort_name, d.user_type_id, d.industries, d.graduation_years, d.tier,
                   ${filters.userType} as type_ok, ${filters.industry} as industry_ok,
                   ${filters.graduationYear} as year_ok
            from app_directory_matches(${hubId}, ${text.full}, ${text.exact}) d
          ),
          page as (
            select m.user_id, m.tier, m.sort_name from m
            where m.type_ok and m.industry_ok and m.year_ok ${after}
            order by m.tier, m.sort_name, m.user_id limit ${limit}
          )
          select
            (select json_agg(p order by p.tier, p.sort_name, p.user_id) from (
               select page.tier, ${PAGE_FIELDS}
               from page join ${directoryEntries} d on d.hub_id = ${hubId} and d.user_id = page.user_id
               join ${users} u on u.id = d.user_id left join ${userTypes} ut on ut.id = d.user_type_id) p) as items,
            ${FACETS_OF_MATCHES}`,
      );
    }
  } else {
    const after = cursor ? sql`and (d.sort_name, d.user_id) > (${cursor.at}, ${cursor.id}::uuid)` : sql``;
    // The page's ids first (the hub's sort index, or the filters' indexes), then their people.
    const page = sql`(select json_agg(p order by p.sort_name, p.user_id) from (
          select 0 as tier, ${PAGE_FIELDS}
          from (select d.user_id from ${directoryEntries} d
                where d.hub_id = ${hubId} and ${filters.userType} and ${filters.industry} and ${filters.graduationYear} ${after}
                order by d.sort_name, d.user_id limit ${limit}) ids
          join ${directoryEntries} d on d.hub_id = ${hubId} and d.user_id = ids.user_id
          join ${users} u on u.id = d.user_id left join ${userTypes} ut on ut.id = d.user_type_id) p) as items`;
    const counted =
      query.industry.length <= 1 &&
      query.graduationYear.length <= 1 &&
      !userTypeIds.some((id) => id.toLowerCase() === NO_USER_TYPE);
    if (counted) {
      const industry = query.industry[0] ?? '';
      const year = query.graduationYear[0] ?? 0;
      const types = query.userType.length
        ? userTypeIds.length
          ? sql`c.user_type_id = ANY(${uuidArray(userTypeIds)})`
          : sql`false`
        : sql`true`;
      [row] = await queryRows<TSearchRow>(
        tx,
        sql`select ${page},
            (select json_agg(f) from (
               select c.user_type_id::text as value, coalesce(ut.title, '') as label, c.entries as count
               from directory_facet_counts c left join ${userTypes} ut on ut.id = c.user_type_id
               where c.hub_id = ${hubId} and c.industry = ${industry} and c.graduation_year = ${year}
                 and c.user_type_id <> ${NO_USER_TYPE}::uuid and c.entries > 0
               order by count desc, label limit 30) f) as user_type,
            (select json_agg(f) from (
               select c.industry as value, c.industry as label, sum(c.entries)::int as count
               from directory_facet_counts c
               where c.hub_id = ${hubId} and c.industry <> '' and c.graduation_year = ${year} and ${types}
               group by c.industry having sum(c.entries) > 0 order by count desc, c.industry limit 30) f) as industry,
            (select json_agg(f) from (
               select c.graduation_year::text as value, c.graduation_year::text as label, sum(c.entries)::int as count
               from directory_facet_counts c
               where c.hub_id = ${hubId} and c.graduation_year <> 0 and c.industry = ${industry} and ${types}
               group by c.graduation_year having sum(c.entries) > 0 order by c.graduation_year desc limit 30) f) as graduation_year`,
      );
    } else {
      // Several industries or years: an entry may hold more than one of them, so the counts are taken from
      // the entries (one pass over those the facets need: failing at most one filter).
      [row] = await queryRows<TSearchRow>(
        tx,
        sql`with m as materialized (
              select d.user_type_id, d.industries, d.graduation_years,
                     ${filters.userType} as type_ok, ${filters.industry} as industry_ok,
                     ${filters.graduationYear} as year_ok
              from ${directoryEntries} d where d.hub_id = ${hubId}
            )
            select ${page},
            ${FACETS_OF_MATCHES}`,
      );
    }
  }

  const rows = row?.items ?? [];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          at: terms.length ? `${last.tier}|${last.sort_name}` : last.sort_name,
          id: last.user_id,
        })
      : null;
  return {
    items: page.map(pagePerson),
    nextCursor,
    facets: {
      userType: row?.user_type ?? [],
      industry: row?.industry ?? [],
      graduationYear: row?.graduation_year ?? [],
    },
  };
}

/** A search page's cursor position: the group (0 as typed, 1 through a correction) and the sort name. */
function parseTierCursor(at: string): { tier: number; sortName: string } {
  const match = /^([01])\|(.*)$/s.exec(at);
  if (!match) throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
  return { tier: Number(match[1]), sortName: match[2] ?? '' };
}

function pagePerson(r: TPageRow): TDirectoryPerson {
  return {
    id: r.user_id,
    identifier: r.identifier,
    fullName: r.full_name,
    photoUrl: r.photo_url,
    headline: r.headline,
    location: r.location,
    userType: r.user_type_id && r.user_type_title ? { id: r.user_type_id, title: r.user_type_title } : null,
    companies: r.companies,
    schools: r.schools,
    majors: r.majors,
    industries: r.industries,
    graduationYears: r.graduation_years,
  };
}

function toIntArray(values: number[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
}

/**
 * spec 7 mention lookup: members of the hub whose name has a word starting with the term or, for a misspelt
 * word, with one of its corrections from the hub's vocabulary (as the directory search corrects it).
 */
export async function searchMentions(
  tx: TTx,
  options: { hubId: number; term: string; excludeUserId: string },
) {
  const terms = searchWords(options.term);
  if (terms.length === 0) return [];
  const { corrections } = await expandTerms(tx, options.hubId, terms);
  const name = sql`lower(${directoryEntries.fullName})`;
  const nameMatches = terms.map(
    (t) =>
      sql`(${sql.join(
        [t, ...(corrections.get(t) ?? [])].map(
          (word) => sql`${name} like ${`${word}%`} or ${name} like ${`% ${word}%`}`,
        ),
        sql` or `,
      )})`,
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
  entry: Pick<
    typeof directoryEntries.$inferSelect,
    | 'userId'
    | 'fullName'
    | 'headline'
    | 'location'
    | 'userTypeId'
    | 'companies'
    | 'schools'
    | 'majors'
    | 'industries'
    | 'graduationYears'
  >;
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
  const shared = (column: SQLWrapper, wanted: string[]) =>
    sql`cardinality(array(select unnest(${column}) intersect select unnest(${textArray(wanted)})))`;
  // The first candidates that share anything, scored here (industry 3, help topic 2, company 2, major 1) with
  // only the columns a person card needs: the wide search columns stay on disk, and the identifier and photo
  // are read by primary key for the ranked few only (a join let the planner hash the whole users table,
  // hot-paths.explain.test).
  const candidates = tx
    .select({
      userId: directoryEntries.userId,
      fullName: directoryEntries.fullName,
      headline: directoryEntries.headline,
      location: directoryEntries.location,
      userTypeId: directoryEntries.userTypeId,
      companies: directoryEntries.companies,
      schools: directoryEntries.schools,
      majors: directoryEntries.majors,
      industries: directoryEntries.industries,
      helpTopics: directoryEntries.helpTopics,
      graduationYears: directoryEntries.graduationYears,
      score:
        sql<number>`(${shared(directoryEntries.industries, industries)} * 3 + ${shared(directoryEntries.helpTopics, helpTopics)} * 2 + ${shared(directoryEntries.companies, companies)} * 2 + ${shared(directoryEntries.majors, majors)})`.as(
          'score',
        ),
    })
    .from(directoryEntries)
    .where(
      and(
        eq(directoryEntries.hubId, options.hubId),
        ne(directoryEntries.userId, options.excludeUserId),
        sql`(${directoryEntries.industries} && ${textArray(industries)} or ${directoryEntries.helpTopics} && ${textArray(helpTopics)} or ${directoryEntries.majors} && ${textArray(majors)} or ${directoryEntries.companies} && ${textArray(companies)})`,
      ),
    )
    .limit(RANK_CANDIDATES)
    .as('candidates');
  const rows = await tx
    .select({
      entry: {
        userId: candidates.userId,
        fullName: candidates.fullName,
        headline: candidates.headline,
        location: candidates.location,
        userTypeId: candidates.userTypeId,
        companies: candidates.companies,
        schools: candidates.schools,
        majors: candidates.majors,
        industries: candidates.industries,
        helpTopics: candidates.helpTopics,
        graduationYears: candidates.graduationYears,
      },
      score: candidates.score,
      identifier: sql<string>`(select ${users.identifier} from ${users} where ${users.id} = ${candidates.userId})`,
      photoUrl: sql<
        string | null
      >`(select ${users.photoUrl} from ${users} where ${users.id} = ${candidates.userId})`,
      userTypeTitle: userTypes.title,
    })
    .from(candidates)
    .leftJoin(userTypes, eq(userTypes.id, candidates.userTypeId))
    .orderBy(desc(candidates.score), asc(candidates.fullName))
    .limit(RANKED_LIMIT);
  return byOverlap(rows.map((c) => rankedPerson(c, options)));
}

type TOverlapWanted = Pick<TDirectoryEntryRow, 'industries' | 'helpTopics' | 'majors' | 'companies'>;
type TDirectoryEntryRow = typeof directoryEntries.$inferSelect;

/** A person with why they match (industry 3, help topic 2, company 2, major 1): the SQL score's weights. */
function rankedPerson(
  c: Parameters<typeof toPerson>[0] & { entry: Pick<TDirectoryEntryRow, 'helpTopics'> },
  wanted: TOverlapWanted,
): TRankedPerson {
  const reasons: string[] = [];
  let score = 0;
  const add = (values: string[], wanted: string[], weight: number, reason: (v: string) => string) => {
    for (const value of values.filter((v) => wanted.includes(v))) {
      reasons.push(reason(value));
      score += weight;
    }
  };
  add(c.entry.industries, wanted.industries, 3, (v) => `Works in ${v}`);
  add(c.entry.helpTopics, wanted.helpTopics, 2, (v) => `Can help with ${v}`);
  add(c.entry.companies, wanted.companies, 2, (v) => `Also at ${v}`);
  add(c.entry.majors, wanted.majors, 1, (v) => `Also studied ${v}`);
  return { person: toPerson(c), score, reasons };
}

/** The SQL's order, with names compared as people read them rather than by byte. */
function byOverlap(ranked: TRankedPerson[]): TRankedPerson[] {
  return ranked.sort((a, b) => b.score - a.score || a.person.fullName.localeCompare(b.person.fullName));
}

/** How long a member's stored people recommendation stays fresh; an edit of their own entry ends it sooner. */
export const PEOPLE_RECOMMENDATION_MAX_AGE = '1 day';

/** A stored recommendation's person as the first statement of `similarPeople` answers it (JSON). */
type TStoredPersonJson = {
  entry: Record<string, unknown>;
  identifier: string;
  photoUrl: string | null;
  userTypeTitle: string | null;
};

/**
 * The entry columns a person's card and reasons read (toPerson, rankedPerson), as one JSON object: the search
 * columns (text and tsvector) stay out, where `to_jsonb(d.*)` built and then dropped them for every person.
 */
const PERSON_CARD_COLUMNS = [
  directoryEntries.userId,
  directoryEntries.fullName,
  directoryEntries.headline,
  directoryEntries.location,
  directoryEntries.userTypeId,
  directoryEntries.companies,
  directoryEntries.schools,
  directoryEntries.majors,
  directoryEntries.industries,
  directoryEntries.graduationYears,
  directoryEntries.helpTopics,
];
const personCardJson = sql`jsonb_build_object(${sql.join(
  PERSON_CARD_COLUMNS.map((column) => sql`${sql.raw(`'${column.name}'`)}, d.${sql.identifier(column.name)}`),
  sql`, `,
)})`;

/**
 * The stored people of a fresh recommendation with their current cards, built in the same statement that
 * reads the viewer's entry (one round trip fewer on the home, issue #18 benchmark); null when not fresh.
 */
const storedPeopleJson = sql<TStoredPersonJson[] | null>`case when ${isFreshRecommendation()} then (
  select coalesce(jsonb_agg(jsonb_build_object(
    'entry', ${personCardJson},
    'identifier', u.identifier, 'photoUrl', u.photo_url, 'userTypeTitle', t.title)), '[]'::jsonb)
  from ${directoryEntries} d
  join ${users} u on u.id = d.user_id
  left join ${userTypes} t on t.id = d.user_type_id
  where d.hub_id = ${directoryEntries.hubId} and d.user_id = any(${peopleRecommendations.personIds})
) end`;

/**
 * Fresh: ranked within the day, after the member's last edit, and not empty (an empty ranking is cheap to redo
 * and the first matches should not wait a day).
 */
function isFreshRecommendation() {
  return sql`coalesce(${peopleRecommendations.computedAt} > now() - ${PEOPLE_RECOMMENDATION_MAX_AGE}::interval and ${peopleRecommendations.computedAt} >= ${directoryEntries.updatedAt} and cardinality(${peopleRecommendations.personIds}) > 0, false)`;
}

/**
 * The stored people of a recommendation with their current cards and reasons; anyone who no longer shares
 * anything (or left the hub's directory) drops out until the next ranking.
 */
function storedPeople(people: TStoredPersonJson[], wanted: TOverlapWanted): TRankedPerson[] {
  const rows = people.map((person) => ({
    entry: rowFromJson(directoryEntries, person.entry),
    identifier: person.identifier,
    photoUrl: person.photoUrl,
    userTypeTitle: person.userTypeTitle,
  }));
  return byOverlap(rows.map((r) => rankedPerson(r, wanted)).filter((r) => r.score > 0));
}

/**
 * Members of the hub most like this user (shared industries, help topics, majors, companies); empty when they
 * have no directory entry. A member's own ranking is stored (people_recommendations) and read by key while
 * fresh; anyone else's, and a stale or missing one, is ranked from the directory.
 */
export async function similarPeople(tx: TTx, options: { hubId: number; userId: string; viewerId: string }) {
  const isOwn = options.userId === options.viewerId;
  // Named (one text per case) and built once per pooled connection: each connection plans it once; planning the
  // stored people's subquery cost more than running it (issue #18 home benchmark).
  const name = isOwn ? 'directory_similar_people_own' : 'directory_similar_people_other';
  const [row] = await preparedOnce(tx, name, () =>
    tx
      .select({
        entry: {
          clusterId: directoryEntries.clusterId,
          industries: directoryEntries.industries,
          helpTopics: directoryEntries.helpTopics,
          majors: directoryEntries.majors,
          companies: directoryEntries.companies,
        },
        storedPeople: isOwn ? storedPeopleJson : sql<null>`null`,
      })
      .from(directoryEntries)
      // RLS shows a member only their own row: for anyone else's profile the join finds nothing.
      .leftJoin(
        peopleRecommendations,
        and(
          eq(peopleRecommendations.hubId, directoryEntries.hubId),
          eq(peopleRecommendations.userId, directoryEntries.userId),
        ),
      )
      .where(
        and(
          eq(directoryEntries.hubId, sql.placeholder('hubId')),
          eq(directoryEntries.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ hubId: options.hubId, userId: options.userId });
  if (!row) return [];
  const { entry } = row;
  if (isOwn && row.storedPeople) return storedPeople(row.storedPeople, entry);
  const ranked = await rankPeopleByOverlap(tx, {
    hubId: options.hubId,
    excludeUserId: options.userId,
    industries: entry.industries,
    helpTopics: entry.helpTopics,
    majors: entry.majors,
    companies: entry.companies,
  });
  // An empty ranking is not stored: it counts as stale anyway (isFresh), so storing it would write on every visit.
  if (isOwn && ranked.length > 0) {
    const personIds = ranked.map((r) => r.person.id);
    await tx
      .insert(peopleRecommendations)
      .values({ clusterId: entry.clusterId, hubId: options.hubId, userId: options.userId, personIds })
      .onConflictDoUpdate({
        target: [peopleRecommendations.hubId, peopleRecommendations.userId],
        set: { personIds, computedAt: sql`now()` },
      });
  }
  return ranked;
}
