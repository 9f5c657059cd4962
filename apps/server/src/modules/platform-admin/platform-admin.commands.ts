import { randomUUID } from 'node:crypto';
import {
  ZHubSettings,
  type ZCreateClusterRequest,
  type ZCreatePlatformHubRequest,
  type ZUpdateClusterRequest,
} from '@commons/contract';
import {
  dataRegionForHubId,
  isInErasureGracePeriod,
  isTenantType,
  tenantErasureDate,
  tenantTypeDefinition,
  type TTenantType,
} from '@commons/domain';
import type { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { clusters, hubSettings, hubs, userTypes } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireSuperAdmin, SUPER_ADMIN_ONLY_MESSAGE } from './platform-admin.policy.js';
import { platformTaken } from './platform-admin.queries.js';

type TClusterRow = typeof clusters.$inferSelect;
type TCreateClusterRequest = z.output<typeof ZCreateClusterRequest>;
type TUpdateClusterRequest = z.output<typeof ZUpdateClusterRequest>;
type TCreatePlatformHubRequest = z.output<typeof ZCreatePlatformHubRequest>;

/**
 * Runs `work` in another cluster's cluster-wide scope inside the request's transaction, then puts the request's
 * scope back. Background jobs reach each tenant the same way (withTenant per cluster); here the database first
 * confirms the request's user is a super admin (migration 0054), so a slip in the server cannot open the scope for
 * anyone else. Writes to the cluster and its hubs go through their ordinary row-level security policies.
 */
async function inClusterScope<T>(
  ctx: TRequestContext,
  clusterId: string,
  work: (tx: TTx) => Promise<T>,
): Promise<T> {
  const [saved] = await queryRows<{
    ok: boolean;
    cluster_id: string;
    hub_id: string;
    user_id: string;
    member_hub_ids: string;
    scope: string;
  }>(
    ctx.tx,
    sql`SELECT app_is_platform_admin() AS ok,
      coalesce(current_setting('app.cluster_id', true), '') AS cluster_id,
      coalesce(current_setting('app.hub_id', true), '') AS hub_id,
      coalesce(current_setting('app.user_id', true), '') AS user_id,
      coalesce(current_setting('app.member_hub_ids', true), '') AS member_hub_ids,
      coalesce(current_setting('app.scope', true), '') AS scope`,
  );
  if (!saved?.ok) throw forbidden(SUPER_ADMIN_ONLY_MESSAGE);
  await applyTenantScope(ctx.tx, { clusterId, isClusterScope: true });
  try {
    return await work(ctx.tx);
  } finally {
    await ctx.tx.execute(sql`SELECT
      set_config('app.cluster_id', ${saved.cluster_id}, true),
      set_config('app.hub_id', ${saved.hub_id}, true),
      set_config('app.user_id', ${saved.user_id}, true),
      set_config('app.member_hub_ids', ${saved.member_hub_ids}, true),
      set_config('app.scope', ${saved.scope}, true)`);
  }
}

async function requireCluster(tx: TTx, clusterId: string): Promise<TClusterRow> {
  const [row] = await tx.select().from(clusters).where(eq(clusters.id, clusterId)).limit(1);
  if (!row) throw notFound('Cluster');
  return row;
}

function auditView(row: TClusterRow) {
  return {
    name: row.name,
    isProduction: row.isProduction,
    sfAccountId: row.sfAccountId,
    defaultSetting: row.defaultSetting,
    hostnames: row.hostnames,
    deleteRequestedAt: row.deleteRequestedAt?.toISOString() ?? null,
  };
}

/**
 * Creates a hub with the v2 default setting of a tenant type (spec 9): its modules, EL-only, standard platform
 * type, auto-approval and giving in the hub settings, and the type's first user types. The one place the server
 * creates a hub; call it in the cluster's cluster-wide scope.
 */
