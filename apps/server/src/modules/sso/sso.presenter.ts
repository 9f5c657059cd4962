import {
  ssoStartPath,
  ZOidcClaimMappingAnswer,
  type TLinkedSsoIdentity,
  type TSsoDomainRule,
  type TSsoOptionProvider,
  type TSsoProviderSummary,
} from '@commons/contract';
import { OIDC_PRESETS, type TOidcPreset } from '@commons/domain';
import type { TSsoDomainRuleRow, TSsoProviderRow } from './sso.queries.js';
import type { userSsoIdentities } from '../../db/schema/index.js';

/** The OpenID Connect settings kept in sso_providers.config. */
export type TOidcConfig = { issuer: string; tenant: string | null; clientId: string; scopes: string[] };

export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'];
/** A Test connection result starts with this when it succeeded. */
export const TEST_OK_PREFIX = 'OK';

export function oidcConfigOf(row: TSsoProviderRow): TOidcConfig {
  const config = row.config;
  return {
    issuer: typeof config.issuer === 'string' ? config.issuer : '',
    tenant: typeof config.tenant === 'string' ? config.tenant : null,
    clientId: typeof config.clientId === 'string' ? config.clientId : '',
    scopes: Array.isArray(config.scopes)
      ? config.scopes.filter((s): s is string => typeof s === 'string')
      : DEFAULT_OIDC_SCOPES,
  };
}

function presetOf(row: TSsoProviderRow): TOidcPreset | null {
  return row.preset && (OIDC_PRESETS as readonly string[]).includes(row.preset) ? row.preset : null;
}

/** A provider as the console lists it: never the secret. */
export function presentSsoProvider(row: TSsoProviderRow): TSsoProviderSummary {
  const oidc = row.kind === 'oidc' ? oidcConfigOf(row) : null;
  return {
    id: row.id,
    kind: row.kind,
    preset: presetOf(row),
    name: row.name,
    isEnabled: row.isEnabled,
    hasSecret: row.secretEncrypted !== null,
    oidc: oidc && {
      ...oidc,
      attributeMapping: ZOidcClaimMappingAnswer.catch({}).parse(row.attributeMapping),
    },
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestResult: row.lastTestResult,
    isLastTestOk: row.lastTestResult === null ? null : row.lastTestResult.startsWith(TEST_OK_PREFIX),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A provider's sign-in button for visitors. */
export function presentSsoOption(row: TSsoProviderRow): TSsoOptionProvider {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    preset: presetOf(row),
    startUrl: ssoStartPath(row.kind, row.id),
  };
}

export function presentSsoDomainRule(row: TSsoDomainRuleRow): TSsoDomainRule {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function presentLinkedIdentity(row: {
  identity: typeof userSsoIdentities.$inferSelect;
  provider: TSsoProviderRow;
}): TLinkedSsoIdentity {
  return {
    id: row.identity.id,
    providerId: row.provider.id,
    providerName: row.provider.name,
    kind: row.provider.kind,
    preset: presetOf(row.provider),
    email: row.identity.email,
    createdAt: row.identity.createdAt.toISOString(),
    lastUsedAt: row.identity.lastUsedAt?.toISOString() ?? null,
  };
}
