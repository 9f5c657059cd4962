import {
  CLUSTER_MAJORS_MAX,
  type ZCreateMajorRequest,
  type ZReorderMajorsRequest,
  type ZUpdateClusterEmailSettingsRequest,
  type ZUpdateLandingPageRequest,
  type ZUpdateMajorRequest,
} from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { clusterEmailSettings, clusterLandingPages, clusterMajors } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { encryptSecretAtRest } from '../../lib/secrets-at-rest.js';
import { requireClusterGroup } from './cluster-admin.policy.js';
import {
  clusterEmailSettingsRow,
  clusterLandingPage,
  clusterMajorRows,
  type TEmailSettingsRow,
  type TLandingPageRow,
  type TMajorRow,
} from './cluster-admin.queries.js';

/** What the audit log keeps of a landing page. */
function landingAuditView(row: TLandingPageRow | null) {
  return row === null
    ? null
    : { title: row.title, bodyHtml: row.bodyHtml, ctaLabel: row.ctaLabel, ctaUrl: row.ctaUrl };
}

/** Sets the cluster's landing page; the body goes through the one rich-text sanitiser. */
export async function saveLandingPage(
  ctx: TRequestContext,
  body: z.output<typeof ZUpdateLandingPageRequest>,
): Promise<TLandingPageRow> {
  requireClusterGroup(ctx, 'landing-page');
  const before = await clusterLandingPage(ctx.tx, ctx.clusterId);
  const values = {
    title: body.title,
    bodyHtml: sanitizeRichText(body.body),
    ctaLabel: body.callToAction?.label ?? null,
    ctaUrl: body.callToAction?.url ?? null,
    updatedByUserId: ctx.requireViewer().user.id,
    updatedAt: ctx.now,
  };
  const [row] = await ctx.tx
    .insert(clusterLandingPages)
    .values({ clusterId: ctx.clusterId, ...values })
    .onConflictDoUpdate({ target: clusterLandingPages.clusterId, set: values })
    .returning();
  if (!row) throw new Error('landing page upsert returned no row');
  await ctx.audit({
    action: 'cluster.landing_page.updated',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: { before: landingAuditView(before), after: landingAuditView(row) },
  });
  return row;
}

/** Goes back to the default landing page. */
export async function removeLandingPage(ctx: TRequestContext): Promise<void> {
  requireClusterGroup(ctx, 'landing-page');
  const before = await clusterLandingPage(ctx.tx, ctx.clusterId);
  if (before === null) return;
  await ctx.tx.delete(clusterLandingPages).where(eq(clusterLandingPages.clusterId, ctx.clusterId));
  await ctx.audit({
    action: 'cluster.landing_page.removed',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: { before: landingAuditView(before) },
  });
}

/** What the audit log keeps of email settings: whether an SMTP override is set, never the override. */
function emailAuditView(row: TEmailSettingsRow | null) {
  return {
    senderName: row?.senderName ?? null,
    senderAddress: row?.senderAddress ?? null,
    isSmtpUrlSet: row?.smtpUrl !== null && row?.smtpUrl !== undefined,
  };
}

/**
 * Sets the cluster's sender; the SMTP override is write-only (kept when absent, removed when null) and stored
 * encrypted under the server secret, as assessments' shared secrets are.
 */
export async function saveEmailSettings(
  ctx: TRequestContext,
  input: { body: z.output<typeof ZUpdateClusterEmailSettingsRequest>; serverSecret: Uint8Array },
): Promise<TEmailSettingsRow> {
  requireClusterGroup(ctx, 'email-settings');
  const { body } = input;
  const before = await clusterEmailSettingsRow(ctx.tx, ctx.clusterId);
  const values = {
    senderName: body.senderName,
    senderAddress: body.senderAddress,
    ...(body.smtpUrl === undefined
      ? {}
      : { smtpUrl: body.smtpUrl === null ? null : encryptSecretAtRest(body.smtpUrl, input.serverSecret) }),
    updatedByUserId: ctx.requireViewer().user.id,
    updatedAt: ctx.now,
  };
  const [row] = await ctx.tx
    .insert(clusterEmailSettings)
    .values({ clusterId: ctx.clusterId, ...values })
    .onConflictDoUpdate({ target: clusterEmailSettings.clusterId, set: values })
    .returning();
  if (!row) throw new Error('email settings upsert returned no row');
  await ctx.audit({
    action: 'cluster.email_settings.updated',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: {
      before: emailAuditView(before),
      after: emailAuditView(row),
      isSmtpUrlChanged: body.smtpUrl !== undefined,
    },
  });
  return row;
}

