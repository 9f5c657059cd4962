import {
  MEETING_PATHS,
  ZAvailabilityResponse,
  ZErrorBody,
  ZUpdateAvailabilityRequest,
  type TAvailability,
  type TWeeklyInterval,
} from '@commons/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { userAvailability, users } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { lastAvailabilityDay, meetingLinks } from '../meetings/meetings.commands.js';
import { buildCalendar, organizerFrom } from '../meetings/meetings.ical.js';
import { isKnownTimeZone } from '../meetings/meetings.policy.js';
import { listCalendarMeetings, loadPeople } from '../meetings/meetings.queries.js';
import { feedTokenHash, feedTokenOf, newFeedSalt, parseFeedSegment } from '../../lib/feed-tokens.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const me = { auth: 'required', hub: 'none' } as const;

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

/** Private ICS feed URL under PUBLIC_URL (never a host taken from request headers). */
function feedUrl(publicUrl: string, secret: Uint8Array, salt: string | null): string | null {
  return salt ? `${publicUrl}${MEETING_PATHS.feed.replace(':token', `${feedTokenOf(secret, 'meetings-feed', salt)}.ics`)}` : null;
}

async function readAvailability(ctx: TRequestContext, options: { publicUrl: string; secret: Uint8Array }): Promise<TAvailability> {
  const viewer = ctx.requireViewer().user;
  const [user] = await ctx.tx.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  const [row] = await ctx.tx.select().from(userAvailability).where(eq(userAvailability.userId, viewer.id)).limit(1);
  const current = user ?? viewer;
  return {
    timezone: current.timezone,
    lastAvailabilityDate: lastAvailabilityDay(current.lastAvailabilityDate),
    weeklyHours: row?.weeklyHours ?? [],
    slotMinutes: row?.slotMinutes === 15 ? 15 : 30,
    feedUrl: feedUrl(options.publicUrl, options.secret, row?.feedSalt ?? null),
  };
}

/** My availability for meetings (/preferences/manage-calendar) and the private ICS feed of my meetings. */
export function availabilityRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsyncZod {
  const secret = deps.config.jwtSecret;
  const publicUrl = deps.config.publicUrl;
  return async (app) => {
    app.get(
      MEETING_PATHS.availability,
      { schema: { tags: ['meetings'], summary: 'My weekly hours, time zone, last availability date and ICS feed URL', response: { 200: ZAvailabilityResponse, ...errors } } },
      async (request) =>
        request.tenant(me, async (ctx) => ({ availability: await readAvailability(ctx, { publicUrl, secret }) })),
    );

    app.put(
      MEETING_PATHS.availability,
      {
        schema: {
          tags: ['meetings'],
          summary: 'Save my availability (spec 5 Availability: meetings are blocked after the last availability date)',
          body: ZUpdateAvailabilityRequest,
          response: { 200: ZAvailabilityResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(me, async (ctx) => {
          const viewer = ctx.requireViewer().user;
          const body = request.body;
          if (!isKnownTimeZone(body.timezone)) throw validationError({ timezone: 'Choose a time zone from the list.' });
          checkWeeklyHours(body.weeklyHours);
          // A calendar day is kept at noon UTC, so it reads as the same day in every zone from UTC-12 to UTC+11.
          const lastAvailabilityDate = body.lastAvailabilityDate ? new Date(`${body.lastAvailabilityDate}T12:00:00Z`) : null;
          if (lastAvailabilityDate && Number.isNaN(lastAvailabilityDate.getTime())) throw validationError({ lastAvailabilityDate: 'Choose a date.' });
          await ctx.tx.update(users).set({ timezone: body.timezone, lastAvailabilityDate, updatedAt: ctx.now }).where(eq(users.id, viewer.id));
          const values = { weeklyHours: body.weeklyHours, slotMinutes: body.slotMinutes, updatedAt: ctx.now };
          await ctx.tx
            .insert(userAvailability)
            .values({ userId: viewer.id, clusterId: ctx.clusterId, ...values })
            .onConflictDoUpdate({ target: userAvailability.userId, set: values });
          await ctx.audit({ action: 'availability.update', targetType: 'user', targetId: viewer.id });
          return { availability: await readAvailability(ctx, { publicUrl, secret }) };
        }),
    );

    app.post(
      MEETING_PATHS.rotateFeed,
      {
        schema: {
          tags: ['meetings'],
          summary: 'Create my private ICS feed URL, or replace it (the old URL stops working)',
          response: { 200: ZAvailabilityResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(me, async (ctx) => {
          const viewer = ctx.requireViewer().user;
          const feedSalt = newFeedSalt();
          const feed = { feedSalt, feedTokenHash: feedTokenHash(feedTokenOf(secret, 'meetings-feed', feedSalt)), updatedAt: ctx.now };
          await ctx.tx
            .insert(userAvailability)
            .values({ userId: viewer.id, clusterId: ctx.clusterId, ...feed })
            .onConflictDoUpdate({ target: userAvailability.userId, set: feed });
          await ctx.audit({ action: 'availability.feed.rotate', targetType: 'user', targetId: viewer.id });
          return { availability: await readAvailability(ctx, { publicUrl, secret }) };
        }),
    );

    app.get(
      MEETING_PATHS.feed,
      {
        schema: {
          tags: ['meetings'],
          summary: 'The private ICS feed of my scheduled meetings, for calendar apps (the secret URL is the credential)',
          security: [],
          params: z.object({ token: z.string().max(100) }),
          response: { 200: z.string(), 404: ZErrorBody },
        },
      },
      async (request, reply) => {
        const ics = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          const token = parseFeedSegment(request.params.token);
          if (!token) throw notFound('Feed');
          // The owner's account must still be active: a deleted account's feed ends with it.
          const [owner] = await ctx.tx
            .select({ userId: userAvailability.userId })
            .from(userAvailability)
            .innerJoin(users, eq(users.id, userAvailability.userId))
            .where(and(eq(userAvailability.feedTokenHash, feedTokenHash(token)), isNull(users.deleteRequestedAt)))
            .limit(1);
          if (!owner) throw notFound('Feed');
          // The feed acts as its owner from here on: row-level security shows only the owner's meetings.
          await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, userId: owner.userId });
          const rows = await listCalendarMeetings(ctx.tx, { userId: owner.userId, from: new Date(ctx.now.getTime() - FEED_HISTORY_DAYS * 86_400_000) });
          const people = await loadPeople(ctx.tx, [owner.userId, ...rows.flatMap((r) => [r.fromUserId, r.toUserId])]);
          const ownerPerson = people.get(owner.userId);
          if (!ownerPerson) throw notFound('Feed');
          return buildCalendar({
            method: null,
            name: 'Commons meetings',
            organizer: organizerFrom(deps.config.mailFrom),
            now: ctx.now,
            meetings: rows.flatMap((row) => {
              const from = people.get(row.fromUserId);
              const to = people.get(row.toUserId);
              return from && to ? [{ row, from, to, ...meetingLinks(deps.config, row, ownerPerson), isCancelled: false }] : [];
            }),
          });
        });
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
      },
    );
  };
}
