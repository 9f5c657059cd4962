import {
  BADGE_IMAGE_MAX_BYTES,
  BADGE_IMAGE_TOO_LARGE,
  BADGE_IMAGE_UNKNOWN,
  type TSaveBadgeRequest,
  type TUpdateBadgeRequest,
} from '@commons/contract';
import { badgeRuleError, isBadgeEarned, type TBadgeCounts, type TBadgeRuleKind } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { badges, earnedBadges } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { uploadedHubImageErrors } from '../files/hub-images.js';
import { emitToUsers } from '../realtime/realtime.events.js';
import { countBadgeKind, findHubBadge, unearnedBadges, type TBadgeRow } from './badges.queries.js';
import { viewerHubIds } from '../action-items/action-items.commands.js';

/**
 * Awards a user the badges their activity earned, inside the caller's transaction (the event's own): the
 * enabled badges of the given hubs and kinds not earned yet are read (one statement, usually nothing more),
 * the user's counts of their kinds are taken, and the earned ones are inserted with on conflict do nothing
 * on (badge_id, user_id), so repeated or concurrent events award a badge exactly once; 'badge.earned'
 * (spec 4) is emitted only for rows actually inserted. `known` carries counts the caller already has (the
 * profile health). Counts are read as the request sees them: for another person (the other participant of
 * a meeting or a mentorship) row-level security shows only what the two share, a lower bound, so such a
 * badge may wait for that person's own next event; two concurrent events that together cross a threshold
 * (neither sees the other's uncommitted row) likewise leave it to the next one. Never twice.
 * Answers the ids of the badges awarded.
 */
export async function awardBadges(
  tx: TTx,
  options: {
    clusterId: string;
    userId: string;
    hubIds: readonly number[];
    kinds: readonly TBadgeRuleKind[];
    known?: TBadgeCounts;
    now: Date;
  },
): Promise<string[]> {
  const hubIds = [...new Set(options.hubIds)].sort((a, b) => a - b);
  const candidates = await unearnedBadges(tx, { userId: options.userId, hubIds, kinds: options.kinds });
  if (candidates.length === 0) return [];
  const countsByHub = new Map<number, TBadgeCounts>();
  const earned: TBadgeRow[] = [];
  // One after another: a transaction's queries share one connection.
  for (const badge of candidates) {
    const counts = countsByHub.get(badge.hubId) ?? { ...options.known };
    countsByHub.set(badge.hubId, counts);
    const kind = badge.ruleKind;
    if (counts[kind] === undefined && kind !== 'profile_complete')
      counts[kind] = await countBadgeKind(tx, { kind, userId: options.userId, hubId: badge.hubId });
    if (isBadgeEarned({ kind, threshold: badge.threshold }, counts)) earned.push(badge);
  }
  if (earned.length === 0) return [];
  const inserted = await tx
    .insert(earnedBadges)
    .values(
      earned.map((badge) => ({
        clusterId: options.clusterId,
        hubId: badge.hubId,
        badgeId: badge.id,
        userId: options.userId,
        earnedAt: options.now,
      })),
    )
    .onConflictDoNothing({ target: [earnedBadges.badgeId, earnedBadges.userId] })
    .returning({ badgeId: earnedBadges.badgeId });
  const insertedIds = new Set(inserted.map((r) => r.badgeId));
  for (const badge of earned) {
    if (!insertedIds.has(badge.id)) continue;
    await emitToUsers(tx, options.clusterId, [options.userId], {
      type: 'badge.earned',
      payload: {
        hubId: String(badge.hubId),
        badgeId: badge.id,
        name: badge.title,
        description: badge.description,
        imageUrl: badge.imageUrl,
      },
    });
  }
  return [...insertedIds];
}

/** The viewer's profile reached 100 % (spec 9 profile score): profile_complete badges in each of their hubs. */
export async function awardProfileCompleteBadges(ctx: TRequestContext): Promise<string[]> {
  return awardBadges(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: ctx.requireViewer().user.id,
    hubIds: viewerHubIds(ctx),
    kinds: ['profile_complete'],
    known: { profile_complete: 1 },
    now: ctx.now,
  });
}

