/** Experiential learning writes (issue #19 item 5): interests, participation reports and their review. */
import {
  EL_INTEREST_UNKNOWN,
  PARTICIPATION_ALREADY_REVIEWED,
  webPaths,
  type ZCreateParticipationReportRequest,
  type ZUpdateElInterestsRequest,
} from '@commons/contract';
import {
  EL_OPPORTUNITY_TYPES,
  participationDateErrors,
  participationMinutes,
  participationReviewTarget,
  projectToday,
  type TParticipationDecision,
} from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { elInterests, participationReports } from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { maySeePost } from '../job-applications/job-applications.policy.js';
import { findApplicationPost, hasApplied } from '../job-applications/job-applications.queries.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { requireParticipant, requireReviewer } from './experiential-learning.policy.js';
import { findReport, interestOptions } from './experiential-learning.queries.js';

/**
 * Replaces the viewer's experience interests in the hub (spec 2 'add interests'): each must be one of the
 * hub's industries or job functions, or a kind of opportunity; saving at least one completes the
 * el_add_interest action item.
 */
export async function replaceInterests(
  ctx: TRequestContext,
  body: z.output<typeof ZUpdateElInterestsRequest>,
): Promise<void> {
  requireParticipant(ctx);
  const hub = ctx.requireHub();
  const userId = ctx.requireViewer().user.id;
  const options = await interestOptions(ctx.tx, hub.id);
  const allowed = {
    industry: new Set(options.industry.map((o) => o.value)),
    jobFunction: new Set(options.jobFunction.map((o) => o.value)),
    opportunityType: new Set<string>(EL_OPPORTUNITY_TYPES),
  };
  const fields: Record<string, string> = {};
  body.interests.forEach((interest, index) => {
    if (!allowed[interest.kind].has(interest.value)) fields[`interests.${index}.value`] = EL_INTEREST_UNKNOWN;
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  await ctx.tx.delete(elInterests).where(and(eq(elInterests.userId, userId), eq(elInterests.hubId, hub.id)));
  if (body.interests.length > 0) {
    // Created one millisecond apart, so the list keeps the order they were chosen in.
    await ctx.tx.insert(elInterests).values(
      body.interests.map((interest, index) => ({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        userId,
        kind: interest.kind,
        value: interest.value,
        createdAt: new Date(ctx.now.getTime() + index),
      })),
    );
    await completeViewerActionItem(ctx, 'el_add_interest', { hubIds: [hub.id] });
  }
}

/**
 * Records the viewer's participation report (spec 3 el_report_participation): for one of the hub's posts they
 * may see or applied to (its title by default), or an experience of their own; started by today in their
 * time zone. Completes the action item; the hub's reviewers find it in their queue.
 */
export async function createParticipationReport(
  ctx: TRequestContext,
  body: z.output<typeof ZCreateParticipationReportRequest>,
): Promise<string> {
  requireParticipant(ctx);
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  let title = body.title;
  if (body.postId !== null) {
    const post = await findApplicationPost(ctx.tx, { postId: body.postId, hubId: hub.id });
    const mayName =
      post !== null &&
      (maySeePost(ctx, post) || (await hasApplied(ctx.tx, { postId: post.id, userId: viewer.user.id })));
    if (!post || !mayName) throw validationError({ postId: 'Choose an opportunity of this community.' });
    if (title === '') title = post.title;
  }
  const dateErrors = participationDateErrors({
    startedOn: body.startedOn,
    endedOn: body.endedOn,
    today: projectToday(ctx.now, viewer.user.timezone),
  });
  if (Object.keys(dateErrors).length > 0) throw validationError(dateErrors);
  const [row] = await ctx.tx
    .insert(participationReports)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      userId: viewer.user.id,
      postId: body.postId,
      title,
      organisation: body.organisation,
      startedOn: body.startedOn,
      endedOn: body.endedOn,
      minutes: participationMinutes(body.hours),
      reflection: body.reflection,
      status: 'pending',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: participationReports.id });
  if (!row) throw new Error('participation report insert returned no row');
  await completeViewerActionItem(ctx, 'el_report_participation', { hubIds: [hub.id] });
  await ctx.audit({
    action: 'participation_report.created',
    targetType: 'participation_report',
    targetId: row.id,
  });
  return row.id;
}

/**
 * A reviewer approves or rejects a pending report (experiential-learning right); a report already reviewed,
 * also by a concurrent reviewer, answers 409. The member is notified.
 */
export async function reviewParticipationReport(
  ctx: TRequestContext,
  options: { id: string; decision: TParticipationDecision; note: string | null },
): Promise<void> {
  requireReviewer(ctx);
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const record = await findReport(ctx.tx, { id: options.id, hubId: hub.id });
  if (!record) throw notFound('Report');
  const target = participationReviewTarget({ status: record.report.status, decision: options.decision });
  const alreadyReviewed = () =>
    new AppError({
      statusCode: 409,
      code: 'already_reviewed',
      message: PARTICIPATION_ALREADY_REVIEWED,
      userMessage: PARTICIPATION_ALREADY_REVIEWED,
    });
  if (target === null) throw alreadyReviewed();
  const updated = await ctx.tx
    .update(participationReports)
    .set({
      status: target,
      reviewedByUserId: viewer.user.id,
      reviewNote: options.note,
      reviewedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where(and(eq(participationReports.id, record.report.id), eq(participationReports.status, 'pending')))
    .returning({ id: participationReports.id });
  if (updated.length === 0) throw alreadyReviewed();
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: viewer.user.id,
    userIds: [record.report.userId],
    hubId: hub.id,
    type: 'experiential-learning.report-reviewed',
    title:
      target === 'approved'
        ? `Your participation report “${record.report.title}” was approved`
        : `Your participation report “${record.report.title}” was not approved`,
    url: webPaths.hub.experientialLearning(hub.identifier),
    payload: { reportId: record.report.id, status: target },
  });
  await ctx.audit({
    action: `participation_report.${target}`,
    targetType: 'participation_report',
    targetId: record.report.id,
  });
}

/**
 * Completes the el_save_opportunity action item (spec 3) of the viewer in the hub whose post they saved, in
 * the save's transaction: for modules/jobs' save command to call. Until it does, the item is not offered
 * (modules/action-items AVAILABLE_ACTION_ITEMS), so no banner waits on a save that completes nothing.
 */
export async function completeSaveOpportunity(ctx: TRequestContext, hubId: number): Promise<void> {
  await completeViewerActionItem(ctx, 'el_save_opportunity', { hubIds: [hubId] });
}
