import type {
  ZCreateOidcProviderRequest,
  ZCreateSsoDomainRequest,
  ZUpdateOidcProviderRequest,
  ZUpdateSsoSettingsRequest,
} from '@commons/contract';
import { canUnlinkSsoIdentity, presetIssuer } from '@commons/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  clusterSsoSettings,
  ssoDomainRules,
  ssoProviders,
  users,
  userSsoIdentities,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound, validationError } from '../../lib/app-error.js';
import { decryptSecretAtRest, encryptSecretAtRest } from '../../lib/secrets-at-rest.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isAllowedTarget } from '../link-previews/guarded-fetch.js';
import { requireSsoAdmin } from './sso.policy.js';
import { DEFAULT_OIDC_SCOPES, oidcConfigOf, type TOidcConfig } from './sso.presenter.js';
import { ssoProviderById, userHasPassword, type TSsoProviderRow } from './sso.queries.js';
import type { TOidcClientSettings } from './sso.oidc-client.js';

const PRIVATE_ISSUER_MESSAGE =
  'Enter a public https address for the issuer; private and local addresses are not allowed.';

/** The SSRF guard's pre-check of an issuer (discovery and every later request are guarded again). */
function requireAllowedIssuer(issuer: string, allowedOrigins: ReadonlySet<string>): void {
  const isTestOrigin = URL.canParse(issuer) && allowedOrigins.has(new URL(issuer).origin);
  if (!isAllowedTarget(issuer, allowedOrigins) || (!isTestOrigin && !issuer.startsWith('https://')))
    throw validationError({ issuer: PRIVATE_ISSUER_MESSAGE });
}

function issuerOf(
  preset: TSsoProviderRow['preset'],
  body: { issuer?: string | undefined; tenant?: string | undefined },
  current: TOidcConfig | null,
): string {
  if (preset && preset !== 'generic')
    return presetIssuer(preset, { tenant: body.tenant ?? current?.tenant }) ?? '';
  const issuer = body.issuer ?? current?.issuer;
  if (!issuer) throw validationError({ issuer: 'Enter the issuer URL.' });
  return issuer;
}

/** What the audit log keeps of a provider: never its secret. */
function auditView(row: TSsoProviderRow) {
  return { kind: row.kind, preset: row.preset, name: row.name, isEnabled: row.isEnabled, config: row.config };
}

/** An OpenID Connect provider of the cluster, or 404. */
export async function requireOidcProvider(ctx: TRequestContext, id: string): Promise<TSsoProviderRow> {
  const row = await ssoProviderById(ctx.tx, { clusterId: ctx.clusterId, id });
  if (!row || row.kind !== 'oidc') throw notFound('Identity provider');
  return row;
}

