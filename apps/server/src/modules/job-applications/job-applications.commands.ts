/**
 * Applications (issue #19 item 3): applying, and every move of the status machine of packages/domain
 * job-applications.ts, in the request transaction. Each move is one conditional update of the application
 * (a concurrent move makes it answer 409), the project's spec 4 status, and the notice to the other side: a
 * system message in their conversation, a notification and, per their email preference, an email (the
 * digest mails the notification of the message, modules/notifications EMAILED_TYPES).
 */
import { APPLICATION_FILE_UNKNOWN, APPLICATION_RESUME_REQUIRED, webPaths } from '@commons/contract';
import {
  findApplicationTransition,
  projectFilterStatus,
  projectToday,
  stateOnDate,
  storedApplicationState,
  type TApplicantProjectStatus,
  type TDataRegion,
  type TApplicationState,
  type TApplicationTransition,
  type TUserApplicationAction,
} from '@commons/domain';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import {
  jobApplications,
  jobPosts,
  threadParticipants,
  threads,
  userFiles,
  users,
} from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { sanitizeRichText, richTextToPlain } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { appendMessage } from '../inbox/inbox.commands.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { fullName } from '../notifications/thread-notifications.js';
import { emitInboxEvent } from '../realtime/realtime.inbox.js';
import { requireHubContributor } from '../content/content.policy.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';
import {
  currentState,
  maySeePost,
  requireMayApply,
  requireMove,
  viewerActors,
} from './job-applications.policy.js';
import {
  findApplication,
  findApplicationPost,
  findOwnApplicationFile,
  hasApplied,
  type TApplicationPost,
  type TApplicationRecord,
} from './job-applications.queries.js';

/** The message type of application notices in a conversation (a system message). */
export const APPLICATION_MESSAGE_TYPE = 'jobApplication';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Recomputes a project's status in the wider admin filter (spec 4) from its approval, whether it is closed or
 * expired, and the states of its hired applications today (read through app_project_hired_states, since a
 * hired user sees only their own application). Jobs have none. Writes only a change.
 */
export async function refreshProjectStatus(
  tx: TTx,
  options: {
    post: Pick<
      TApplicationPost,
      'id' | 'jobFlow' | 'approvalStatus' | 'closedAt' | 'expiresAt' | 'startDate' | 'dueDate'
    > & { ownerTimezone: string };
    now: Date;
  },
): Promise<void> {
  const { post, now } = options;
  if (post.jobFlow !== 'project') return;
  const rows = await queryRows<{ state: TApplicantProjectStatus }>(
    tx,
    sql`SELECT s AS state FROM app_project_hired_states(${post.id}::uuid) s`,
  );
  const today = projectToday(now, post.ownerTimezone);
  const status = projectFilterStatus({
    approval: post.approvalStatus,
    isClosed: post.closedAt !== null,
    isExpired: post.expiresAt.getTime() <= now.getTime(),
    hiredStates: rows.map((row) =>
      stateOnDate({
        flow: 'project',
        state: row.state,
        dates: { startDate: post.startDate, dueDate: post.dueDate },
        today,
      }),
    ),
  });
  await tx
    .update(jobPosts)
    .set({ projectStatus: status })
    .where(
      and(eq(jobPosts.id, post.id), or(isNull(jobPosts.projectStatus), ne(jobPosts.projectStatus, status))),
    );
}

/**
 * The viewer's open conversation with another member of the hub, or a new one (a plain message thread,
 * accepted, started by the viewer): application notices are posted there as system messages.
 */
async function conversationWith(ctx: TRequestContext, options: { hubId: number; otherUserId: string }) {
  const viewerId = ctx.requireViewer().user.id;
  const [existing] = await ctx.tx
    .select({ id: threads.id })
    .from(threads)
    .where(
      and(
        eq(threads.hubId, options.hubId),
        eq(threads.messageType, 'message'),
        eq(threads.status, 'accepted'),
        or(
          and(eq(threads.fromUserId, viewerId), eq(threads.toUserId, options.otherUserId)),
          and(eq(threads.fromUserId, options.otherUserId), eq(threads.toUserId, viewerId)),
        ),
      ),
    )
    .orderBy(sql`${threads.lastMessageAt} desc`)
    .limit(1);
  if (existing) return existing.id;
  const [thread] = await ctx.tx
    .insert(threads)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.hubId,
      messageType: 'message',
      fromUserId: viewerId,
      toUserId: options.otherUserId,
      status: 'accepted',
      createdAt: ctx.now,
      lastMessageAt: ctx.now,
      acceptedAt: ctx.now,
    })
    .returning({ id: threads.id });
  if (!thread) throw new Error('thread insert returned no row');
  await ctx.tx.insert(threadParticipants).values([
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: viewerId,
      otherUserId: options.otherUserId,
      lastMessageAt: ctx.now,
    },
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: options.otherUserId,
      otherUserId: viewerId,
      lastMessageAt: ctx.now,
    },
  ]);
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: thread.id,
    event: { kind: 'thread', change: 'created' },
  });
  return thread.id;
}

