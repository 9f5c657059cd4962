import type { TAttendee, TEventDetail, TEventSummary, ZEventListQuery } from '@commons/contract';
import type { z } from 'zod';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  eventFeedTokens,
  eventRegistrations,
  events,
  groupMemberships,
  hubs,
  users,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TEventRow } from './events.policy.js';
import type { TRegistrationRow } from './events.commands.js';
import { authorColumns, prefixQuery, type TAuthorRow } from '../content/content.queries.js';
import { presentAuthor } from '../content/content.presenter.js';
import { accessibleGroupIds, requireGroupContent, requireHubReader } from '../content/content.policy.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * Events of a hub (or group) the viewer may see, keyset-paged: upcoming soonest first, past latest first,
 * mine (registered, waitlisted, waiting or organised) soonest first.
 */
export async function listEvents(
  tx: TTx,
  options: {
    hubId: number;
    viewerId: string;
    groupIds: 'all' | string[];
    groupId: string | null;
    when: 'upcoming' | 'past' | 'mine';
    q?: string | undefined;
    now: Date;
    cursor?: string | undefined;
    limit: number;
    canSeeProposals: boolean;
  },
): Promise<{ rows: Array<{ event: TEventRow; organizer: TAuthorRow }>; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor);
  const isPast = options.when === 'past';
  const groupCondition =
    options.groupId !== null
      ? eq(events.groupId, options.groupId)
      : options.when === 'mine'
        ? options.groupIds === 'all'
          ? undefined
          : or(
              isNull(events.groupId),
              options.groupIds.length ? inArray(events.groupId, options.groupIds) : sql`false`,
            )
        : isNull(events.groupId);
  const query = prefixQuery(options.q);
  const mine = sql`(${events.createdByUserId} = ${options.viewerId}::uuid or exists (select 1 from event_registrations r where r.event_id = ${events.id} and r.user_id = ${options.viewerId}::uuid and r.status in ('pending', 'registered', 'waitlisted')))`;
  const conditions: Array<SQL | undefined> = [
    eq(events.hubId, options.hubId),
    isNull(events.hiddenAt),
    groupCondition,
    options.when === 'mine'
      ? mine
      : or(
          eq(events.status, 'approved'),
          eq(events.status, 'cancelled'),
          options.canSeeProposals ? eq(events.status, 'pending') : sql`false`,
          eq(events.createdByUserId, options.viewerId),
        ),
    isPast ? sql`${events.endsAt} <= ${options.now}` : sql`${events.endsAt} > ${options.now}`,
    query ? sql`${events.searchVector} @@ to_tsquery('simple', ${query})` : undefined,
  ];
  conditions.push(
    keysetAfter(cursor, {
      sortKey: events.startsAt,
      id: events.id,
      kind: 'instant',
      direction: isPast ? 'desc' : 'asc',
    }),
  );
  const rows = await tx
    .select({ event: events, organizer: authorColumns })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdByUserId))
    .where(and(...conditions))
    .orderBy(...(isPast ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)]))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({ at: r.event.startsAt.toISOString(), id: r.event.id }));
}

/** The viewer's registration status for each of the events. */
export async function myRegistrations(
  tx: TTx,
  options: { userId: string; eventIds: string[] },
): Promise<Map<string, TRegistrationRow>> {
  if (options.eventIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.userId, options.userId),
        inArray(eventRegistrations.eventId, options.eventIds),
      ),
    );
  return new Map(rows.map((r) => [r.eventId, r]));
}

/** How many of the people going an event card shows (issue #16 item 18: a few faces, not the list). */
export const ATTENDEE_PREVIEW_LIMIT = 5;

/**
 * A few of the people registered for each event, in registration order, in one query for the whole page
 * (a lateral join on event_registrations_event_status_idx, so no query per event). Privacy follows the
 * profile rule (profiles.policy.ts profileAccess): the viewer always sees themselves; others only when the
 * viewer may see members' profiles (an approved member or an admin), and then only attendees who are
 * visible members of the hub, unless the viewer holds explore-users. Accounts being deleted never show.
 */
