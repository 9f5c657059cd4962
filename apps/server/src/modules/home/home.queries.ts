/**
 * Reads of the personalised hub home (issue #18): one short, limited query per section, all in the
 * request's tenant transaction, reusing the list queries of the areas that own the data.
 */
import { HOME_SECTION_ITEM_LIMIT } from '@commons/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { resources } from '../../db/schema/index.js';
import { listQuestions } from '../discussions/discussions.queries.js';
import { similarPeople } from '../directory/directory.queries.js';
import { listEvents } from '../events/events.queries.js';
import { listFeedEntries, type TFeedScope } from '../feed/feed.queries.js';

/** Newest approved questions of the hub itself (not of its groups), for the discussion module. */
export async function recentQuestions(tx: TTx, options: { hubId: number; viewerId: string }) {
  const { rows } = await listQuestions(tx, {
    hubId: options.hubId,
    viewerId: options.viewerId,
    groupIds: [],
    groupId: null,
    filter: 'newest',
    limit: HOME_SECTION_ITEM_LIMIT,
    excludePinned: false,
  });
  return rows.map((r) => r.question);
}

/** The hub's next events, soonest first, for the events widget. */
export async function upcomingEvents(tx: TTx, options: { hubId: number; viewerId: string; now: Date }) {
  const { rows } = await listEvents(tx, {
    hubId: options.hubId,
    viewerId: options.viewerId,
    groupIds: [],
    groupId: null,
    when: 'upcoming',
    now: options.now,
    limit: HOME_SECTION_ITEM_LIMIT,
    canSeeProposals: false,
  });
  return rows.map((r) => r.event).filter((event) => event.status === 'approved');
}

/** The hub's resources (not the business directory), pinned first then newest, on resources_hub_list_idx. */
export function latestResources(tx: TTx, options: { hubId: number }) {
  return tx
    .select({
      id: resources.id,
      title: resources.title,
      slug: resources.slug,
      bodyText: resources.bodyText,
      createdAt: resources.createdAt,
    })
    .from(resources)
    .where(
      and(
        eq(resources.hubId, options.hubId),
        eq(resources.isBusinessDirectory, false),
        isNull(resources.hiddenAt),
        isNull(resources.groupId),
      ),
    )
    .orderBy(sql`${resources.pinnedAt} is null`, desc(resources.pinnedAt), desc(resources.createdAt))
    .limit(HOME_SECTION_ITEM_LIMIT);
}

/** Members most like the viewer (the directory's similar matches), for the people recommendation. */
export function recommendedPeople(tx: TTx, options: { hubId: number; userId: string }) {
  return similarPeople(tx, options);
}

/** Whether the hub feed has anything for the viewer: one entry is enough to show the activity section. */
export async function hasFeedActivity(tx: TTx, scope: TFeedScope): Promise<boolean> {
  const { entries } = await listFeedEntries(tx, scope, { limit: 1 });
  return entries.length > 0;
}