export async function insertHubFromTenantType(
  tx: TTx,
  input: {
    clusterId: string;
    id: number;
    identifier: string;
    name: string;
    tenantType: TTenantType;
    isDefault: boolean;
  },
): Promise<void> {
  const { setting } = tenantTypeDefinition(input.tenantType);
  await tx.insert(hubs).values({
    id: input.id,
    clusterId: input.clusterId,
    identifier: input.identifier,
    name: input.name,
    isDefault: input.isDefault,
    isElOnly: setting.isElOnly,
    standardPlatformType: setting.standardPlatformType,
  });
  await tx.insert(hubSettings).values({
    hubId: input.id,
    clusterId: input.clusterId,
    settings: ZHubSettings.parse({
      enabledModules: [...setting.enabledModules],
      coreSettings: { isAutoApprovalEnabled: setting.isAutoApprovalEnabled },
      isDonationsEnabled: setting.isDonationsEnabled,
    }),
  });
  await tx.insert(userTypes).values(
    setting.userTypes.map((type, order) => ({
      ...type,
      clusterId: input.clusterId,
      hubId: input.id,
      order,
      showFirstTimeMatchingExperience: type.standardUserType === 'Student' && !setting.isElOnly,
    })),
  );
}

/** A new cluster of a tenant type (no hubs yet). Audited in the super admin's own cluster. */
export async function createCluster(ctx: TRequestContext, body: TCreateClusterRequest): Promise<string> {
  requireSuperAdmin(ctx);
  const hostnames = body.hostnames;
  if (hostnames.length) {
    const { takenHostnames } = await platformTaken(ctx.tx, { hubId: null, hostnames });
    if (takenHostnames.length)
      throw conflict(`Another cluster already answers ${takenHostnames.join(', ')}.`, {
        hostnames: `Already in use: ${takenHostnames.join(', ')}.`,
      });
  }
  const type = tenantTypeDefinition(body.tenantType);
  const id = randomUUID();
  const row = await inClusterScope(ctx, id, async (tx) => {
    const [inserted] = await tx
      .insert(clusters)
      .values({
        id,
        name: body.name,
        hostnames,
        isProduction: body.isProduction ?? type.isProductionByDefault,
        sfAccountId: body.sfAccountId ?? null,
        defaultSetting: body.tenantType,
        createdAt: ctx.now,
      })
      .returning();
    if (!inserted) throw new Error('cluster insert failed');
    return inserted;
  });
  await ctx.audit({
    action: 'platform.cluster_created',
    targetType: 'cluster',
    targetId: id,
    data: { after: auditView(row) },
  });
  return id;
}

/** Changes a cluster's name, isProduction or CRM account id. Audited with before and after. */
export async function updateCluster(
  ctx: TRequestContext,
  input: { clusterId: string; body: TUpdateClusterRequest },
): Promise<void> {
  requireSuperAdmin(ctx);
  const { before, after } = await inClusterScope(ctx, input.clusterId, async (tx) => {
    const current = await requireCluster(tx, input.clusterId);
    const { name, isProduction, sfAccountId } = input.body;
    const [updated] = await tx
      .update(clusters)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(isProduction !== undefined ? { isProduction } : {}),
        ...(sfAccountId !== undefined ? { sfAccountId } : {}),
      })
      .where(eq(clusters.id, input.clusterId))
      .returning();
    if (!updated) throw notFound('Cluster');
    return { before: current, after: updated };
  });
  await ctx.audit({
    action: 'platform.cluster_updated',
    targetType: 'cluster',
    targetId: input.clusterId,
    data: { before: auditView(before), after: auditView(after) },
  });
}