/** What a notice says, in the third person (both participants read the system message). */
function noticeText(options: {
  action: TUserApplicationAction | 'apply';
  actorName: string;
  applicantName: string;
  post: TApplicationPost;
  to: TApplicationState;
}): { sentence: string; title: string } {
  const { actorName, applicantName, post } = options;
  const title = post.title;
  switch (options.action) {
    case 'apply':
      return {
        sentence: `${applicantName} applied to ${title}.`,
        title: `${applicantName} applied to ${title}`,
      };
    case 'shortlist':
      return {
        sentence: `${actorName} shortlisted ${applicantName}’s application to ${title}.`,
        title: `Your application to ${title} was shortlisted`,
      };
    case 'hire': {
      const dates =
        post.jobFlow === 'project' && post.startDate && post.dueDate
          ? ` The work starts on ${post.startDate} and is due on ${post.dueDate}.`
          : '';
      return {
        sentence: `${actorName} hired ${applicantName} for ${title}.${dates}`,
        title: `You were hired for ${title}`,
      };
    }
    case 'reject':
      return {
        sentence: `${actorName} did not select ${applicantName}’s application to ${title}.`,
        title: `Your application to ${title} was not selected`,
      };
    case 'withdraw':
      return {
        sentence: `${applicantName} withdrew their application to ${title}.`,
        title: `${applicantName} withdrew their application to ${title}`,
      };
    case 'submit':
      return {
        sentence: `${applicantName} submitted their work on ${title} for review.`,
        title: `${applicantName} submitted work on ${title} for review`,
      };
    case 'complete':
      return {
        sentence: `${actorName} marked ${applicantName}’s work on ${title} completed.`,
        title: `Your work on ${title} was marked completed`,
      };
    case 'markNotCompleted':
      return {
        sentence: `${actorName} marked ${applicantName}’s work on ${title} not completed.`,
        title: `Your work on ${title} was marked not completed`,
      };
  }
}

/**
 * Tells the other side of a move: a system message from the actor in their conversation (with the post
 * linked and the actor's words quoted), and a notification of it that the email digest mails per the
 * recipient's preference. When an admin acts on someone else's post, its owner is notified too (no message:
 * the conversation is the admin's with the applicant).
 */
async function notifyOtherSide(
  ctx: TRequestContext,
  options: {
    record: Pick<TApplicationRecord, 'post' | 'applicant'> & { applicationId: string };
    action: TUserApplicationAction | 'apply';
    recipientUserId: string;
    to: TApplicationState;
    words: string | null;
  },
): Promise<void> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const { post, applicant } = options.record;
  const text = noticeText({
    action: options.action,
    actorName: fullName(viewer.user),
    applicantName: fullName(applicant),
    post,
    to: options.to,
  });
  const postUrl = webPaths.hub.jobDetail(hub.identifier, post.id, { isProject: post.jobFlow === 'project' });
  const payload = { applicationId: options.record.applicationId, postId: post.id, state: options.to };
  const type = options.action === 'apply' ? 'job.application-received' : 'job.application-updated';
  if (options.recipientUserId !== viewer.user.id) {
    const threadId = await conversationWith(ctx, { hubId: hub.id, otherUserId: options.recipientUserId });
    const linked = escapeHtml(text.sentence).replace(
      escapeHtml(post.title),
      `<a href="${escapeHtml(postUrl)}">${escapeHtml(post.title)}</a>`,
    );
    const html = sanitizeRichText(
      `<p>${linked}</p>${options.words ? `<p>“${escapeHtml(options.words)}”</p>` : ''}`,
    );
    const message = await appendMessage(ctx, {
      threadId,
      fromUserId: viewer.user.id,
      body: { html, text: richTextToPlain(html) },
      type: APPLICATION_MESSAGE_TYPE,
      isSystemMessage: true,
    });
    const [recipient] = await ctx.tx
      .select({ identifier: users.identifier })
      .from(users)
      .where(eq(users.id, options.recipientUserId))
      .limit(1);
    await notifyUsers(ctx.tx, {
      clusterId: ctx.clusterId,
      now: ctx.now,
      actorUserId: viewer.user.id,
      userIds: [options.recipientUserId],
      hubId: hub.id,
      type,
      title: text.title,
      url: webPaths.inboxThread(recipient?.identifier ?? options.recipientUserId, threadId),
      payload: { ...payload, threadId, messageId: message.id, messageType: 'message' },
    });
  }
  const isAdminOnOthersPost =
    post.ownerUserId !== viewer.user.id && post.ownerUserId !== options.recipientUserId;
  if (isAdminOnOthersPost) {
    await notifyUsers(ctx.tx, {
      clusterId: ctx.clusterId,
      now: ctx.now,
      actorUserId: viewer.user.id,
      userIds: [post.ownerUserId],
      hubId: hub.id,
      type: 'job.application-updated',
      title: text.sentence,
      url: postUrl,
      payload,
    });
  }
}