/** An event in one hub counted for the given people (an answer, a question, a meeting, a group, a mentorship). */
export async function awardHubActivityBadges(
  ctx: TRequestContext,
  options: {
    userIds: ReadonlyArray<string | null>;
    hubId: number;
    kind: Exclude<TBadgeRuleKind, 'profile_complete'>;
  },
): Promise<void> {
  for (const userId of [...new Set(options.userIds)].sort()) {
    if (userId === null) continue;
    await awardBadges(ctx.tx, {
      clusterId: ctx.clusterId,
      userId,
      hubIds: [options.hubId],
      kinds: [options.kind],
      now: ctx.now,
    });
  }
}

/** Field errors of a badge as saved: the rule (domain badgeRuleError) and the image (uploaded to this hub). */
async function badgeErrors(
  ctx: TRequestContext,
  badge: Pick<TSaveBadgeRequest, 'rule' | 'imageUrl'>,
): Promise<Record<string, string>> {
  const fields = await uploadedHubImageErrors(ctx.tx, {
    hubId: ctx.requireHub().id,
    images: { imageUrl: badge.imageUrl },
    maxBytes: BADGE_IMAGE_MAX_BYTES,
    messages: { unknown: BADGE_IMAGE_UNKNOWN, tooLarge: BADGE_IMAGE_TOO_LARGE },
  });
  const ruleError = badgeRuleError(badge.rule);
  if (ruleError) fields['rule.threshold'] = ruleError;
  return fields;
}

/** A hub admin creates a badge (issue #18 item 5). */
export async function createBadge(ctx: TRequestContext, body: TSaveBadgeRequest): Promise<TBadgeRow> {
  const hub = ctx.requireHub();
  const fields = await badgeErrors(ctx, body);
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const [row] = await ctx.tx
    .insert(badges)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      title: body.title,
      description: body.description,
      imageUrl: body.imageUrl,
      ruleKind: body.rule.kind,
      threshold: body.rule.threshold,
      isEnabled: body.isEnabled,
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('badge insert returned no row');
  await ctx.audit({ action: 'badge.create', targetType: 'badge', targetId: row.id });
  return row;
}

/** A hub admin edits or disables a badge; the badges already earned stay. */
export async function updateBadge(
  ctx: TRequestContext,
  options: { id: string; body: TUpdateBadgeRequest },
): Promise<TBadgeRow> {
  const hub = ctx.requireHub();
  const current = await findHubBadge(ctx.tx, { hubId: hub.id, id: options.id });
  if (!current) throw notFound('Badge');
  const { body } = options;
  const rule = body.rule ?? { kind: current.ruleKind, threshold: current.threshold };
  const fields = await badgeErrors(ctx, { rule, imageUrl: body.imageUrl ?? null });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const [row] = await ctx.tx
    .update(badges)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl } : {}),
      ...(body.isEnabled !== undefined ? { isEnabled: body.isEnabled } : {}),
      ruleKind: rule.kind,
      threshold: rule.threshold,
      updatedAt: ctx.now,
    })
    .where(and(eq(badges.id, current.id), eq(badges.hubId, hub.id)))
    .returning();
  if (!row) throw notFound('Badge');
  await ctx.audit({
    action: 'badge.update',
    targetType: 'badge',
    targetId: row.id,
    data: { isEnabled: row.isEnabled },
  });
  return row;
}

/** A hub admin deletes a badge; every earned copy goes with it (on delete cascade). */
export async function deleteBadge(ctx: TRequestContext, id: string): Promise<void> {
  const hub = ctx.requireHub();
  const deleted = await ctx.tx
    .delete(badges)
    .where(and(eq(badges.id, id), eq(badges.hubId, hub.id)))
    .returning({ id: badges.id });
  if (deleted.length === 0) throw notFound('Badge');
  await ctx.audit({ action: 'badge.delete', targetType: 'badge', targetId: id });
}