/** Creates a hub in a cluster from a tenant type; the chosen id decides its data region. Audited. */
export async function createHub(
  ctx: TRequestContext,
  input: { clusterId: string; body: TCreatePlatformHubRequest },
): Promise<void> {
  requireSuperAdmin(ctx);
  const id = input.body.id;
  const { isHubIdTaken } = await platformTaken(ctx.tx, { hubId: id, hostnames: [] });
  const tenantType = await inClusterScope(ctx, input.clusterId, async (tx) => {
    const cluster = await requireCluster(tx, input.clusterId);
    if (isHubIdTaken)
      throw conflict(`Hub id ${id} is taken.`, { id: 'This hub id is taken; choose another.' });
    const [sameIdentifier] = await tx
      .select({ id: hubs.id })
      .from(hubs)
      .where(and(eq(hubs.clusterId, input.clusterId), eq(hubs.identifier, input.body.identifier)))
      .limit(1);
    if (sameIdentifier)
      throw conflict(`The cluster already has a hub "${input.body.identifier}".`, {
        identifier: 'The cluster already has a hub with this identifier.',
      });
    const [anyHub] = await tx
      .select({ id: hubs.id })
      .from(hubs)
      .where(eq(hubs.clusterId, input.clusterId))
      .limit(1);
    const type: TTenantType =
      input.body.tenantType ?? (isTenantType(cluster.defaultSetting) ? cluster.defaultSetting : 'standard');
    await insertHubFromTenantType(tx, {
      clusterId: input.clusterId,
      id,
      identifier: input.body.identifier,
      name: input.body.name,
      tenantType: type,
      isDefault: !anyHub,
    });
    return type;
  });
  await ctx.audit({
    action: 'platform.hub_created',
    targetType: 'hub',
    targetId: String(id),
    data: {
      clusterId: input.clusterId,
      identifier: input.body.identifier,
      name: input.body.name,
      tenantType,
      region: dataRegionForHubId(id),
    },
  });
}

/**
 * Requests a cluster's erasure (tenant-erasure erases it once the grace period is over). Never the default
 * cluster (it answers every unknown host) nor the one the super admin is signed in to. Asking again keeps the
 * first request's date.
 */
export async function requestClusterDeletion(ctx: TRequestContext, clusterId: string): Promise<void> {
  requireSuperAdmin(ctx);
  const result = await inClusterScope(ctx, clusterId, async (tx) => {
    const cluster = await requireCluster(tx, clusterId);
    if (cluster.isDefault)
      throw conflict('The default cluster answers every other host name and cannot be deleted.');
    if (cluster.id === ctx.clusterId) throw conflict('You cannot delete the cluster you are signed in to.');
    if (cluster.deleteRequestedAt) return null;
    await tx.update(clusters).set({ deleteRequestedAt: ctx.now }).where(eq(clusters.id, clusterId));
    return cluster;
  });
  if (!result) return;
  await ctx.audit({
    action: 'platform.cluster_deletion_requested',
    targetType: 'cluster',
    targetId: clusterId,
    data: { name: result.name, erasureAt: tenantErasureDate(ctx.now).toISOString() },
  });
}

/** Cancels a delete request while the grace period lasts. */
export async function cancelClusterDeletion(ctx: TRequestContext, clusterId: string): Promise<void> {
  requireSuperAdmin(ctx);
  const cluster = await inClusterScope(ctx, clusterId, async (tx) => {
    const row = await requireCluster(tx, clusterId);
    if (!row.deleteRequestedAt) throw conflict('No deletion was requested for this cluster.');
    if (!isInErasureGracePeriod(row.deleteRequestedAt, ctx.now))
      throw conflict('The grace period is over: the cluster is being erased.');
    await tx.update(clusters).set({ deleteRequestedAt: null }).where(eq(clusters.id, clusterId));
    return row;
  });
  await ctx.audit({
    action: 'platform.cluster_deletion_cancelled',
    targetType: 'cluster',
    targetId: clusterId,
    data: { name: cluster.name, deleteRequestedAt: cluster.deleteRequestedAt?.toISOString() ?? null },
  });
}

/** A cluster's row read in its own scope (after a write, for the answer). */
export function readCluster(ctx: TRequestContext, clusterId: string): Promise<TClusterRow> {
  return inClusterScope(ctx, clusterId, (tx) => requireCluster(tx, clusterId));
}
