import {
  ZGroupSettings,
  type ZCreateGroupRequest,
  type TGroupSettings,
  type TProgramAnswerValue,
  type TProgramRole,
  type TUpdateGroupRequest,
} from '@commons/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { groupMemberships, groups } from '../../db/schema/index.js';
import { AppError, conflict, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  fixedRole,
  isActingAdminMembership,
  joinBlockedMessage,
  programJoinResult,
  requireGroupCreator,
  requireJoinable,
  selectableRoles,
  type TGroupAccess,
  type TGroupRow,
} from './groups.policy.js';
import { findGroup, listQuestions } from './groups.queries.js';
import { requireCoverImage } from '../link-previews/cover-images.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { awardHubActivityBadges } from '../badges/badges.commands.js';
import { checkRegistrationAnswers } from './registration-answers.js';

/** A URL-safe identifier from a name: lower case, ASCII letters, digits and dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? 'group' : slug;
}

/** Columns derived from the name, description and settings. */
function derivedColumns(values: { name: string; description: string; settings: TGroupSettings }) {
  return {
    sortName: values.name.toLowerCase(),
    searchText: `${values.name} ${values.description}`.toLowerCase(),
    hiddenForUserTypeIds: values.settings.visibleToUserType
      .filter((v) => !v.isVisibleToGroup)
      .map((v) => v.id),
  };
}

