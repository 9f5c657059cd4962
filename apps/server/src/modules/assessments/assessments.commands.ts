import {
  ASSESSMENT_SLUG_TAKEN_MESSAGE,
  webPaths,
  ZAssessmentWebhookBody,
  type TAssessmentLaunchResponse,
  type ZCreateAssessmentRequest,
  type ZUpdateAssessmentRequest,
} from '@commons/contract';
import { ASSESSMENT_WEBHOOK_MESSAGES, isSafeReturnPath, type TWebhookRefusal } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDb, TTx } from '../../db/client.js';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { assessmentLaunches, assessmentResults, assessments, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeActionItem } from '../action-items/action-items.commands.js';
import { saveModuleSetting } from '../hubs/hubs.commands.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { ASSESSMENT_SETTINGS_KEY, assessmentSettingsOf } from './assessments.policy.js';
import { listAssessments, type TAssessmentListRow, type TAssessmentRow } from './assessments.queries.js';
import { decryptSecretAtRest, encryptSecretAtRest } from '../../lib/secrets-at-rest.js';
import { signLaunchToken, webhookRefusal } from './assessments.secrets.js';

/** What the assessment commands need beyond the request: the server secret and the deployment's address. */
export type TAssessmentDeps = { serverSecret: Uint8Array; publicUrl: string };

/** The path a provider posts results of an assessment to. */
export function webhookPathOf(assessmentId: string): string {
  return `/api/assessments/${encodeURIComponent(assessmentId)}/results`;
}

/**
 * Keeps the hub's moduleSettings.careerAssessment.isEnabled equal to "an assessment is active", so the
 * complete_pathwayu_assessment action item is offered exactly where one can be taken; the tab name stays.
 */
async function syncAssessmentSetting(ctx: TRequestContext, options: { hubId: number; tabName?: string }) {
  const settings = await getHubSettings(ctx.tx, options.hubId);
  const current = assessmentSettingsOf(settings);
  const isEnabled = (await listAssessments(ctx.tx, { hubId: options.hubId })).length > 0;
  const tabName = options.tabName ?? current.tabName;
  if (current.isEnabled === isEnabled && current.tabName === tabName) return settings;
  return saveModuleSetting(ctx, {
    hubId: options.hubId,
    settings,
    key: ASSESSMENT_SETTINGS_KEY,
    value: { tabName, isEnabled },
    audit: { action: 'assessment.settings_updated', data: { tabName, isEnabled } },
  });
}

/** Renames the assessments' tab (PathwayU by default). */
export async function updateAssessmentSettings(ctx: TRequestContext, tabName: string): Promise<void> {
  await syncAssessmentSetting(ctx, { hubId: ctx.requireHub().id, tabName });
}

