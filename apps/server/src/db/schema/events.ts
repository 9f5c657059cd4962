import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** How people attend (issue #7 item 4). */
export type TEventFormat = 'inPerson' | 'virtual' | 'hybrid';
/** An event waits for approve-events when a member proposes it; admins publish at once. */
export type TEventStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';
/** A registration: waiting for the organiser, registered, on the waitlist, declined, or cancelled by the attendee. */
export type TRegistrationStatus = 'pending' | 'registered' | 'waitlisted' | 'declined' | 'cancelled';
/** One registration question of an event. */
export type TRegistrationQuestion = { id: string; label: string; isRequired: boolean };

/**
 * A hub or group event (issue #7 item 4): times are UTC instants with the IANA zone they were planned in;
 * `capacity` null is unlimited; counts are kept on the row under the event's row lock.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    descriptionText: text('description_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', title || ' ' || description_text)`,
    ),
    format: text('format').$type<TEventFormat>().notNull(),
    location: text('location'),
    virtualUrl: text('virtual_url'),
    /** A preset cover (/covers/…) or an image uploaded to this hub (issue #16 item 18); null shows none. */
    coverImageUrl: text('cover_image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    capacity: integer('capacity'),
    isApprovalRequired: boolean('is_approval_required').notNull().default(false),
    registrationQuestions: jsonb('registration_questions')
      .$type<TRegistrationQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<TEventStatus>().notNull(),
    registeredCount: integer('registered_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /** Raised on every change, so calendars replace their copy (iCalendar SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_hub_start_idx').on(t.clusterId, t.hubId, t.startsAt, t.id),
    // Upcoming events (not yet ended), which the list then orders by start: migration 0034.
    index('events_hub_ends_idx')
      .on(t.clusterId, t.hubId, t.endsAt)
      .where(sql`hidden_at IS NULL`),
    index('events_group_idx').on(t.clusterId, t.groupId, t.startsAt),
    index('events_reminder_idx')
      .on(t.startsAt)
      .where(sql`reminder_sent_at is null and status = 'approved'`),
    index('events_search_idx').using('gin', t.searchVector),
  ],
);

/** One person's registration for an event, with their answers to the registration questions. */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    status: text('status').$type<TRegistrationStatus>().notNull(),
    answers: jsonb('answers')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_user_uq').on(t.eventId, t.userId),
    index('event_registrations_event_status_idx').on(t.eventId, t.status, t.createdAt),
    index('event_registrations_user_idx').on(t.clusterId, t.userId),
  ],
);

/** The secret of a member's subscribable calendar feed of the hub's and their events (one per user and hub). */
export const eventFeedTokens = pgTable(
  'event_feed_tokens',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    /** Salt the feed token is derived from (lib/feed-tokens.ts); a new salt is a new URL. */
    salt: text('salt').notNull(),
    /** SHA-256 of the feed token in the URL; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_feed_tokens_user_hub_uq').on(t.userId, t.hubId),
    uniqueIndex('event_feed_tokens_hash_uq').on(t.tokenHash),
  ],
);
