import { ZHubSettings, type THubSettings } from '@commons/contract';
import { normalizeCommunitySearch } from '@commons/domain';
import { inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { hubSettings, hubs } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';

/**
 * Trigram word similarity from which a hub counts as a match despite typos: 'northfeild' scores 0.55
 * against 'northfield university', while 'northgate academy' scores 0.45 and 'river' 0.33 against it.
 */
const TYPO_SIMILARITY = 0.5;
/** Matches looked at before the sign-up filter drops closed hubs; a cluster has tens of hubs, not thousands. */
const CANDIDATE_LIMIT = 50;

export type THubSearchCandidate = { id: number; identifier: string; name: string };

/**
 * Hubs of the host's cluster (RLS: hubs are readable cluster-wide) whose name or identifier matches the
 * text: exact matches first, then word prefixes, then by trigram word similarity (pg_trgm), then substring
 * matches; ties by name. The hubs table is small, so this reads it without an index.
 */
export async function searchHubsByName(tx: TTx, text: string): Promise<THubSearchCandidate[]> {
  const wanted = normalizeCommunitySearch(text);
  if (wanted === '') return [];
  const name = sql`lower(${hubs.name})`;
  const identifier = sql`lower(${hubs.identifier})`;
  const isExact = sql`(${name} = ${wanted} OR ${identifier} = ${wanted})`;
  // A word of the name starts with the text: 'univ' for 'Northfield University'.
  const isWordPrefix = sql`(starts_with(${name}, ${wanted}) OR starts_with(${identifier}, ${wanted}) OR strpos(${name}, ${` ${wanted}`}) > 0)`;
  const isSubstring = sql`(strpos(${name}, ${wanted}) > 0 OR strpos(${identifier}, ${wanted}) > 0)`;
  const closeness = sql`greatest(word_similarity(${wanted}, ${name}), word_similarity(${wanted}, ${identifier}))`;
  return tx
    .select({ id: hubs.id, identifier: hubs.identifier, name: hubs.name })
    .from(hubs)
    .where(sql`(${isSubstring} OR ${closeness} >= ${TYPO_SIMILARITY})`)
    .orderBy(
      sql`${isExact} DESC`,
      sql`${isWordPrefix} DESC`,
      sql`${closeness} DESC`,
      sql`similarity(${wanted}, ${name}) DESC`,
      hubs.name,
      hubs.id,
    )
    .limit(CANDIDATE_LIMIT);
}

/**
 * The settings of the given hubs, for what their public sign-up pages show. hub_settings rows are visible
 * only for the request's hub, the viewer's hubs or a cluster-wide scope (RLS), so the transaction's scope
 * becomes exactly these hubs of the host's cluster, as GET /api/hubs/:identifier/public does one hub at a
 * time. The viewer's own scope ends here, so this is the last read of its request.
 */
export async function getPublicHubSettings(
  tx: TTx,
  options: { clusterId: string; hubIds: readonly number[] },
): Promise<Map<number, THubSettings>> {
  if (options.hubIds.length === 0) return new Map();
  await applyTenantScope(tx, { clusterId: options.clusterId, memberHubIds: options.hubIds });
  const rows = await tx
    .select({ hubId: hubSettings.hubId, settings: hubSettings.settings })
    .from(hubSettings)
    .where(inArray(hubSettings.hubId, [...options.hubIds]));
  return new Map(rows.map((r) => [r.hubId, ZHubSettings.parse(r.settings)]));
}