/**
 * Applies to a post of the request's hub (spec 6 Projects): the viewer must see it (else 404), and may make
 * a first application (canApplyProject for projects, audience; admins always); a post that requires a resume
 * needs one, and the resume must be one of the viewer's files. One application per post: a second, also a
 * concurrent one, answers 409. Tells the owner and completes the el_apply_opportunity action item.
 */
export async function applyToPost(
  ctx: TRequestContext,
  options: { postId: string; note: string; resumeFileId: string | null },
): Promise<string> {
  requireHubContributor(ctx);
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const post = await findApplicationPost(ctx.tx, { postId: options.postId, hubId: hub.id });
  if (!post || !maySeePost(ctx, post)) throw notFound('Post');
  requireMayApply(ctx, {
    post,
    hasApplied: await hasApplied(ctx.tx, { postId: post.id, userId: viewer.user.id }),
  });
  if (options.resumeFileId === null) {
    if (post.isResumeRequired) throw validationError({ resumeFileId: APPLICATION_RESUME_REQUIRED });
  } else if (
    !(await findOwnApplicationFile(ctx.tx, { fileId: options.resumeFileId, userId: viewer.user.id }))
  ) {
    throw validationError({ resumeFileId: APPLICATION_FILE_UNKNOWN });
  }
  const [row] = await ctx.tx
    .insert(jobApplications)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      postId: post.id,
      applicantUserId: viewer.user.id,
      note: options.note,
      resumeFileId: options.resumeFileId,
      status: 'applied',
      statusChangedAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .onConflictDoNothing({ target: [jobApplications.postId, jobApplications.applicantUserId] })
    .returning({ id: jobApplications.id });
  if (!row) {
    throw new AppError({
      statusCode: 409,
      code: 'already_applied',
      message: 'You have already applied to this opportunity.',
      userMessage: 'You have already applied to this opportunity.',
    });
  }
  // Outgoing webhooks (issue #23 item 3), queued in this transaction.
  await enqueueWebhookEvent(ctx.tx, {
    type: 'job.applied',
    data: { applicationId: row.id, jobPostId: post.id, userId: viewer.user.id, hub: hub.identifier },
    now: ctx.now,
  });
  await notifyOtherSide(ctx, {
    record: {
      applicationId: row.id,
      post,
      applicant: { ...viewer.user, headline: viewer.user.headline ?? null },
    },
    action: 'apply',
    recipientUserId: post.ownerUserId,
    to: 'applied',
    words: null,
  });
  await completeViewerActionItem(ctx, 'el_apply_opportunity', { hubIds: [hub.id] });
  await ctx.audit({ action: 'job_application.created', targetType: 'job_application', targetId: row.id });
  return row.id;
}

/** What a move writes besides the state: the submitted work, or the review. */
export type TMoveDetails =
  | { kind: 'decision'; message: string | null }
  | { kind: 'submission'; text: string | null; url: string | null; fileId: string | null }
  | { kind: 'review'; note: string | null };

/** The conflict of a move another request made first. */
function movedMeanwhile(): AppError {
  const message = 'This application was changed meanwhile. Reload it and try again.';
  return new AppError({ statusCode: 409, code: 'invalid_transition', message, userMessage: message });
}

