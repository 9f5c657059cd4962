import type { TCreateScimTokenRequest, TScimGroupMappingRequest } from '@commons/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { hubs, scimTokens, scimGroups, userTypes } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireClusterGroup } from '../cluster-admin/cluster-admin.policy.js';
import { grantMappedMembership } from './scim.commands.js';
import { scimGroupMembersOf, type TScimGroupRow, type TScimTokenRow } from './scim.queries.js';

/** Where a SCIM token starts: recognisable in logs and secret scanners. */
const SCIM_TOKEN_PREFIX = 'scim_';
/** The characters of a token shown in the list (prefix and six more): enough to tell tokens apart. */
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 6;

/** Cluster and super admins only (spec 6: sso-settings is a cluster-level group), through the console's one check. */
export function requireSsoSettingsAdmin(ctx: TRequestContext): void {
  requireClusterGroup(ctx, 'sso-settings');
}

/** A new bearer token of the cluster; only its SHA-256 is kept, the token is answered this once. */
export async function createScimToken(
  ctx: TRequestContext,
  body: TCreateScimTokenRequest,
): Promise<{ row: TScimTokenRow; secret: string }> {
  requireSsoSettingsAdmin(ctx);
  const secret = `${SCIM_TOKEN_PREFIX}${newOpaqueToken()}`;
  const [row] = await ctx.tx
    .insert(scimTokens)
    .values({
      clusterId: ctx.clusterId,
      name: body.name.trim(),
      tokenHash: hashOpaqueToken(secret),
      tokenPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('scim token insert returned no row');
  await ctx.audit({
    action: 'scim.token_created',
    targetType: 'scim_token',
    targetId: row.id,
    data: { name: row.name, prefix: row.tokenPrefix },
  });
  return { row, secret };
}

/** Revokes a token of the cluster (kept in the list as revoked); revoking twice changes nothing. */
export async function revokeScimToken(ctx: TRequestContext, id: string): Promise<void> {
  requireSsoSettingsAdmin(ctx);
  const [row] = await ctx.tx
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.id, id), eq(scimTokens.clusterId, ctx.clusterId)))
    .limit(1);
  if (!row) throw notFound('SCIM token');
  if (row.revokedAt) return;
  await ctx.tx
    .update(scimTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(scimTokens.id, id), isNull(scimTokens.revokedAt)));
  await ctx.audit({
    action: 'scim.token_revoked',
    targetType: 'scim_token',
    targetId: row.id,
    data: { name: row.name, prefix: row.tokenPrefix },
  });
}

/**
 * Maps a pushed group to one of a hub's user types, or clears the mapping. Its current members get the hub
 * membership at once; later members when the provider adds them. Clearing keeps the memberships given.
 */
export async function mapScimGroup(
  ctx: TRequestContext,
  input: { id: string; body: TScimGroupMappingRequest },
): Promise<TScimGroupRow> {
  requireSsoSettingsAdmin(ctx);
  const [group] = await ctx.tx
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.id, input.id), eq(scimGroups.clusterId, ctx.clusterId)))
    .limit(1);
  if (!group) throw notFound('SCIM group');
  const { hubId, userTypeId } = input.body;
  if (hubId !== null && userTypeId !== null) {
    const [type] = await ctx.tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .innerJoin(hubs, eq(hubs.id, userTypes.hubId))
      .where(and(eq(userTypes.id, userTypeId), eq(userTypes.hubId, hubId), eq(hubs.clusterId, ctx.clusterId)))
      .limit(1);
    if (!type) throw validationError({ userTypeId: 'Choose a user type of the chosen hub.' });
  }
  const [updated] = await ctx.tx
    .update(scimGroups)
    .set({ hubId, userTypeId, updatedAt: ctx.now })
    .where(eq(scimGroups.id, group.id))
    .returning();
  if (!updated) throw notFound('SCIM group');
  await ctx.audit({
    action: 'scim.group_mapped',
    targetType: 'scim_group',
    targetId: group.id,
    data: {
      displayName: group.displayName,
      before: { hubId: group.hubId, userTypeId: group.userTypeId },
      after: { hubId, userTypeId },
    },
  });
  const members = await scimGroupMembersOf(ctx.tx, [group.id]);
  await grantMappedMembership(
    ctx,
    updated,
    members.map((m) => m.userId),
  );
  return updated;
}
