import type { TProgramQuestionInput, TUpdateMemberRequest } from '@commons/contract';
import { ZProgramQuestionInput } from '@commons/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { groupMemberships, groupQuestions, users } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { awardHubActivityBadges } from '../badges/badges.commands.js';
import { enqueueMail } from '../mail/mail.commands.js';
import {
  isActingAdminMembership,
  membershipStatus,
  type TGroupAccess,
  type TGroupMembershipRow,
} from './groups.policy.js';
import type { TQuestionRow } from './groups.queries.js';

/** A member of the group by user id, or 404. */
export async function requireMember(
  ctx: TRequestContext,
  access: TGroupAccess,
  userId: string,
): Promise<TGroupMembershipRow> {
  const [row] = await ctx.tx
    .select()
    .from(groupMemberships)
    .where(and(eq(groupMemberships.groupId, access.group.id), eq(groupMemberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Member');
  return row;
}

/** A group keeps at least one acting admin while it has other members. */
async function requireAnotherAdmin(
  ctx: TRequestContext,
  access: TGroupAccess,
  member: TGroupMembershipRow,
): Promise<void> {
  if (!isActingAdminMembership(member)) return;
  const [others] = await ctx.tx
    .select({
      admins: sql<number>`count(*) filter (where ${groupMemberships.isAdmin} and not ${groupMemberships.isViewOnlyAdmin} and ${groupMemberships.approved} = true)::int`,
    })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.groupId, access.group.id), ne(groupMemberships.id, member.id)));
  if (!others || others.admins === 0)
    throw conflict('A group needs at least one admin. Make another member an admin first.');
}

async function mailMember(
  ctx: TRequestContext,
  access: TGroupAccess,
  userId: string,
  mail: { subject: string; text: string },
): Promise<void> {
  const [user] = await ctx.tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  await enqueueMail(ctx.tx, ctx.clusterId, {
    to: user.email,
    subject: mail.subject,
    text: `Hi ${user.firstName},\n\n${mail.text}\n`,
  });
}

/** Approves or declines a pending request to join; the member hears of it by mail. */
export async function decideMember(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { userId: string; decision: 'approve' | 'reject' },
): Promise<void> {
  const member = await requireMember(ctx, access, options.userId);
  if (membershipStatus(member) !== 'pending')
    throw conflict('Only pending requests can be approved or declined.');
  const isApproved = options.decision === 'approve';
  await ctx.tx
    .update(groupMemberships)
    .set({ approved: isApproved, userJoinedAt: isApproved ? ctx.now : null, updatedAt: ctx.now })
    .where(eq(groupMemberships.id, member.id));
  const name = access.group.name;
  await mailMember(
    ctx,
    access,
    member.userId,
    isApproved
      ? { subject: `You have joined ${name}`, text: `Your request to join ${name} was approved. Welcome!` }
      : { subject: `Your request to join ${name}`, text: `Your request to join ${name} was not approved.` },
  );
  await ctx.audit({
    action: `group.member.${options.decision}`,
    targetType: 'group',
    targetId: access.group.id,
    data: { userId: member.userId },
  });
  if (isApproved)
    await awardHubActivityBadges(ctx, {
      userIds: [member.userId],
      hubId: access.group.hubId,
      kind: 'groups_joined',
    });
}

/** Removes a member, a pending request or an invitation. */
export async function removeMember(
  ctx: TRequestContext,
  access: TGroupAccess,
  userId: string,
): Promise<void> {
  const member = await requireMember(ctx, access, userId);
  await requireAnotherAdmin(ctx, access, member);
  await ctx.tx.delete(groupMemberships).where(eq(groupMemberships.id, member.id));
  await ctx.audit({
    action: 'group.member.remove',
    targetType: 'group',
    targetId: access.group.id,
    data: { userId },
  });
}

/**
 * Sets a member's program role, admin and view-only admin flags (spec 6 Group roles, view-only
 * admins): a view-only admin is an admin who may not edit; roles exist only in programs.
 */
