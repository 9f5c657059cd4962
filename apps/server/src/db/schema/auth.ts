import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn, hubIdColumn, userTypes } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * One refresh token per row. Rows of one sign-in share a family; a rotated token used again revokes the
 * whole family (OAuth 2.0 Security BCP refresh token rotation).
 */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    loginAsAdmin: text('login_as_admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('refresh_sessions_family_idx').on(t.familyId),
    index('refresh_sessions_user_idx').on(t.clusterId, t.userId),
  ],
);

/** One-time sign-in links (15 minutes). */
export const magicLinks = pgTable('magic_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  clusterId: clusterIdColumn(),
  userId: userIdColumn(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time password reset links (issue #16 item 13), kept apart from sign-in links so a reset token can
 * never sign anyone in and each kind keeps its own lifetime; only the token's SHA-256 is stored.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A reset, a password change or an email change ends every open link of the user.
  (t) => [index('password_resets_user_idx').on(t.clusterId, t.userId)],
);

/**
 * A sign-up waiting for its email to be confirmed (issue #13 item 10): the account is created only from
 * the link, so sign-up answers the same for new and existing addresses and nobody can pre-register
 * someone else's email. The password is kept as its argon2 hash; the token only as its SHA-256.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userTypeId: uuid('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_requests_cluster_email_idx').on(t.clusterId, t.email)],
);

/**
 * Who did what, for admins and for investigations; no secrets in `data`. Append-only: the app role may insert
 * and read (RLS, migration 0042) but not update or delete (db/client.ts GRANT_APP_ROLE).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' }),
    actorUserId: uuid('actor_user_id'),
    /** The member whose account the actor was using (login as, issue #22 item 6); null when acting as themself. */
    actingAsUserId: uuid('acting_as_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_cluster_created_idx').on(t.clusterId, t.createdAt, t.id),
    index('audit_log_hub_created_idx')
      .on(t.hubId, t.createdAt, t.id)
      .where(sql`hub_id IS NOT NULL`),
    index('audit_log_actor_created_idx')
      .on(t.actorUserId, t.createdAt, t.id)
      .where(sql`actor_user_id IS NOT NULL`),
    index('audit_log_acting_as_created_idx')
      .on(t.actingAsUserId, t.createdAt, t.id)
      .where(sql`acting_as_user_id IS NOT NULL`),
  ],
);

/**
 * One-time admin tokens of the login-as URL flow (spec 2 query parameter adminToken; issue #22 item 6): an admin
 * holding login-as-other-admins asks for one, and the page that opens with ?adminToken= exchanges it for a
 * short-lived session of the member. Only the token's SHA-256 is stored; it expires within minutes and works once.
 */
export const loginAsTokens = pgTable(
  'login_as_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_as_tokens_admin_idx').on(t.clusterId, t.adminUserId)],
);

/** Mail outbox: written in the request transaction, delivered by a job after commit. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set while one process delivers it, so several processes never send one mail twice. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    /** An iCalendar invite sent as the text/calendar part (meetings: METHOD REQUEST or CANCEL). */
    icalEvent: jsonb('ical_event').$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    /** Reply-To address (reply by email) and extra headers (RFC 8058 List-Unsubscribe). */
    replyTo: text('reply_to'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * A mail of the template catalogue (domain mail-templates): queued in the default wording with these values;
     * the sender renders the cluster's override instead when there is one (migration 0059).
     */
    templateKey: text('template_key'),
    templateValues: jsonb('template_values').$type<Record<string, string>>(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.sentAt, t.createdAt),
    index('mail_outbox_cluster_created_idx').on(t.clusterId, t.createdAt),
  ],
);