/** Configures an assessment of the request's hub; 409 when the slug is taken. The secret is stored encrypted. */
export async function createAssessment(
  ctx: TRequestContext,
  options: { body: z.output<typeof ZCreateAssessmentRequest>; deps: TAssessmentDeps },
): Promise<TAssessmentListRow> {
  const hubId = ctx.requireHub().id;
  const { body } = options;
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [inserted] = await sp
      .insert(assessments)
      .values({
        clusterId: ctx.clusterId,
        hubId,
        name: body.name,
        slug: body.slug,
        description: body.description,
        launchUrl: body.launchUrl,
        secretCiphertext: encryptSecretAtRest(body.sharedSecret, options.deps.serverSecret),
        isActive: body.isActive,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw conflict(ASSESSMENT_SLUG_TAKEN_MESSAGE, { slug: ASSESSMENT_SLUG_TAKEN_MESSAGE });
  await ctx.audit({
    action: 'assessment.created',
    targetType: 'assessment',
    targetId: row.id,
    data: { slug: row.slug },
  });
  await syncAssessmentSetting(ctx, { hubId });
  return withoutSecret(row);
}

/** Changes an assessment of the request's hub; a new shared secret replaces the old one (never answered). */
export async function updateAssessment(
  ctx: TRequestContext,
  options: { id: string; body: z.output<typeof ZUpdateAssessmentRequest>; deps: TAssessmentDeps },
): Promise<TAssessmentListRow> {
  const hubId = ctx.requireHub().id;
  const { body } = options;
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.slug === undefined ? {} : { slug: body.slug }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.launchUrl === undefined ? {} : { launchUrl: body.launchUrl }),
    ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
    ...(body.sharedSecret === undefined
      ? {}
      : { secretCiphertext: encryptSecretAtRest(body.sharedSecret, options.deps.serverSecret) }),
  };
  const result = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [updated] = await sp
      .update(assessments)
      .set({ ...changes, updatedAt: ctx.now })
      .where(and(eq(assessments.id, options.id), eq(assessments.hubId, hubId)))
      .returning();
    return { updated };
  });
  if (!result) throw conflict(ASSESSMENT_SLUG_TAKEN_MESSAGE, { slug: ASSESSMENT_SLUG_TAKEN_MESSAGE });
  if (!result.updated) throw notFound('Assessment');
  await ctx.audit({
    action: 'assessment.updated',
    targetType: 'assessment',
    targetId: options.id,
    // Which fields changed, never the secret itself.
    data: { fields: Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined) },
  });
  await syncAssessmentSetting(ctx, { hubId });
  return withoutSecret(result.updated);
}

/** Removes an assessment of the request's hub with its launches and results. */
export async function deleteAssessment(ctx: TRequestContext, id: string): Promise<void> {
  const hubId = ctx.requireHub().id;
  const removed = await ctx.tx
    .delete(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.hubId, hubId)))
    .returning({ id: assessments.id });
  if (removed.length === 0) throw notFound('Assessment');
  await ctx.audit({ action: 'assessment.deleted', targetType: 'assessment', targetId: id });
  await syncAssessmentSetting(ctx, { hubId });
}

function withoutSecret(row: TAssessmentRow): TAssessmentListRow {
  const { secretCiphertext: _secret, ...rest } = row;
  return rest;
}

/**
 * Starts an assessment for the viewer: records the launch (its id is the token's jti, which the results name)
 * and answers the provider's launch URL with a token signed under the shared secret (10 minutes). The return
 * URL is this deployment's assessment page, so the provider can only send the member back here.
 */
export async function launchAssessment(
  ctx: TRequestContext,
  options: { assessment: TAssessmentRow; deps: TAssessmentDeps },
): Promise<TAssessmentLaunchResponse> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const { assessment, deps } = options;
  const [launch] = await ctx.tx
    .insert(assessmentLaunches)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      assessmentId: assessment.id,
      userId: viewer.user.id,
      createdAt: ctx.now,
    })
    .returning({ id: assessmentLaunches.id });
  if (!launch) throw new Error('launch not recorded');
  const returnPath = `${webPaths.hub.careerAssessment(hub.identifier, assessment.slug)}?completed=1`;
  if (!isSafeReturnPath(returnPath)) throw new Error('assessment return path leaves the deployment');
  const { token, expiresAt } = await signLaunchToken({
    sharedSecret: decryptSecretAtRest(assessment.secretCiphertext, deps.serverSecret),
    now: ctx.now,
    claims: {
      iss: deps.publicUrl,
      aud: assessment.slug,
      sub: viewer.user.id,
      jti: launch.id,
      hub: { id: String(hub.id), identifier: hub.identifier, name: hub.name },
      firstName: viewer.user.firstName,
      lastName: viewer.user.lastName,
      assessment: { id: assessment.id, slug: assessment.slug, name: assessment.name },
      resultsUrl: `${deps.publicUrl}${webhookPathOf(assessment.id)}`,
      returnUrl: `${deps.publicUrl}${returnPath}`,
    },
  });
  const launchUrl = new URL(assessment.launchUrl);
  launchUrl.searchParams.set('token', token);
  return { launchUrl: launchUrl.toString(), expiresAt: expiresAt.toISOString() };
}