export async function updateMember(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { userId: string; changes: TUpdateMemberRequest },
): Promise<TGroupMembershipRow> {
  const member = await requireMember(ctx, access, options.userId);
  const { changes } = options;
  if (changes.role !== undefined && changes.role !== null && access.group.groupType !== 'mentorshipProgram') {
    throw validationError({ role: 'Only program members have a mentor or mentee role.' });
  }
  let isAdmin = changes.isAdmin ?? member.isAdmin;
  let isViewOnlyAdmin = changes.isViewOnlyAdmin ?? member.isViewOnlyAdmin;
  if (changes.isViewOnlyAdmin === true) isAdmin = true;
  if (!isAdmin) isViewOnlyAdmin = false;
  if (isAdmin && member.approved !== true) throw conflict('Approve this member before making them an admin.');
  const next = { ...member, isAdmin, isViewOnlyAdmin };
  if (isActingAdminMembership(member) && !isActingAdminMembership(next))
    await requireAnotherAdmin(ctx, access, member);
  const [row] = await ctx.tx
    .update(groupMemberships)
    .set({
      role: changes.role === undefined ? member.role : changes.role,
      isAdmin,
      isViewOnlyAdmin,
      updatedAt: ctx.now,
    })
    .where(eq(groupMemberships.id, member.id))
    .returning();
  if (!row) throw new Error('member update returned no row');
  await ctx.audit({
    action: 'group.member.update',
    targetType: 'group',
    targetId: access.group.id,
    data: { userId: member.userId, ...changes },
  });
  return row;
}

/** Program questions only: list questions need options. */
function checkQuestion(access: TGroupAccess, input: ReturnType<typeof ZProgramQuestionInput.parse>): void {
  if (access.group.groupType !== 'mentorshipProgram')
    throw validationError({ questionType: 'Only programs have registration questions.' });
  if (input.questionType === 'list' && input.options.length === 0)
    throw validationError({ options: 'A list question needs options.' });
}

/** Adds a registration question to a program. */
export async function createQuestion(
  ctx: TRequestContext,
  access: TGroupAccess,
  body: TProgramQuestionInput,
): Promise<TQuestionRow> {
  const input = ZProgramQuestionInput.parse(body);
  checkQuestion(access, input);
  const [last] = await ctx.tx
    .select({ order: sql<number>`coalesce(max(${groupQuestions.order}), -1)::int` })
    .from(groupQuestions)
    .where(and(eq(groupQuestions.groupId, access.group.id), eq(groupQuestions.isActive, true)));
  const [row] = await ctx.tx
    .insert(groupQuestions)
    .values({
      ...input,
      order: input.order ?? Math.min(1000, (last?.order ?? -1) + 1),
      clusterId: ctx.clusterId,
      hubId: access.group.hubId,
      groupId: access.group.id,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('question insert returned no row');
  await ctx.audit({
    action: 'group.question.create',
    targetType: 'group',
    targetId: access.group.id,
    data: { questionId: row.id },
  });
  return row;
}

/** Replaces a registration question; stored answers stay. */
export async function updateQuestion(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { questionId: string; body: TProgramQuestionInput },
): Promise<TQuestionRow> {
  const input = ZProgramQuestionInput.parse(options.body);
  checkQuestion(access, input);
  const [row] = await ctx.tx
    .update(groupQuestions)
    .set(input)
    .where(
      and(
        eq(groupQuestions.id, options.questionId),
        eq(groupQuestions.groupId, access.group.id),
        eq(groupQuestions.isActive, true),
      ),
    )
    .returning();
  if (!row) throw notFound('Question');
  return row;
}

/** Retires a registration question (answers are kept for the record). */
export async function deleteQuestion(
  ctx: TRequestContext,
  access: TGroupAccess,
  questionId: string,
): Promise<void> {
  const rows = await ctx.tx
    .update(groupQuestions)
    .set({ isActive: false })
    .where(
      and(
        eq(groupQuestions.id, questionId),
        eq(groupQuestions.groupId, access.group.id),
        eq(groupQuestions.isActive, true),
      ),
    )
    .returning({ id: groupQuestions.id });
  if (rows.length === 0) throw notFound('Question');
}