export async function attendeePreviews(
  tx: TTx,
  options: {
    hubId: number;
    eventIds: string[];
    viewerId: string;
    canSeeOthers: boolean;
    canSeeHidden: boolean;
    limit?: number;
  },
): Promise<Map<string, NonNullable<TAuthorRow>[]>> {
  const previews = new Map<string, NonNullable<TAuthorRow>[]>();
  if (options.eventIds.length === 0) return previews;
  const ids = sql.join(
    options.eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select e.id as "eventId", a.id, a.identifier, a.first_name as "firstName", a.last_name as "lastName",
           a.photo_url as "photoUrl"
    from events e
    cross join lateral (
      select u.id, u.identifier, u.first_name, u.last_name, u.photo_url, r.created_at, r.id as registration_id
      from event_registrations r
      join users u on u.id = r.user_id
      left join hub_memberships m on m.user_id = r.user_id and m.hub_id = e.hub_id
      where r.event_id = e.id
        and r.status = 'registered'
        and u.delete_requested_at is null
        and (
          r.user_id = ${options.viewerId}::uuid
          or (${options.canSeeOthers}::boolean and (${options.canSeeHidden}::boolean or coalesce(m.is_visible, false)))
        )
      order by r.created_at, r.id
      limit ${options.limit ?? ATTENDEE_PREVIEW_LIMIT}
    ) a
    where e.hub_id = ${options.hubId} and e.id in (${ids})
    order by e.id, a.created_at, a.registration_id`);
  const rows = (result as unknown as { rows: Array<{ eventId: string } & NonNullable<TAuthorRow>> }).rows;
  for (const { eventId, ...author } of rows) {
    const list = previews.get(eventId) ?? [];
    list.push(author);
    previews.set(eventId, list);
  }
  return previews;
}

/** The organiser of one event. */
export async function eventOrganizer(tx: TTx, event: TEventRow): Promise<TAuthorRow> {
  if (!event.createdByUserId) return null;
  const [row] = await tx
    .select(authorColumns)
    .from(users)
    .where(eq(users.id, event.createdByUserId))
    .limit(1);
  return row ?? null;
}

/** Everyone who registered, waits or is waitlisted, in registration order (organisers only). */
export async function listAttendees(tx: TTx, eventId: string): Promise<TAttendee[]> {
  const rows = await tx
    .select({ registration: eventRegistrations, user: authorColumns, email: users.email })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, ['pending', 'registered', 'waitlisted']),
      ),
    )
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  return rows.map((r) => ({
    id: r.registration.id,
    user: presentAuthor(r.user) ?? {
      id: r.registration.userId,
      identifier: '',
      fullname: '',
      photoUrl: null,
    },
    email: r.email,
    status: r.registration.status,
    answers: r.registration.answers,
    checkedInAt: r.registration.checkedInAt?.toISOString() ?? null,
    registeredAt: r.registration.createdAt.toISOString(),
  }));
}

/** Events waiting for approve-events, oldest first. */
export function listPendingEvents(tx: TTx, hubId: number) {
  return tx
    .select({ event: events, organizer: authorColumns })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdByUserId))
    .where(and(eq(events.hubId, hubId), eq(events.status, 'pending'), isNull(events.hiddenAt)))
    .orderBy(asc(events.createdAt))
    .limit(100);
}

export type { TEventDetail, TEventSummary };

/** The owner, hub and hub name of a calendar feed, found by its token hash; null for an unknown token. */
export async function findEventFeed(
  tx: TTx,
  tokenHash: string,
): Promise<{ userId: string; hubId: number; hubName: string } | null> {
  const [row] = await tx
    .select({ userId: eventFeedTokens.userId, hubId: eventFeedTokens.hubId, hubName: hubs.name })
    .from(eventFeedTokens)
    .innerJoin(hubs, eq(hubs.id, eventFeedTokens.hubId))
    .where(eq(eventFeedTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * The events of a member's calendar feed: their registrations, and the hub's and their groups' published
 * events, from 30 days back; with the ids they are registered for (those carry the virtual link).
 */
export async function listFeedEvents(
  tx: TTx,
  options: { userId: string; hubId: number; now: Date },
): Promise<{ rows: TEventRow[]; registeredIds: Set<string> }> {
  const memberGroups = await tx
    .select({ id: groupMemberships.groupId })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.userId, options.userId),
        eq(groupMemberships.hubId, options.hubId),
        eq(groupMemberships.approved, true),
      ),
    );
  const groupIds = memberGroups.map((g) => g.id);
  const since = new Date(options.now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const rows = await tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.hubId, options.hubId),
        isNull(events.hiddenAt),
        sql`${events.endsAt} > ${since}`,
        or(
          sql`exists (select 1 from event_registrations r where r.event_id = ${events.id} and r.user_id = ${options.userId}::uuid and r.status in ('pending', 'registered', 'waitlisted'))`,
          and(
            inArray(events.status, ['approved', 'cancelled']),
            or(isNull(events.groupId), groupIds.length ? inArray(events.groupId, groupIds) : sql`false`),
          ),
        ),
      ),
    )
    .limit(500);
  const registered = await tx
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.userId, options.userId), eq(eventRegistrations.status, 'registered')));
  return { rows, registeredIds: new Set(registered.map((r) => r.eventId)) };
}

/** A page of the events list as the viewer may see it, with their registrations. */
export async function readEventList(ctx: TRequestContext, query: z.output<typeof ZEventListQuery>) {
  requireHubReader(ctx);
  const groupId = query.groupId ?? null;
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  const viewerId = ctx.requireViewer().user.id;
  const { rows, nextCursor } = await listEvents(ctx.tx, {
    hubId: ctx.requireHub().id,
    viewerId,
    groupIds: await accessibleGroupIds(ctx),
    groupId,
    when: query.when,
    q: query.q,
    now: ctx.now,
    cursor: query.cursor,
    limit: query.limit,
    canSeeProposals: ctx.hasRight('approve-events') || ctx.hasRight('manage-events'),
  });
  const registrations = await myRegistrations(ctx.tx, {
    userId: viewerId,
    eventIds: rows.map((r) => r.event.id),
  });
  return { rows, nextCursor, registrations };
}

/** An event of the hub by id, locked for update when `isLocked`, or null. */
export async function findHubEvent(
  tx: TTx,
  options: { hubId: number; id: string; isLocked?: boolean | undefined },
): Promise<TEventRow | null> {
  const query = tx
    .select()
    .from(events)
    .where(and(eq(events.id, options.id), eq(events.hubId, options.hubId)))
    .limit(1);
  const [event] = options.isLocked ? await query.for('update') : await query;
  return event ?? null;
}