const NAME_TAKEN = 'A major of that name is in the catalogue already.';

async function requireMajor(ctx: TRequestContext, id: string): Promise<TMajorRow> {
  const [row] = await ctx.tx
    .select()
    .from(clusterMajors)
    .where(and(eq(clusterMajors.id, id), eq(clusterMajors.clusterId, ctx.clusterId)))
    .limit(1);
  if (!row) throw notFound('Major');
  return row;
}

function majorAuditView(row: TMajorRow) {
  return { name: row.name, position: row.position, isArchived: row.archivedAt !== null };
}

/** Adds a major at the end of the catalogue; 409 when the name (any case) is taken or the catalogue is full. */
export async function createMajor(
  ctx: TRequestContext,
  body: z.output<typeof ZCreateMajorRequest>,
): Promise<TMajorRow> {
  requireClusterGroup(ctx, 'majors');
  const [stats] = await ctx.tx
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`(coalesce(max(${clusterMajors.position}), -1) + 1)::int`,
    })
    .from(clusterMajors)
    .where(eq(clusterMajors.clusterId, ctx.clusterId));
  if ((stats?.count ?? 0) >= CLUSTER_MAJORS_MAX)
    throw conflict(`The catalogue holds at most ${CLUSTER_MAJORS_MAX} majors.`);
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [inserted] = await sp
      .insert(clusterMajors)
      .values({
        clusterId: ctx.clusterId,
        name: body.name,
        position: stats?.next ?? 0,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
  await ctx.audit({
    action: 'cluster.major.created',
    targetType: 'major',
    targetId: row.id,
    data: { after: majorAuditView(row) },
  });
  return row;
}

/** Renames, archives or restores a major. */
export async function updateMajor(
  ctx: TRequestContext,
  input: { id: string; body: z.output<typeof ZUpdateMajorRequest> },
): Promise<TMajorRow> {
  requireClusterGroup(ctx, 'majors');
  const before = await requireMajor(ctx, input.id);
  const { name, isArchived } = input.body;
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [updated] = await sp
      .update(clusterMajors)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(isArchived === undefined
          ? {}
          : { archivedAt: isArchived ? (before.archivedAt ?? ctx.now) : null }),
        updatedAt: ctx.now,
      })
      .where(eq(clusterMajors.id, before.id))
      .returning();
    return updated;
  });
  if (!row) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
  await ctx.audit({
    action: 'cluster.major.updated',
    targetType: 'major',
    targetId: row.id,
    data: { before: majorAuditView(before), after: majorAuditView(row) },
  });
  return row;
}

/** Sets the catalogue's order: the ids must be every major of the cluster, each once. */
export async function reorderMajors(
  ctx: TRequestContext,
  body: z.output<typeof ZReorderMajorsRequest>,
): Promise<TMajorRow[]> {
  requireClusterGroup(ctx, 'majors');
  const rows = await clusterMajorRows(ctx.tx, ctx.clusterId);
  const known = new Set(rows.map((row) => row.id));
  if (body.ids.length !== rows.length || body.ids.some((id) => !known.has(id)))
    throw validationError({ ids: 'Send every major of the catalogue once, in the new order.' });
  const positions = body.ids.map((id, position) => ({ id, position }));
  await ctx.tx.execute(sql`
    update ${clusterMajors} m set position = v.position, updated_at = ${ctx.now.toISOString()}::timestamptz
    from (select * from jsonb_to_recordset(${JSON.stringify(positions)}::jsonb) as x(id uuid, position int)) v
    where m.id = v.id and m.cluster_id = ${ctx.clusterId} and m.position <> v.position`);
  await ctx.audit({
    action: 'cluster.majors.reordered',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: { before: rows.map((row) => row.id), after: body.ids },
  });
  return clusterMajorRows(ctx.tx, ctx.clusterId);
}
