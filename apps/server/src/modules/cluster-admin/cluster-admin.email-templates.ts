import type { TMailTemplate, TMailTemplateSummary, ZMailTemplateInput } from '@commons/contract';
import {
  isMailTemplateKey,
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  mailTemplateProblems,
  mailTemplateSampleValues,
  renderMailTemplate,
  type TMailTemplateKey,
} from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TTx } from '../../db/client.js';
import { clusterEmailTemplates } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireClusterGroup } from './cluster-admin.policy.js';

/**
 * The cluster's email templates (issue #23 item 2; spec 6 email-settings): overrides of the domain catalogue's
 * wording (packages/domain/src/mail-templates.ts). The mail sender renders them (mail-delivery.ts); admins list,
 * edit, preview and reset them here. RLS (migration 0059): the cluster-wide scope only.
 */

type TTemplateRow = typeof clusterEmailTemplates.$inferSelect;
type TTemplateInput = z.output<typeof ZMailTemplateInput>;

/** The cluster's overrides by template key (the catalogue is small: at most one row per key). */
export async function clusterEmailTemplateOverrides(
  tx: TTx,
  clusterId: string,
): Promise<Map<string, TTemplateRow>> {
  const rows = await tx
    .select()
    .from(clusterEmailTemplates)
    .where(eq(clusterEmailTemplates.clusterId, clusterId));
  return new Map(rows.map((row) => [row.templateKey, row]));
}

function requireTemplateKey(key: string): TMailTemplateKey {
  if (!isMailTemplateKey(key)) throw notFound('Email template');
  return key;
}

function presentSummary(key: TMailTemplateKey, row: TTemplateRow | undefined): TMailTemplateSummary {
  const definition = MAIL_TEMPLATES[key];
  return {
    key,
    label: definition.label,
    description: definition.description,
    isCustomised: row !== undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

function presentTemplate(key: TMailTemplateKey, row: TTemplateRow | undefined): TMailTemplate {
  const definition = MAIL_TEMPLATES[key];
  return {
    ...presentSummary(key, row),
    placeholders: definition.placeholders.map((p) => ({
      name: p.name,
      description: p.description,
      isLink: p.isLink === true,
      isRequired: p.isRequired === true,
    })),
    default: { subject: definition.subject, body: definition.body },
    override: row === undefined ? null : { subject: row.subject, body: row.body },
  };
}

async function overrideRow(ctx: TRequestContext, key: TMailTemplateKey): Promise<TTemplateRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(clusterEmailTemplates)
    .where(
      and(eq(clusterEmailTemplates.clusterId, ctx.clusterId), eq(clusterEmailTemplates.templateKey, key)),
    )
    .limit(1);
  return row;
}

/** Every template of the catalogue, in its order, with whether the cluster reworded it. */
export async function listEmailTemplates(ctx: TRequestContext): Promise<{ items: TMailTemplateSummary[] }> {
  requireClusterGroup(ctx, 'email-settings');
  const overrides = await clusterEmailTemplateOverrides(ctx.tx, ctx.clusterId);
  return { items: MAIL_TEMPLATE_KEYS.map((key) => presentSummary(key, overrides.get(key))) };
}

export async function emailTemplate(ctx: TRequestContext, rawKey: string): Promise<TMailTemplate> {
  requireClusterGroup(ctx, 'email-settings');
  const key = requireTemplateKey(rawKey);
  return presentTemplate(key, await overrideRow(ctx, key));
}

/** Saves the cluster's wording of an email after the catalogue's rules; nothing is written when they refuse it. */
export async function saveEmailTemplate(
  ctx: TRequestContext,
  input: { key: string; body: TTemplateInput },
): Promise<TMailTemplate> {
  requireClusterGroup(ctx, 'email-settings');
  const key = requireTemplateKey(input.key);
  const problems = mailTemplateProblems(key, input.body);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const before = await overrideRow(ctx, key);
  const values = {
    subject: input.body.subject,
    body: input.body.body,
    updatedByUserId: ctx.requireViewer().user.id,
    updatedAt: ctx.now,
  };
  const [row] = await ctx.tx
    .insert(clusterEmailTemplates)
    .values({ clusterId: ctx.clusterId, templateKey: key, ...values })
    .onConflictDoUpdate({
      target: [clusterEmailTemplates.clusterId, clusterEmailTemplates.templateKey],
      set: values,
    })
    .returning();
  if (!row) throw new Error('email template upsert returned no row');
  await ctx.audit({
    action: 'cluster.email_template.updated',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: {
      key,
      before: before === undefined ? null : { subject: before.subject, body: before.body },
      after: { subject: row.subject, body: row.body },
    },
  });
  return presentTemplate(key, row);
}

/** Goes back to the default wording (removing no override changes nothing and is not audited). */
export async function resetEmailTemplate(ctx: TRequestContext, rawKey: string): Promise<void> {
  requireClusterGroup(ctx, 'email-settings');
  const key = requireTemplateKey(rawKey);
  const [removed] = await ctx.tx
    .delete(clusterEmailTemplates)
    .where(
      and(eq(clusterEmailTemplates.clusterId, ctx.clusterId), eq(clusterEmailTemplates.templateKey, key)),
    )
    .returning();
  if (removed === undefined) return;
  await ctx.audit({
    action: 'cluster.email_template.reset',
    targetType: 'cluster',
    targetId: ctx.clusterId,
    data: { key, before: { subject: removed.subject, body: removed.body } },
  });
}

/**
 * A wording rendered with the catalogue's sample values, as the mail module renders it (the HTML part escapes
 * the template and the values), with what saving it would refuse. The console shows the HTML in its page, so it
 * also passes the one rich-text sanitiser, whatever the renderer does.
 */
export function previewEmailTemplate(ctx: TRequestContext, input: { key: string; body: TTemplateInput }) {
  requireClusterGroup(ctx, 'email-settings');
  const key = requireTemplateKey(input.key);
  const rendered = renderMailTemplate(key, input.body, mailTemplateSampleValues(key));
  return {
    ...rendered,
    html: sanitizeRichText(rendered.html),
    problems: mailTemplateProblems(key, input.body),
  };
}
