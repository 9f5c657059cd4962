/**
 * Reads shared by the hub content modules (discussions, events, resources, feed, moderation): the author
 * columns joined onto posts, prefix search, the viewer's group standing and the mention lookup.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { groupMemberships, groups, hubMemberships, users } from '../../db/schema/index.js';
import { searchWords } from '../../db/typo-search.js';

/** A post's author as joined from users (null when the account is gone). */
export type TAuthorRow = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
} | null;

/** Author columns joined onto posts. */
export const authorColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
};

/** One author by id, or null when the account is gone. */
export async function findAuthor(tx: TTx, userId: string | null): Promise<TAuthorRow> {
  if (userId === null) return null;
  const [author] = await tx.select(authorColumns).from(users).where(eq(users.id, userId)).limit(1);
  return author ?? null;
}

/** A prefix full-text query ('word:* & …') of the typed words, or null when there are none. */
export function prefixQuery(q: string | undefined): string | null {
  const terms = searchWords(q);
  return terms.length === 0 ? null : terms.map((t) => `${t}:*`).join(' & ');
}

/** The viewer's group memberships in one hub. */
export function listViewerGroupMemberships(tx: TTx, options: { userId: string; hubId: number }) {
  return tx
    .select()
    .from(groupMemberships)
    .where(and(eq(groupMemberships.userId, options.userId), eq(groupMemberships.hubId, options.hubId)));
}

/** Whether a group with this id belongs to the hub. */
export async function isGroupOfHub(tx: TTx, options: { groupId: string; hubId: number }): Promise<boolean> {
  const [group] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, options.groupId), eq(groups.hubId, options.hubId)))
    .limit(1);
  return group !== undefined;
}

/** The approved members of the hub among the mentioned identifiers (a mention never reaches outsiders). */
export async function mentionedMemberIds(
  tx: TTx,
  options: { hubId: number; identifiers: string[] },
): Promise<string[]> {
  if (options.identifiers.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      hubMemberships,
      and(eq(hubMemberships.userId, users.id), eq(hubMemberships.hubId, options.hubId)),
    )
    .where(
      and(inArray(users.identifier, options.identifiers.slice(0, 50)), eq(hubMemberships.approved, true)),
    );
  return rows.map((r) => r.id);
}
