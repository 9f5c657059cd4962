import type { TCreateSamlProviderRequest, TUpdateSamlProviderRequest } from '@commons/contract';
import { DEFAULT_SAML_ATTRIBUTE_MAPPING, ZSamlAttributeMapping } from '@commons/contract';
import { eq } from 'drizzle-orm';
import { ssoProviders } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { parseIdpMetadata, samlIdpConfigOf } from './saml.protocol.js';
import { findSamlProvider } from './saml.queries.js';
import type { TSsoProviderRow } from './sso.identity.js';
import { requireSsoAdmin } from './sso.policy.js';

/** A SAML provider of the request's cluster, or 404. */
export async function requireSamlProvider(ctx: TRequestContext, id: string): Promise<TSsoProviderRow> {
  const row = await findSamlProvider(ctx.tx, ctx.clusterId, id);
  if (!row) throw notFound('SAML provider');
  return row;
}

/** What the audit log keeps of a SAML provider: the IdP's entity id and SSO URL, no certificates. */
function auditView(row: TSsoProviderRow) {
  const idp = samlIdpConfigOf(row.config);
  return {
    name: row.name,
    isEnabled: row.isEnabled,
    idpEntityId: idp.entityId,
    ssoUrl: idp.ssoUrl,
    certificateCount: idp.signingCertificates.length,
    attributeMapping: row.attributeMapping,
  };
}

/** Adds a SAML provider from the IdP's metadata (refused without a signing certificate). */
export async function createSamlProvider(
  ctx: TRequestContext,
  body: TCreateSamlProviderRequest,
): Promise<TSsoProviderRow> {
  requireSsoAdmin(ctx);
  const idp = parseIdpMetadata(body.metadataXml);
  const [row] = await ctx.tx
    .insert(ssoProviders)
    .values({
      clusterId: ctx.clusterId,
      kind: 'saml',
      preset: null,
      name: body.name.trim(),
      isEnabled: body.isEnabled ?? true,
      config: idp,
      attributeMapping: ZSamlAttributeMapping.parse(body.attributeMapping ?? DEFAULT_SAML_ATTRIBUTE_MAPPING),
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('sso provider insert returned no row');
  await ctx.audit({
    action: 'sso.saml_provider_created',
    targetType: 'sso_provider',
    targetId: row.id,
    data: { after: auditView(row) },
  });
  return row;
}

/** Renames, turns on or off, changes the mapping, or imports new metadata (a rotated signing certificate). */
export async function updateSamlProvider(
  ctx: TRequestContext,
  input: { id: string; body: TUpdateSamlProviderRequest },
): Promise<TSsoProviderRow> {
  requireSsoAdmin(ctx);
  const before = await requireSamlProvider(ctx, input.id);
  const { name, metadataXml, isEnabled, attributeMapping } = input.body;
  const idp = metadataXml === undefined ? undefined : parseIdpMetadata(metadataXml);
  const [row] = await ctx.tx
    .update(ssoProviders)
    .set({
      ...(name !== undefined ? { name: name.trim() } : {}),
      ...(idp !== undefined ? { config: idp } : {}),
      ...(isEnabled !== undefined ? { isEnabled } : {}),
      ...(attributeMapping !== undefined
        ? { attributeMapping: ZSamlAttributeMapping.parse(attributeMapping) }
        : {}),
      updatedAt: ctx.now,
    })
    .where(eq(ssoProviders.id, before.id))
    .returning();
  if (!row) throw notFound('SAML provider');
  await ctx.audit({
    action: 'sso.saml_provider_updated',
    targetType: 'sso_provider',
    targetId: row.id,
    data: { before: auditView(before), after: auditView(row) },
  });
  return row;
}

/** Removes a SAML provider; its members keep their accounts (their link to it goes with it). */
export async function deleteSamlProvider(ctx: TRequestContext, id: string): Promise<void> {
  requireSsoAdmin(ctx);
  const before = await requireSamlProvider(ctx, id);
  await ctx.tx.delete(ssoProviders).where(eq(ssoProviders.id, before.id));
  await ctx.audit({
    action: 'sso.saml_provider_deleted',
    targetType: 'sso_provider',
    targetId: before.id,
    data: { before: auditView(before) },
  });
}