/**
 * Makes one move of the status machine on an application of the request's hub (404 when the viewer may not
 * see it): the viewer's roles must allow it from its state today (403, or 409 when it moved on). The update
 * is conditional on the state read, so of two concurrent moves one answers 409. A project's hire starts at
 * notStarted and takes the calendar's moves at once (a start date already passed makes it inProgress).
 */
export async function moveApplication(
  ctx: TRequestContext,
  options: { applicationId: string; action: TUserApplicationAction; details: TMoveDetails },
): Promise<void> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const record = await findApplication(ctx.tx, { applicationId: options.applicationId, hubId: hub.id });
  if (!record) throw notFound('Application');
  const { post, application } = record;
  const state = currentState(record, ctx.now);
  const actors = viewerActors(ctx, {
    applicantUserId: application.applicantUserId,
    ownerUserId: post.ownerUserId,
    state,
  });
  if (actors.length === 0) throw notFound('Application');
  requireMove({ flow: post.jobFlow, state, action: options.action, actors });
  const transition = findApplicationTransition({ flow: post.jobFlow, from: state, action: options.action });
  if (!transition) throw new Error('move allowed without a transition');
  const target = targetState(record, transition, ctx.now);
  const stored = storedApplicationState(target);
  const { details } = options;
  if (details.kind === 'submission' && details.fileId !== null) {
    const file = await findOwnApplicationFile(ctx.tx, { fileId: details.fileId, userId: viewer.user.id });
    if (!file) throw validationError({ fileId: APPLICATION_FILE_UNKNOWN });
  }
  const updated = await ctx.tx
    .update(jobApplications)
    .set({
      status: stored.status,
      workStatus: stored.workStatus,
      statusChangedAt: ctx.now,
      updatedAt: ctx.now,
      ...(options.action === 'hire' ? { hiredAt: ctx.now } : {}),
      ...(details.kind === 'submission'
        ? {
            submissionText: details.text,
            submissionUrl: details.url,
            submissionFileId: details.fileId,
            submittedAt: ctx.now,
          }
        : {}),
      ...(details.kind === 'review'
        ? {
            reviewOutcome: target === 'completed' ? ('completed' as const) : ('notCompleted' as const),
            reviewNote: details.note,
            reviewedAt: ctx.now,
          }
        : {}),
    })
    .where(
      and(
        eq(jobApplications.id, application.id),
        eq(jobApplications.status, application.status),
        application.workStatus === null
          ? isNull(jobApplications.workStatus)
          : eq(jobApplications.workStatus, application.workStatus),
      ),
    )
    .returning({ id: jobApplications.id });
  if (updated.length === 0) throw movedMeanwhile();
  await refreshProjectStatus(ctx.tx, {
    post: { ...post, ownerTimezone: post.owner.timezone },
    now: ctx.now,
  });
  const recipientUserId = transition.notifies === 'owner' ? post.ownerUserId : application.applicantUserId;
  const words =
    details.kind === 'decision' ? details.message : details.kind === 'review' ? details.note : null;
  await notifyOtherSide(ctx, {
    record: { ...record, applicationId: application.id },
    action: options.action,
    recipientUserId,
    to: target,
    words: words ?? null,
  });
  await ctx.audit({
    action: `job_application.${options.action}`,
    targetType: 'job_application',
    targetId: application.id,
    data: { from: state, to: target },
  });
}

/** Where a transition leads today: a project's hire continues with the calendar's moves. */
function targetState(
  record: Pick<TApplicationRecord, 'post'>,
  transition: TApplicationTransition,
  now: Date,
): TApplicationState {
  return currentState({ post: record.post, state: transition.to }, now);
}

/**
 * Records a file the viewer uploaded for an application (already stored in their region): an 'attachment',
 * which the profile does not list; jobs/application-files removes one no application uses after a day.
 */
export async function recordApplicationFile(
  ctx: TRequestContext,
  file: { region: TDataRegion; key: string; mimeType: string; sizeBytes: number; originalName: string },
) {
  const viewer = ctx.requireViewer();
  const [row] = await ctx.tx
    .insert(userFiles)
    .values({
      clusterId: ctx.clusterId,
      userId: viewer.user.id,
      kind: 'attachment',
      region: file.region,
      storageKey: file.key,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      originalName: file.originalName,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('file insert returned no row');
  await ctx.audit({ action: 'job_application.file_upload', targetType: 'file', targetId: row.id });
  return row;
}