export async function createOidcProvider(
  ctx: TRequestContext,
  input: {
    body: z.output<typeof ZCreateOidcProviderRequest>;
    allowedOrigins: ReadonlySet<string>;
    serverSecret: Uint8Array;
  },
): Promise<TSsoProviderRow> {
  requireSsoAdmin(ctx);
  const { body } = input;
  const issuer = issuerOf(body.preset, body, null);
  requireAllowedIssuer(issuer, input.allowedOrigins);
  const config: TOidcConfig = {
    issuer,
    tenant: body.preset === 'microsoft' ? body.tenant || null : null,
    clientId: body.clientId,
    scopes: body.scopes?.length ? withOpenId(body.scopes) : DEFAULT_OIDC_SCOPES,
  };
  const [row] = await ctx.tx
    .insert(ssoProviders)
    .values({
      clusterId: ctx.clusterId,
      kind: 'oidc',
      preset: body.preset,
      name: body.name,
      isEnabled: body.isEnabled,
      config,
      secretEncrypted: encryptSecretAtRest(body.clientSecret, input.serverSecret),
      attributeMapping: body.attributeMapping ?? {},
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  await ctx.audit({
    action: 'sso.provider_created',
    targetType: 'sso_provider',
    targetId: row.id,
    data: auditView(row),
  });
  return row;
}

/** openid is the scope that makes it OpenID Connect: always asked for. */
function withOpenId(scopes: string[]): string[] {
  return [...new Set(['openid', ...scopes])];
}

export async function updateOidcProvider(
  ctx: TRequestContext,
  input: {
    id: string;
    body: z.output<typeof ZUpdateOidcProviderRequest>;
    allowedOrigins: ReadonlySet<string>;
    serverSecret: Uint8Array;
  },
): Promise<TSsoProviderRow> {
  requireSsoAdmin(ctx);
  const current = await requireOidcProvider(ctx, input.id);
  const { body } = input;
  const currentConfig = oidcConfigOf(current);
  const issuer = issuerOf(current.preset, body, currentConfig);
  if (issuer !== currentConfig.issuer) requireAllowedIssuer(issuer, input.allowedOrigins);
  const config: TOidcConfig = {
    issuer,
    tenant: current.preset === 'microsoft' ? (body.tenant ?? currentConfig.tenant) || null : null,
    clientId: body.clientId ?? currentConfig.clientId,
    scopes: body.scopes?.length ? withOpenId(body.scopes) : currentConfig.scopes,
  };
  const [row] = await ctx.tx
    .update(ssoProviders)
    .set({
      config,
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.isEnabled === undefined ? {} : { isEnabled: body.isEnabled }),
      ...(body.attributeMapping === undefined ? {} : { attributeMapping: body.attributeMapping }),
      ...(body.clientSecret
        ? { secretEncrypted: encryptSecretAtRest(body.clientSecret, input.serverSecret) }
        : {}),
      updatedAt: ctx.now,
    })
    .where(eq(ssoProviders.id, current.id))
    .returning();
  if (!row) throw notFound('Identity provider');
  await ctx.audit({
    action: 'sso.provider_updated',
    targetType: 'sso_provider',
    targetId: row.id,
    data: { ...auditView(row), isSecretChanged: Boolean(body.clientSecret) },
  });
  return row;
}

export async function removeOidcProvider(ctx: TRequestContext, id: string): Promise<void> {
  requireSsoAdmin(ctx);
  const row = await requireOidcProvider(ctx, id);
  await ctx.tx.delete(ssoProviders).where(eq(ssoProviders.id, row.id));
  await ctx.audit({
    action: 'sso.provider_removed',
    targetType: 'sso_provider',
    targetId: row.id,
    data: auditView(row),
  });
}

/** What the OpenID client needs of a provider row (the secret decrypted here, used only in memory). */
export function oidcClientSettings(row: TSsoProviderRow, serverSecret: Uint8Array): TOidcClientSettings {
  const config = oidcConfigOf(row);
  return {
    cacheKey: `${row.id}:${row.updatedAt.getTime()}`,
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: row.secretEncrypted ? decryptSecretAtRest(row.secretEncrypted, serverSecret) : '',
  };
}

/** Keeps a Test connection's outcome on the provider. */
export async function recordProviderTest(
  ctx: TRequestContext,
  input: { id: string; result: string },
): Promise<TSsoProviderRow> {
  requireSsoAdmin(ctx);
  const current = await requireOidcProvider(ctx, input.id);
  const [row] = await ctx.tx
    .update(ssoProviders)
    .set({ lastTestedAt: ctx.now, lastTestResult: input.result })
    .where(eq(ssoProviders.id, current.id))
    .returning();
  if (!row) throw notFound('Identity provider');
  await ctx.audit({
    action: 'sso.provider_tested',
    targetType: 'sso_provider',
    targetId: row.id,
    data: { result: input.result },
  });
  return row;
}

export async function saveSsoSettings(
  ctx: TRequestContext,
  body: z.output<typeof ZUpdateSsoSettingsRequest>,
): Promise<void> {
  requireSsoAdmin(ctx);
  const hidden = [...new Set(body.hiddenSignupMethods)];
  await ctx.tx
    .insert(clusterSsoSettings)
    .values({
      clusterId: ctx.clusterId,
      hiddenSignupMethods: hidden,
      updatedByUserId: ctx.requireViewer().user.id,
      updatedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: clusterSsoSettings.clusterId,
      set: { hiddenSignupMethods: hidden, updatedByUserId: ctx.requireViewer().user.id, updatedAt: ctx.now },
    });
  await ctx.audit({ action: 'sso.settings_updated', data: { hiddenSignupMethods: hidden } });
}

export async function addSsoDomain(
  ctx: TRequestContext,
  body: z.output<typeof ZCreateSsoDomainRequest>,
): Promise<string> {
  requireSsoAdmin(ctx);
  const provider = await ssoProviderById(ctx.tx, { clusterId: ctx.clusterId, id: body.providerId });
  if (!provider) throw validationError({ providerId: 'Choose one of the cluster’s identity providers.' });
  const [row] = await ctx.tx
    .insert(ssoDomainRules)
    .values({ clusterId: ctx.clusterId, domain: body.domain, providerId: provider.id, createdAt: ctx.now })
    .onConflictDoNothing()
    .returning({ id: ssoDomainRules.id });
  if (!row)
    throw conflict(`${body.domain} already requires single sign-on.`, {
      domain: 'This domain already has a rule. Remove it first to choose another provider.',
    });
  await ctx.audit({
    action: 'sso.domain_added',
    targetType: 'sso_domain_rule',
    targetId: row.id,
    data: { domain: body.domain, providerId: provider.id },
  });
  return row.id;
}

export async function removeSsoDomain(ctx: TRequestContext, id: string): Promise<void> {
  requireSsoAdmin(ctx);
  const [row] = await ctx.tx
    .delete(ssoDomainRules)
    .where(and(eq(ssoDomainRules.id, id), eq(ssoDomainRules.clusterId, ctx.clusterId)))
    .returning();
  if (!row) throw notFound('Domain rule');
  await ctx.audit({
    action: 'sso.domain_removed',
    targetType: 'sso_domain_rule',
    targetId: row.id,
    data: { domain: row.domain, providerId: row.providerId },
  });
}

/** Unlinks one of the viewer's sign-in accounts, unless nothing else would let them sign in. */
export async function unlinkSsoIdentity(ctx: TRequestContext, id: string): Promise<void> {
  const userId = ctx.requireViewer().user.id;
  const [identity] = await ctx.tx
    .select()
    .from(userSsoIdentities)
    .where(and(eq(userSsoIdentities.id, id), eq(userSsoIdentities.userId, userId)))
    .limit(1);
  if (!identity) throw notFound('Linked account');
  const [others] = await ctx.tx
    .select({ n: count() })
    .from(userSsoIdentities)
    .where(and(eq(userSsoIdentities.userId, userId), ne(userSsoIdentities.id, id)));
  if (
    !canUnlinkSsoIdentity({
      hasPassword: await userHasPassword(ctx.tx, userId),
      otherIdentityCount: Number(others?.n ?? 0),
    })
  )
    throw new AppError({
      statusCode: 409,
      code: 'last_sign_in_method',
      message: 'The last way to sign in cannot be unlinked',
      userMessage:
        'This is your only way to sign in. Set a password or link another account before unlinking it.',
    });
  await ctx.tx.delete(userSsoIdentities).where(eq(userSsoIdentities.id, identity.id));
  // users.sso_id names a linked account: another one that remains, or none.
  const [remaining] = await ctx.tx
    .select({ subject: userSsoIdentities.subject })
    .from(userSsoIdentities)
    .where(eq(userSsoIdentities.userId, userId))
    .limit(1);
  await ctx.tx
    .update(users)
    .set({ ssoId: remaining?.subject ?? null, updatedAt: ctx.now })
    .where(and(eq(users.id, userId), eq(users.ssoId, identity.subject)));
  await ctx.audit({
    action: 'auth.sso_unlinked',
    targetType: 'user',
    targetId: userId,
    data: { providerId: identity.providerId },
  });
}
