import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { messages, threads } from './inbox.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/** One weekly interval of availability in the owner's time zone: day 0 (Sunday) to 6, 'HH:mm' to 'HH:mm'. */
export type TWeeklyInterval = { day: number; start: string; end: string };

/** What a meeting row last recorded when it carries no status (spec 4 Meetings, domain TMeetingEvent). */
export type TMeetingEventColumn = 'requestAccepted' | 'rejected' | 'rescheduleRequested' | 'completed';

/**
 * spec 3 Meeting/message: a meeting requested in a thread (issue #5 item 2). The request is also a message
 * of the thread (`message_id`, type 'meeting'). A reschedule of an accepted meeting records
 * rescheduleRequested on the old row and starts a new row (`previous_meeting_id`) that keeps the calendar
 * event's UID (`calendar_event_id`) and sequence, so calendar apps update one event.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The requester (spec 3 requester) and the other participant. */
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored status; null when the row only records an event (domain deriveMeetingStatus). */
    status: text('status'),
    lastEvent: text('last_event').$type<TMeetingEventColumn>(),
    medium: text('medium').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The requester's time zone when asking (spec 3 timezone). */
    timezone: text('timezone').notNull(),
    /** Open proposals awaiting the other participant; empty once one is accepted. */
    proposedTimes: timestamp('proposed_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    /** Who made the open proposals (the other participant answers them). */
    proposedByUserId: uuid('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromUserProposedTimes: timestamp('from_user_proposed_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    toUserProposedTimes: timestamp('to_user_proposed_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    scheduledEndTime: timestamp('scheduled_end_time', { withTimezone: true }),
    location: text('location'),
    phone: text('phone'),
    note: text('note'),
    /** Opens /inbox/{address}/meeting/{meetingToken}; 128 random bits. */
    meetingToken: text('meeting_token').notNull(),
    /** Stable iCalendar UID shared by every row of one rescheduled meeting. */
    calendarEventId: text('calendar_event_id').notNull(),
    /** iCalendar SEQUENCE of the last invite sent; every emailed change increases it. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** Whether calendars currently hold the event (a REQUEST was sent and no CANCEL since). */
    calendarSentAt: timestamp('calendar_sent_at', { withTimezone: true }),
    previousMeetingId: uuid('previous_meeting_id').references((): AnyPgColumn => meetings.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meetings_token_uq').on(t.meetingToken),
    index('meetings_thread_idx').on(t.clusterId, t.threadId, t.createdAt),
    index('meetings_from_user_idx').on(t.clusterId, t.fromUserId, t.scheduledTime),
    index('meetings_to_user_idx').on(t.clusterId, t.toUserId, t.scheduledTime),
  ],
);

/**
 * A user's availability (spec 5 Availability, /preferences/manage-calendar): weekly hours in the user's
 * time zone (users.timezone), the meeting slot step (30, or 15 minutes), and the salt and token hash of
 * the private ICS feed. Time zone and lastAvailabilityDate stay on users (spec 3 User).
 */
export const userAvailability = pgTable('user_availability', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  weeklyHours: jsonb('weekly_hours')
    .$type<TWeeklyInterval[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  slotMinutes: integer('slot_minutes').notNull().default(30),
  /** Salt of the ICS feed token (lib/feed-tokens.ts: the token is an HMAC of it under the server secret). */
  feedSalt: text('feed_key').unique(),
  /** SHA-256 of the feed token, to find the feed of a URL; the token itself is never stored. */
  feedTokenHash: text('feed_token_hash').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
