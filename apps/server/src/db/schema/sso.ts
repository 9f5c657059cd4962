import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clusterIdColumn, clusters, hubs, userTypes } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * Single sign-on (issue #24; spec 5 signup methods, spec 6 cluster-level group sso-settings). Every table is the
 * cluster's: RLS (migration 0058) lets any request of the cluster read what sign-in needs (a visitor signing in
 * has no user yet) and only the cluster-wide scope write the configuration.
 */

/** The cluster's sign-in options: which signup methods (spec 5: google, linkedin, sso, email) are hidden. */
export const clusterSsoSettings = pgTable('cluster_sso_settings', {
  clusterId: uuid('cluster_id')
    .primaryKey()
    .references(() => clusters.id),
  hiddenSignupMethods: text('hidden_signup_methods')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One identity provider of the cluster. `kind` oidc: `preset` google | microsoft | linkedin | generic, `config`
 * holds issuer (discovery URL), clientId and scopes; the client secret is `secretEncrypted`
 * (lib/secrets-at-rest.ts) and never answered. `kind` saml: `config` holds the IdP's entity id, SSO URL and
 * signing certificates imported from its metadata. `attributeMapping` maps claims or attributes to email, names,
 * photo, headline and an attribute whose values choose the user type.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    kind: text('kind').$type<'oidc' | 'saml'>().notNull(),
    preset: text('preset').$type<'google' | 'microsoft' | 'linkedin' | 'generic'>(),
    /** The button's label: 'Sign in with {name}'. */
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    config: jsonb('config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    secretEncrypted: text('secret_encrypted'),
    attributeMapping: jsonb('attribute_mapping')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    lastTestResult: text('last_test_result'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_cluster_idx').on(t.clusterId, t.createdAt)],
);

/** An email domain whose users must sign in through a provider (spec 5: only SSO is offered to them). */
export const ssoDomainRules = pgTable(
  'sso_domain_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    /** Lower case, no leading '@'. */
    domain: text('domain').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_domain_rules_cluster_domain_uq').on(t.clusterId, t.domain)],
);

/** A user's account at a provider (spec 3 User ssoId): one user may link several providers. */
export const userSsoIdentities = pgTable(
  'user_sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    /** The OIDC `sub` or the SAML NameID. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_sso_identities_provider_subject_uq').on(t.providerId, t.subject),
    uniqueIndex('user_sso_identities_user_provider_uq').on(t.userId, t.providerId),
    index('user_sso_identities_cluster_user_idx').on(t.clusterId, t.userId),
  ],
);

/**
 * One started sign-in or link at a provider: the OIDC state (the row id), nonce and PKCE verifier, or the SAML
 * request id. Used once (`consumedAt`) and only within ten minutes.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    id: text('id').primaryKey(),
    clusterId: clusterIdColumn(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'signin' | 'link' | 'test'>().notNull(),
    hubId: bigint('hub_id', { mode: 'number' }).references(() => hubs.id, { onDelete: 'cascade' }),
    /** The signed-in user who links an account (purpose link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    samlRequestId: text('saml_request_id'),
    /** A path inside the deployment to land on afterwards (postLoginRedirect). */
    returnTo: text('return_to'),
    /** The native bridge or a popup started it. */
    client: text('client'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
);

/** SAML assertion ids already accepted, kept until the assertion expires, so a replayed assertion is refused. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    clusterId: clusterIdColumn(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.assertionId] })],
);

/** A SCIM 2.0 bearer token of the cluster (created in sso-settings; only its SHA-256 is stored). */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters, shown so admins can tell tokens apart. */
    tokenPrefix: text('token_prefix').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('scim_tokens_cluster_idx').on(t.clusterId, t.createdAt)],
);

/** What SCIM knows of a user: the IdP's externalId and whether it is active (inactive: no sign-in, no session). */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clusterId: clusterIdColumn(),
    externalId: text('external_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scim_users_cluster_external_idx').on(t.clusterId, t.externalId)],
);

/** A SCIM group pushed by the IdP; it may stand for one of a hub's user types, which its members then get. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    hubId: bigint('hub_id', { mode: 'number' }).references(() => hubs.id, { onDelete: 'set null' }),
    userTypeId: uuid('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_groups_cluster_name_uq').on(t.clusterId, t.displayName)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    clusterId: clusterIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('scim_group_members_user_idx').on(t.userId)],
);