/** Timeframes whose end lies before their start are refused (spec 5 Dates). */
export function checkTimelines(settings: TGroupSettings): void {
  const fields: Record<string, string> = {};
  const check = (key: string, frame: { start: string | null; end: string | null } | null) => {
    if (!frame?.start || !frame.end) return;
    // Both forms (YYYY-MM-DD and ISO date-time) start with the calendar day.
    if (frame.end.slice(0, 10) < frame.start.slice(0, 10))
      fields[key] = 'End date should be after start date.';
  };
  const frames = settings.timelines.applicationTimeFrame;
  if (!frames.mentee?.noEndDate) check('settings.timelines.applicationTimeFrame.mentee.end', frames.mentee);
  if (!frames.mentor?.noEndDate) check('settings.timelines.applicationTimeFrame.mentor.end', frames.mentor);
  check('settings.timelines.favorite.end', settings.timelines.favorite);
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/**
 * Creates a group, program or organization in the request's hub (hub admins with the groups right, or
 * programs for mentorship programs). The creator becomes its first admin. The identifier is the name's
 * slug, with a random suffix when the slug is taken anywhere in the cluster.
 */
export async function createGroup(
  ctx: TRequestContext,
  body: z.output<typeof ZCreateGroupRequest>,
): Promise<TGroupRow> {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  requireGroupCreator(ctx, body.groupType);
  const settings = ZGroupSettings.parse(body.settings);
  checkTimelines(settings);
  const coverImageUrl = await requireCoverImage(ctx, body.coverImageUrl ?? null, hub.id);
  const base = slugify(body.name);
  let group: TGroupRow | undefined;
  for (let attempt = 0; attempt < 5 && !group; attempt++) {
    const identifier = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    if (attempt === 0 && (await findGroup(ctx.tx, identifier))) continue;
    // A savepoint, so a clash with a group of a hub this viewer cannot see only retries.
    group = await unlessUniqueViolation(ctx.tx, async (sp) => {
      const [row] = await sp
        .insert(groups)
        .values({
          clusterId: ctx.clusterId,
          hubId: hub.id,
          identifier,
          groupType: body.groupType,
          name: body.name,
          description: body.description,
          about: body.about,
          joinPolicy: body.joinPolicy,
          isHidden: body.isHidden,
          coverImageUrl,
          settings,
          ...derivedColumns({ name: body.name, description: body.description, settings }),
          createdByUserId: viewer.user.id,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      return row;
    });
  }
  if (!group) throw conflict('Please choose another name.', { name: 'A group with a similar name exists.' });
  await ctx.tx.insert(groupMemberships).values({
    clusterId: ctx.clusterId,
    hubId: hub.id,
    groupId: group.id,
    userId: viewer.user.id,
    isAdmin: true,
    approved: true,
    completedRegistrationDate: ctx.now,
    userJoinedAt: ctx.now,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'group.create',
    targetType: 'group',
    targetId: group.id,
    data: { groupType: body.groupType },
  });
  return { ...group, settings };
}

/** Edits about, join policy, visibility and settings (spec 3 Group settings, validated whole). */
export async function updateGroup(
  ctx: TRequestContext,
  access: TGroupAccess,
  body: TUpdateGroupRequest,
): Promise<TGroupRow> {
  const { group } = access;
  const settings = body.settings
    ? ZGroupSettings.parse({ ...group.settings, ...body.settings })
    : group.settings;
  checkTimelines(settings);
  const name = body.name ?? group.name;
  const description = body.description ?? group.description;
  const coverImageUrl =
    body.coverImageUrl === undefined
      ? group.coverImageUrl
      : await requireCoverImage(ctx, body.coverImageUrl, group.hubId);
  const [row] = await ctx.tx
    .update(groups)
    .set({
      name,
      description,
      about: body.about ?? group.about,
      joinPolicy: body.joinPolicy ?? group.joinPolicy,
      isHidden: body.isHidden ?? group.isHidden,
      coverImageUrl,
      settings,
      ...derivedColumns({ name, description, settings }),
      updatedAt: ctx.now,
    })
    .where(eq(groups.id, group.id))
    .returning();
  if (!row) throw new Error('group update returned no row');
  await ctx.audit({
    action: 'group.update',
    targetType: 'group',
    targetId: group.id,
    data: { fields: Object.keys(body) },
  });
  return { ...row, settings };
}

/** A blocked program join: 403 with the spec 8 message and the spec 4 result status. */
function joinBlocked(
  access: TGroupAccess,
  result: Exclude<ReturnType<typeof programJoinResult>, 'allow'>,
): AppError {
  const message = joinBlockedMessage(access, result) ?? 'This program is not accepting registrations.';
  return new AppError({
    statusCode: 403,
    code: 'join_window_closed',
    message: `Join blocked: ${result}`,
    userMessage: message,
    details: { result },
  });
}

/**
 * Joins a group or registers in a program (issue #6 Joining). Groups and organizations: open ones join
 * at once, request-to-join ones wait for a group admin, invite-only ones only take invitees. Programs:
 * the role is chosen (among the open windows; both only with allowBoth) or fixed by the invitation,
 * the spec 4 application windows decide, the registration questions of the role are answered (spec 5),
 * then the member joins at once (open, or invited) or waits for approval (request). An invitee who
 * completes registration is approved.
 */
export async function joinGroup(
  ctx: TRequestContext,
  access: TGroupAccess,
  body: { role?: TProgramRole | undefined; answers: Record<string, TProgramAnswerValue> },
): Promise<{ result: 'allow'; status: 'approved' | 'pending' }> {
  const { group } = access;
  const viewer = ctx.requireViewer();
  const { isInvited } = requireJoinable(access);
  const existing = access.membership;

  let role: TProgramRole | null = null;
  let answers: Record<string, TProgramAnswerValue> = {};
  if (group.groupType === 'mentorshipProgram') {
    const fixed = fixedRole(access);
    if (fixed === null && body.role === undefined)
      throw validationError({ role: 'Choose whether you join as a mentor or a mentee.' });
    if (fixed === null && body.role === 'both' && !group.settings.allowBoth)
      throw validationError({ role: 'This program does not allow joining as both.' });
    role = fixed ?? body.role ?? null;
    const result = programJoinResult(access, role);
    if (result !== 'allow') throw joinBlocked(access, result);
    if (fixed === null && role !== null && !selectableRoles(access).includes(role))
      throw validationError({ role: 'Choose one of the open roles.' });
    if (role === null) throw validationError({ role: 'Choose a role.' });
    const checked = checkRegistrationAnswers({
      questions: await listQuestions(ctx.tx, group.id),
      role,
      answers: body.answers,
    });
    if (Object.keys(checked.errors).length > 0) throw validationError(checked.errors);
    answers = checked.answers;
  }

  const isApproved = isInvited || group.joinPolicy === 'open';
  const values = {
    role: role ?? existing?.role ?? null,
    approved: isApproved ? true : null,
    completedRegistrationDate: ctx.now,
    userJoinedAt: isApproved ? ctx.now : null,
    answers,
    updatedAt: ctx.now,
  };
  if (existing) {
    await ctx.tx.update(groupMemberships).set(values).where(eq(groupMemberships.id, existing.id));
  } else {
    await ctx.tx.insert(groupMemberships).values({
      ...values,
      clusterId: ctx.clusterId,
      hubId: group.hubId,
      groupId: group.id,
      userId: viewer.user.id,
      importStatus: 'joined',
      createdAt: ctx.now,
    });
  }
  await ctx.audit({
    action: isInvited ? 'group.register_invited' : 'group.join',
    targetType: 'group',
    targetId: group.id,
    data: { role, status: isApproved ? 'approved' : 'pending' },
  });
  // Registration is complete even while a request waits for approval (issue #18 item 4).
  await completeViewerActionItem(ctx, 'group_register', { hubIds: [group.hubId] });
  if (isApproved)
    await awardHubActivityBadges(ctx, {
      userIds: [viewer.user.id],
      hubId: group.hubId,
      kind: 'groups_joined',
    });
  return { result: 'allow', status: isApproved ? 'approved' : 'pending' };
}

/**
 * Leaves a group: withdraws a request, declines an invitation or ends a membership. The last acting
 * admin of a group with other members must first hand the group to someone else.
 */
export async function leaveGroup(ctx: TRequestContext, access: TGroupAccess): Promise<void> {
  const m = access.membership;
  if (!m) throw conflict('You are not a member of this group.');
  if (isActingAdminMembership(m)) {
    const [others] = await ctx.tx
      .select({
        admins: sql<number>`count(*) filter (where ${groupMemberships.isAdmin} and not ${groupMemberships.isViewOnlyAdmin} and ${groupMemberships.approved} = true)::int`,
        members: sql<number>`count(*)::int`,
      })
      .from(groupMemberships)
      .where(and(eq(groupMemberships.groupId, access.group.id), ne(groupMemberships.id, m.id)));
    if (others && others.members > 0 && others.admins === 0)
      throw conflict('Make another member an admin before you leave.');
  }
  await ctx.tx.delete(groupMemberships).where(eq(groupMemberships.id, m.id));
  await ctx.audit({ action: 'group.leave', targetType: 'group', targetId: access.group.id });
}
