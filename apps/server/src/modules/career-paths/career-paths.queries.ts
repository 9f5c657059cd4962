/** Reads of career paths (issue #20 item 2): the cluster's catalogue, a member's favourites, matching alumni. */
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import {
  careerPathFavorites,
  careerPaths,
  directoryEntries,
  userTypes,
  users,
} from '../../db/schema/index.js';
import { textArray } from '../../db/typo-search.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

export type TCareerPathRow = typeof careerPaths.$inferSelect;
/** A career path with whether the viewer favourited it. */
export type TCareerPathWithFavorite = { path: TCareerPathRow; isFavorite: boolean };

/** The sort key of every catalogue list: the title without case (career_paths_cluster_title_idx). */
const titleKey = sql<string>`lower(${careerPaths.title})`;

/**
 * A full-text query from what a member typed: each word a prefix (so "engin" finds Engineering), all words
 * required; null when nothing searchable is left.
 */
export function prefixTsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(' & ');
}

function isFavoriteOf(userId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${careerPathFavorites} f where f.user_id = ${userId} and f.career_path_id = ${careerPaths.id})`;
}

/**
 * One keyset page of the catalogue by title: active or archived paths, matching a search, or only the viewer's
 * favourites. Reads career_paths_cluster_title_idx (the search through career_paths_search_idx).
 */
export async function listCareerPaths(
  tx: TTx,
  options: {
    clusterId: string;
    viewerId: string;
    status: 'active' | 'archived';
    q: string;
    isFavoritesOnly: boolean;
    cursor: TCursor | null;
    limit: number;
  },
): Promise<{ rows: TCareerPathWithFavorite[]; nextCursor: string | null }> {
  const tsQuery = prefixTsQuery(options.q);
  const rows = await tx
    .select({ path: careerPaths, isFavorite: isFavoriteOf(options.viewerId) })
    .from(careerPaths)
    .where(
      and(
        eq(careerPaths.clusterId, options.clusterId),
        options.status === 'active' ? isNull(careerPaths.archivedAt) : isNotNull(careerPaths.archivedAt),
        tsQuery === null ? undefined : sql`${careerPaths.searchVector} @@ to_tsquery('english', ${tsQuery})`,
        options.isFavoritesOnly ? isFavoriteOf(options.viewerId) : undefined,
        keysetAfter(options.cursor, {
          sortKey: titleKey,
          id: careerPaths.id,
          kind: 'text',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(asc(titleKey), asc(careerPaths.id))
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (row) => ({
    at: row.path.title.toLowerCase(),
    id: row.path.id,
  }));
  return { rows: page.rows, nextCursor: page.nextCursor };
}

/** One career path of the cluster (archived too) with the viewer's favourite, or null. */
export async function findCareerPath(
  tx: TTx,
  options: { clusterId: string; id: string; viewerId: string },
): Promise<TCareerPathWithFavorite | null> {
  const [row] = await tx
    .select({ path: careerPaths, isFavorite: isFavoriteOf(options.viewerId) })
    .from(careerPaths)
    .where(and(eq(careerPaths.clusterId, options.clusterId), eq(careerPaths.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** What the home reads of the active catalogue: the same for every member, kept in the hub read cache. */
export type TCatalogueEntry = {
  id: string;
  title: string;
  description: string;
  typicalRoles: string[];
  industries: string[];
  jobFunctions: string[];
};

/** Most catalogue entries the home looks at (a cluster's catalogue is a few dozen to a few hundred). */
const CATALOGUE_READ_LIMIT = 500;

/** The active catalogue by title, for the home's liked and recommended careers. */
export function activeCatalogue(tx: TTx, options: { clusterId: string }): Promise<TCatalogueEntry[]> {
  return tx
    .select({
      id: careerPaths.id,
      title: careerPaths.title,
      description: sql<string>`left(${careerPaths.description}, 300)`,
      typicalRoles: careerPaths.typicalRoles,
      industries: careerPaths.industries,
      jobFunctions: careerPaths.jobFunctions,
    })
    .from(careerPaths)
    .where(and(eq(careerPaths.clusterId, options.clusterId), isNull(careerPaths.archivedAt)))
    .orderBy(asc(titleKey), asc(careerPaths.id))
    .limit(CATALOGUE_READ_LIMIT);
}

/** The titles of the active catalogue (the profile's career path expertise picker). */
export async function activeTitles(tx: TTx, options: { clusterId: string }): Promise<string[]> {
  const rows = await tx
    .select({ title: careerPaths.title })
    .from(careerPaths)
    .where(and(eq(careerPaths.clusterId, options.clusterId), isNull(careerPaths.archivedAt)))
    .orderBy(asc(titleKey))
    .limit(CATALOGUE_READ_LIMIT);
  return rows.map((r) => r.title);
}

/** An alumnus of the hub whose career path expertise names one of the wanted titles. */
export type TAlumnusRow = {
  id: string;
  identifier: string;
  fullName: string;
  headline: string | null;
  photoUrl: string | null;
  userTypeTitle: string | null;
  matched: string[];
};

/**
 * Alumni listed in the hub's directory (approved, visible members of an Alumni user type) whose
 * careerPathExpertise names one of `titles`, those matching more first, then by name. Starts from
 * users_career_path_expertise_idx and reads each match's directory entry by key.
 */
export async function alumniForCareerPaths(
  tx: TTx,
  options: { hubId: number; titles: readonly string[]; excludeUserId: string; limit: number },
): Promise<TAlumnusRow[]> {
  if (options.titles.length === 0) return [];
  const wanted = textArray(options.titles);
  const matched = sql<
    string[]
  >`array(select unnest(${users.careerPathExpertise}) intersect select unnest(${wanted}))`;
  const rows = await tx
    .select({
      id: users.id,
      identifier: users.identifier,
      fullName: directoryEntries.fullName,
      headline: directoryEntries.headline,
      photoUrl: users.photoUrl,
      userTypeTitle: userTypes.title,
      matched,
    })
    .from(users)
    .innerJoin(
      directoryEntries,
      and(eq(directoryEntries.hubId, options.hubId), eq(directoryEntries.userId, users.id)),
    )
    .innerJoin(userTypes, eq(userTypes.id, directoryEntries.userTypeId))
    .where(
      and(
        sql`${users.careerPathExpertise} && ${wanted}`,
        eq(userTypes.standardUserType, 'Alumni'),
        sql`${users.id} <> ${options.excludeUserId}`,
      ),
    )
    .orderBy(sql`cardinality(${matched}) desc`, asc(directoryEntries.sortName), asc(users.id))
    .limit(options.limit);
  return rows;
}

/**
 * What the home reads of the viewer in one statement (issue #20 item 2, the home's statement budget): their
 * favourite career path ids, newest first, and the hub's alumni whose careerPathExpertise names an active
 * favourite, those matching more first (as alumniForCareerPaths ranks them).
 */
export async function homeCareerRead(
  tx: TTx,
  options: { clusterId: string; hubId: number; userId: string; alumniLimit: number },
): Promise<{ favoriteIds: string[]; alumni: TAlumnusRow[] }> {
  const { clusterId, hubId, userId, alumniLimit } = options;
  // The active favourites' titles as a scalar subquery: evaluated once (an InitPlan), so the alumni are found
  // through users_career_path_expertise_idx instead of a scan of users.
  const titles = sql`(select array_agg(p.title) from ${careerPathFavorites} f join ${careerPaths} p on p.id = f.career_path_id
                       where f.cluster_id = ${clusterId} and f.user_id = ${userId} and p.archived_at is null)`;
  const matched = sql`array(select unnest(u.career_path_expertise) intersect select unnest(${titles}))`;
  const [row] = await queryRows<{ favorite_ids: string[] | null; alumni: TAlumnusRow[] | null }>(
    tx,
    sql`select
      (select json_agg(f.career_path_id order by f.created_at desc, f.career_path_id)
         from ${careerPathFavorites} f where f.cluster_id = ${clusterId} and f.user_id = ${userId}) as favorite_ids,
      (select json_agg(a) from (
         select u.id, u.identifier, d.full_name as "fullName", d.headline, u.photo_url as "photoUrl",
                t.title as "userTypeTitle", ${matched} as matched
           from ${users} u
           join ${directoryEntries} d on d.hub_id = ${hubId} and d.user_id = u.id
           join ${userTypes} t on t.id = d.user_type_id
          where u.career_path_expertise && ${titles} and t.standard_user_type = 'Alumni' and u.id <> ${userId}
          order by cardinality(${matched}) desc, d.sort_name, u.id
          limit ${alumniLimit}) a) as alumni`,
  );
  return { favoriteIds: row?.favorite_ids ?? [], alumni: row?.alumni ?? [] };
}
