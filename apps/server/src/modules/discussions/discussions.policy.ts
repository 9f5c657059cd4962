import { canAcceptAnswer, type TViewerRoles } from '@commons/domain';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { canSeeGroup, groupRoles, requireHubReader, viewerRoles } from '../content/content.policy.js';
import { findQuestion, type TQuestionRow } from './discussions.queries.js';

/**
 * Reading a board needs hub readership, and for a group's board that the viewer may see the group:
 * else 403 (the group's board says it is for members).
 */
export async function requireVisibleGroup(ctx: TRequestContext, groupId: string | null): Promise<void> {
  requireHubReader(ctx);
  if (groupId !== null && !(await canSeeGroup(ctx, groupId)))
    throw forbidden('Only group members can see its discussion.');
}

/** Whether the viewer reads the question: approved and visible, or its author, or an approver. */
export async function canReadQuestion(ctx: TRequestContext, question: TQuestionRow): Promise<boolean> {
  const viewerId = ctx.viewer?.user.id ?? null;
  const isAuthor = viewerId !== null && question.authorId === viewerId;
  if (question.hiddenAt !== null && !ctx.hasRight('approve-questions')) return false;
  if (question.status !== 'approved' && !isAuthor && !ctx.hasRight('approve-questions')) return false;
  return canSeeGroup(ctx, question.groupId, { isOwner: isAuthor });
}

/** The question, readable by the viewer, or 404. */
export async function requireReadableQuestion(ctx: TRequestContext, id: string): Promise<TQuestionRow> {
  const row = await findQuestion(ctx.tx, { hubId: ctx.requireHub().id, id });
  if (!row || !(await canReadQuestion(ctx, row.question))) throw notFound('Question');
  return row.question;
}

/**
 * The viewer as the accepted-answer rule of issue #16 item 18 sees them (domain `canAcceptAnswer`): their
 * roles, including their standing in the question's group, and whether they asked the question.
 */
export async function acceptAnswerViewer(
  ctx: TRequestContext,
  question: TQuestionRow,
): Promise<{ viewer: TViewerRoles; isSignedIn: boolean; isQuestionAuthor: boolean }> {
  const viewerId = ctx.viewer?.user.id ?? null;
  const role = question.groupId ? (await groupRoles(ctx)).get(question.groupId) : undefined;
  return {
    viewer: viewerRoles(ctx, {
      isGroupAdmin: role?.isAdmin ?? false,
      isViewOnlyAdmin: role?.isViewOnlyAdmin ?? false,
    }),
    isSignedIn: viewerId !== null,
    isQuestionAuthor: viewerId !== null && question.authorId === viewerId,
  };
}

/**
 * Whether the viewer may accept, move or take back the accepted answer of the question: its author, or
 * a moderator of the discussion as for pins (super, cluster or hub admin, or an admin of the question's
 * group who is not view-only), while the question is approved.
 */
export async function mayAcceptAnswer(ctx: TRequestContext, question: TQuestionRow): Promise<boolean> {
  return question.status === 'approved' && canAcceptAnswer(await acceptAnswerViewer(ctx, question));
}
