import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TAdvisingStatus,
  TAdvisingWeeklyInterval,
  TAvailabilityException,
  TMeetingMedium,
} from '@commons/domain';
import { threads } from './inbox.js';
import { meetings } from './meetings.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/**
 * Advising topics of a hub (issue #21: Career planning, CV review, Graduate school…): quick booking starts
 * from one. RLS (migration 0036): read where the hub is visible, written by advising admins.
 */
export const advisingTopics = pgTable(
  'advising_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('advising_topics_hub_name_uq').on(t.hubId, sql`lower(${t.name})`),
    index('advising_topics_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Appointment types of a hub (issue #21 item 1; spec 3 advisingAppointmentType): length, one of the five
 * meeting mediums with its place, phone or video link, buffers, minimum notice, days ahead, most per adviser
 * and day (null: no limit), who may book (user type and program ids; both empty: every member) and the topics
 * it serves (empty: every topic). RLS as topics.
 */
export const advisingAppointmentTypes = pgTable(
  'advising_appointment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    medium: text('medium').$type<TMeetingMedium>().notNull(),
    location: text('location'),
    phone: text('phone'),
    videoUrl: text('video_url'),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(1440),
    maxDaysAhead: integer('max_days_ahead').notNull().default(14),
    maxPerDay: integer('max_per_day'),
    bookerUserTypeIds: uuid('booker_user_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    bookerProgramIds: uuid('booker_program_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    topicIds: uuid('topic_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advising_appointment_types_hub_idx').on(t.hubId, t.name),
    index('advising_appointment_types_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Advisers: hub members made advisers by advising admins (issue #21 item 1), with their topics and appointment
 * types, and their availability (item 2): weekly hours and date exceptions in their own zone, the slot step
 * (spec 5 Meeting slots). RLS: read where the hub is visible; written by advising admins, and by the adviser
 * for their own row (the module lets them change only their hours).
 */
export const advisers = pgTable(
  'advisers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Adviser'),
    bio: text('bio').notNull().default(''),
    timezone: text('timezone').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    weeklyHours: jsonb('weekly_hours')
      .$type<TAdvisingWeeklyInterval[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    exceptions: jsonb('exceptions')
      .$type<TAvailabilityException[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    topicIds: uuid('topic_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    appointmentTypeIds: uuid('appointment_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('advisers_hub_user_uq').on(t.hubId, t.userId),
    index('advisers_user_idx').on(t.userId),
    index('advisers_cluster_idx').on(t.clusterId),
  ],
);

/**
 * An adviser's own calendar (issue #21 item 2): the secret ICS address calendar apps give, read every 15
 * minutes through the SSRF guard, and how the last read went. RLS: the adviser and advising admins only (the
 * address is a credential).
 */
export const adviserCalendars = pgTable(
  'adviser_calendars',
  {
    adviserId: uuid('adviser_id')
      .primaryKey()
      .references(() => advisers.id, { onDelete: 'cascade' }),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    icsUrl: text('ics_url').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** When the next read is due; null: now. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adviser_calendars_due_idx').on(t.nextSyncAt),
    index('adviser_calendars_hub_idx').on(t.hubId),
    index('adviser_calendars_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Busy time read from an adviser's calendar (issue #21 item 2): only start and end, replaced on every read.
 * RLS: read where the hub is visible (quick booking subtracts it), written by the adviser, advising admins and
 * the reading job (cluster scope).
 */
export const adviserBusyIntervals = pgTable(
  'adviser_busy_intervals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    adviserId: uuid('adviser_id')
      .notNull()
      .references(() => advisers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('adviser_busy_intervals_adviser_idx').on(t.adviserId, t.startsAt),
    index('adviser_busy_intervals_hub_idx').on(t.hubId),
    index('adviser_busy_intervals_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Advising appointments (issue #21 items 3-4): a booked slot of an adviser, shown as an adviserMeetingV2
 * meeting (meeting_id) in the thread between student and adviser. held_from/held_until are the time it holds
 * with its type's buffers; an exclusion constraint over them (migration 0036, btree_gist) makes two active
 * appointments of one adviser that overlap impossible, so of two concurrent bookings of a slot one wins.
 * RLS: the student, the adviser, advising admins of the hub, the cluster scope (jobs).
 */
export const advisingAppointments = pgTable(
  'advising_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    adviserId: uuid('adviser_id')
      .notNull()
      .references(() => advisers.id, { onDelete: 'cascade' }),
    adviserUserId: uuid('adviser_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentUserId: uuid('student_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid('appointment_type_id')
      .notNull()
      .references(() => advisingAppointmentTypes.id),
    topicId: uuid('topic_id').references(() => advisingTopics.id, { onDelete: 'set null' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    heldFrom: timestamp('held_from', { withTimezone: true }).notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** The student's zone when booking. */
    timezone: text('timezone').notNull(),
    advisingStatus: text('advising_status').$type<TAdvisingStatus>().notNull().default('scheduled'),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledByUserId: uuid('canceled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Reminders sent, by minutes before the start (domain ADVISING_REMINDER_MINUTES). */
    remindersSent: integer('reminders_sent')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** What the student is to do next, given by advising staff once the appointment is completed (migration 0041). */
    followUp: text('follow_up'),
    followUpSetAt: timestamp('follow_up_set_at', { withTimezone: true }),
    /** When the student marked the follow-up done; open (an action item of theirs) while null. */
    followUpDoneAt: timestamp('follow_up_done_at', { withTimezone: true }),
    /** When it was booked or last moved: reminders due before this are not sent. */
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advising_appointments_adviser_idx').on(t.adviserId, t.startsAt),
    index('advising_appointments_student_idx').on(t.studentUserId, t.startsAt, t.id),
    index('advising_appointments_adviser_user_idx').on(t.adviserUserId, t.startsAt, t.id),
    index('advising_appointments_hub_idx').on(t.hubId, t.startsAt, t.id),
    uniqueIndex('advising_appointments_meeting_uq').on(t.meetingId),
    index('advising_appointments_cluster_idx').on(t.clusterId),
    index('advising_appointments_open_follow_ups_idx')
      .on(t.studentUserId, t.hubId, t.followUpSetAt)
      .where(sql`follow_up IS NOT NULL AND follow_up_done_at IS NULL`),
  ],
);

/**
 * Notes of advising staff on an appointment (issue #21 item 4): a table of their own so row-level security,
 * not only the presenter, keeps them from the student. RLS: the adviser and advising admins of the hub.
 */
export const advisingAppointmentNotes = pgTable(
  'advising_appointment_notes',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => advisingAppointments.id, { onDelete: 'cascade' }),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    adviserUserId: uuid('adviser_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advising_appointment_notes_hub_idx').on(t.hubId),
    index('advising_appointment_notes_cluster_idx').on(t.clusterId),
  ],
);