function webhookError(refusal: TWebhookRefusal): AppError {
  const message = ASSESSMENT_WEBHOOK_MESSAGES[refusal];
  const code = refusal === 'expired' ? 'webhook_expired' : 'webhook_signature_invalid';
  return new AppError({ statusCode: 401, code, message, userMessage: message });
}

/**
 * Stores the results of a webhook delivery (issue #20 item 4) once its signature, timestamp and delivery id pass:
 * 401 for a missing, malformed, expired (more than 5 minutes away) or wrong signature, 409 for a delivery id
 * received before (a replay), 404 for an unknown assessment or launch. Runs as the cluster-wide scope, as a job
 * does, since no one is signed in; completes the member's complete_pathwayu_assessment item in the launch's hub.
 */
export async function receiveAssessmentResults(
  db: TDb,
  options: {
    clusterId: string;
    assessmentId: string;
    timestamp: string | undefined;
    signature: string | undefined;
    rawBody: string;
    now: Date;
    deps: TAssessmentDeps;
  },
): Promise<{ resultId: string }> {
  return withTenant(db, { clusterId: options.clusterId, isClusterScope: true }, async (tx: TTx) => {
    const [assessment] = await tx
      .select({ id: assessments.id, secretCiphertext: assessments.secretCiphertext })
      .from(assessments)
      .where(and(eq(assessments.id, options.assessmentId), eq(assessments.clusterId, options.clusterId)))
      .limit(1);
    if (!assessment) throw notFound('Assessment');
    const refusal = webhookRefusal({
      sharedSecret: decryptSecretAtRest(assessment.secretCiphertext, options.deps.serverSecret),
      timestamp: options.timestamp,
      signature: options.signature,
      rawBody: options.rawBody,
      now: options.now,
    });
    if (refusal) throw webhookError(refusal);
    // Validated by the route's schema already; parsed again from the very bytes that were signed.
    const body = ZAssessmentWebhookBody.parse(JSON.parse(options.rawBody));
    const [launch] = await tx
      .select({
        id: assessmentLaunches.id,
        hubId: assessmentLaunches.hubId,
        userId: assessmentLaunches.userId,
      })
      .from(assessmentLaunches)
      .innerJoin(users, eq(users.id, assessmentLaunches.userId))
      .where(
        and(eq(assessmentLaunches.id, body.launchId), eq(assessmentLaunches.assessmentId, assessment.id)),
      )
      .limit(1);
    if (!launch) {
      throw new AppError({
        statusCode: 404,
        code: 'not_found',
        message: ASSESSMENT_WEBHOOK_MESSAGES['unknown-launch'],
        userMessage: ASSESSMENT_WEBHOOK_MESSAGES['unknown-launch'],
      });
    }
    const inserted = await unlessUniqueViolation(tx, async (sp) => {
      const [row] = await sp
        .insert(assessmentResults)
        .values({
          clusterId: options.clusterId,
          hubId: launch.hubId,
          assessmentId: assessment.id,
          launchId: launch.id,
          userId: launch.userId,
          deliveryId: body.deliveryId,
          summary: body.summary,
          matches: body.matches,
          completedAt: new Date(body.completedAt),
          receivedAt: options.now,
        })
        .returning({ id: assessmentResults.id });
      return row;
    });
    if (!inserted) {
      throw new AppError({
        statusCode: 409,
        code: 'webhook_replayed',
        message: ASSESSMENT_WEBHOOK_MESSAGES.replayed,
        userMessage: ASSESSMENT_WEBHOOK_MESSAGES.replayed,
      });
    }
    await completeActionItem(tx, {
      clusterId: options.clusterId,
      userId: launch.userId,
      hubIds: [launch.hubId],
      type: 'complete_pathwayu_assessment',
      completedBy: 'event',
      now: options.now,
    });
    return { resultId: inserted.id };
  });
}
