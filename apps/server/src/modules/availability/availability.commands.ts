import type { TAvailability, TUpdateAvailabilityRequest, TWeeklyInterval } from '@commons/contract';
import { isKnownTimeZone } from '@commons/domain';
import { eq } from 'drizzle-orm';
import { hubMemberships, userAvailability, users } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { feedTokenHash, feedTokenOf, newFeedSalt, parseFeedSegment } from '../../lib/feed-tokens.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeActionItem } from '../action-items/action-items.commands.js';
import { meetingLinks, type TMeetingDeps } from '../meetings/meetings.commands.js';
import { buildCalendar, organizerFrom } from '../meetings/meetings.ical.js';
import { listCalendarMeetings, loadPeople } from '../meetings/meetings.queries.js';
import { findFeedOwner, readAvailability, type TFeedUrlDeps } from './availability.queries.js';

/** How far back the feed lists past meetings. */
const FEED_HISTORY_DAYS = 90;

/** Intervals of one day must not overlap (they are the owner's weekly hours). */
function checkWeeklyHours(intervals: readonly TWeeklyInterval[]): void {
  const sorted = [...intervals].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
  sorted.forEach((interval, index) => {
    const previous = sorted[index - 1];
    if (previous && previous.day === interval.day && interval.start < previous.end) {
      throw validationError({ weeklyHours: 'Hours of one day must not overlap.' });
    }
  });
}

/** Saves the viewer's time zone, last availability date and weekly hours; answers the saved availability. */
export async function saveAvailability(
  ctx: TRequestContext,
  options: { input: TUpdateAvailabilityRequest; feed: TFeedUrlDeps },
): Promise<TAvailability> {
  const viewer = ctx.requireViewer().user;
  const { input } = options;
  if (!isKnownTimeZone(input.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  checkWeeklyHours(input.weeklyHours);
  // A calendar day is kept at noon UTC, so it reads as the same day in every zone from UTC-12 to UTC+11.
  const lastAvailabilityDate = input.lastAvailabilityDate
    ? new Date(`${input.lastAvailabilityDate}T12:00:00Z`)
    : null;
  if (lastAvailabilityDate && Number.isNaN(lastAvailabilityDate.getTime()))
    throw validationError({ lastAvailabilityDate: 'Choose a date.' });
  await ctx.tx
    .update(users)
    .set({ timezone: input.timezone, lastAvailabilityDate, updatedAt: ctx.now })
    .where(eq(users.id, viewer.id));
  const values = { weeklyHours: input.weeklyHours, slotMinutes: input.slotMinutes, updatedAt: ctx.now };
  await ctx.tx
    .insert(userAvailability)
    .values({ userId: viewer.id, clusterId: ctx.clusterId, ...values })
    .onConflictDoUpdate({ target: userAvailability.userId, set: values });
  await ctx.audit({ action: 'availability.update', targetType: 'user', targetId: viewer.id });
  return readAvailability(ctx.tx, { user: viewer, feed: options.feed });
}

/** Creates or replaces the viewer's private feed URL (the old URL stops working). */
export async function rotateFeed(ctx: TRequestContext, feed: TFeedUrlDeps): Promise<TAvailability> {
  const viewer = ctx.requireViewer().user;
  const feedSalt = newFeedSalt();
  const values = {
    feedSalt,
    feedTokenHash: feedTokenHash(feedTokenOf(feed.secret, 'meetings-feed', feedSalt)),
    updatedAt: ctx.now,
  };
  await ctx.tx
    .insert(userAvailability)
    .values({ userId: viewer.id, clusterId: ctx.clusterId, ...values })
    .onConflictDoUpdate({ target: userAvailability.userId, set: values });
  await ctx.audit({ action: 'availability.feed.rotate', targetType: 'user', targetId: viewer.id });
  return readAvailability(ctx.tx, { user: viewer, feed });
}

/**
 * The ICS calendar of a feed token's owner. The feed then acts as its owner: the tenant scope switches
 * to them, so row-level security shows only the owner's meetings; the fetch completes their sync_calendar.
 */
export async function buildFeedCalendar(
  ctx: TRequestContext,
  options: { segment: string; deps: TMeetingDeps },
): Promise<string> {
  const token = parseFeedSegment(options.segment);
  if (!token) throw notFound('Feed');
  const ownerId = await findFeedOwner(ctx.tx, token);
  if (!ownerId) throw notFound('Feed');
  await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, userId: ownerId });
  const memberHubIds = (
    await ctx.tx
      .select({ hubId: hubMemberships.hubId })
      .from(hubMemberships)
      .where(eq(hubMemberships.userId, ownerId))
  ).map((m) => m.hubId);
  await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, userId: ownerId, memberHubIds });
  // A calendar app fetching the feed is the calendar synced (issue #18 item 4: sync_calendar).
  await completeActionItem(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: ownerId,
    hubIds: memberHubIds,
    type: 'sync_calendar',
    completedBy: 'event',
    now: ctx.now,
  });
  const rows = await listCalendarMeetings(ctx.tx, {
    userId: ownerId,
    from: new Date(ctx.now.getTime() - FEED_HISTORY_DAYS * 86_400_000),
  });
  const people = await loadPeople(ctx.tx, [ownerId, ...rows.flatMap((r) => [r.fromUserId, r.toUserId])]);
  const ownerPerson = people.get(ownerId);
  if (!ownerPerson) throw notFound('Feed');
  return buildCalendar({
    method: null,
    name: 'Commons meetings',
    organizer: organizerFrom(options.deps.mailFrom),
    now: ctx.now,
    meetings: rows.flatMap((row) => {
      const from = people.get(row.fromUserId);
      const to = people.get(row.toUserId);
      return from && to
        ? [{ row, from, to, ...meetingLinks(options.deps, row, ownerPerson), isCancelled: false }]
        : [];
    }),
  });
}
