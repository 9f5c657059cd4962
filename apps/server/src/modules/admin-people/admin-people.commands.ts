import type { TSwitchUserTypeRequest } from '@commons/contract';
import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm';
import { adminAccessRights, directoryEntries, hubMemberships, userTypes } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { THubRow, TRequestContext } from '../../plugins/request-context.js';
import { assertMayRemoveAdmin, assertRightsManageable, isPlatformAdmin } from './admin-people.policy.js';
import { hubAdminRows, hubMemberRow, lockedHoldersOf, type THubAdminRow } from './admin-people.queries.js';

const MANAGE_ADMINS = 'manage-admins';

/** The admin `userId` of the hub, or 404 (not a member of this hub) / 409 (a member but not an admin). */
async function adminOf(ctx: TRequestContext, hub: THubRow, userId: string): Promise<THubAdminRow> {
  const [admin] = await hubAdminRows(ctx.tx, { hubId: hub.id, userIds: [userId] });
  if (admin) return admin;
  const member = await hubMemberRow(ctx.tx, { hubId: hub.id, userId });
  if (!member) throw notFound('Member');
  throw conflict('This member is not an admin of the hub. Make them an admin first.');
}

/**
 * Refuses a change that would leave the hub without an admin who can manage admins: `userId` is losing
 * manage-admins (revoked, or removed as admin) and no other admin holds it (the admins' rows stay locked).
 */
async function assertNotLastManager(ctx: TRequestContext, hub: THubRow, userId: string): Promise<void> {
  const holders = await lockedHoldersOf(ctx.tx, { hubId: hub.id, right: MANAGE_ADMINS });
  if (holders.includes(userId) && holders.length === 1)
    throw conflict(
      'This is the last admin who can manage admins in this hub. Give another admin the manage-admins right first.',
    );
}

/** manage-admins: makes an approved member of the hub an admin with `rights` (audited). */
export async function makeAdmin(
  ctx: TRequestContext,
  options: { hub: THubRow; userId: string; rights: readonly string[] },
): Promise<THubAdminRow> {
  const { hub } = options;
  const rights = [...new Set(options.rights)];
  assertRightsManageable(ctx, hub, rights);
  const member = await hubMemberRow(ctx.tx, { hubId: hub.id, userId: options.userId });
  if (!member) throw notFound('Member');
  if (member.membership.isAdmin) throw conflict('This member is already an admin of the hub.');
  if (member.membership.approved !== true)
    throw conflict('Only approved members can be made admins. Approve their membership first.');
  await ctx.tx
    .update(hubMemberships)
    .set({ isAdmin: true })
    .where(eq(hubMemberships.id, member.membership.id));
  // Rights left over from an earlier admin role are dropped, so the new role holds exactly `rights`.
  await ctx.tx
    .delete(adminAccessRights)
    .where(and(eq(adminAccessRights.hubId, hub.id), eq(adminAccessRights.userId, options.userId)));
  if (rights.length > 0)
    await ctx.tx
      .insert(adminAccessRights)
      .values(
        rights.map((right) => ({ clusterId: ctx.clusterId, hubId: hub.id, userId: options.userId, right })),
      );
  await ctx.audit({
    action: 'admin.admin_added',
    targetType: 'user',
    targetId: options.userId,
    data: { before: { isAdmin: false, rights: [] }, after: { isAdmin: true, rights: [...rights].sort() } },
  });
  return adminOf(ctx, hub, options.userId);
}

/**
 * manage-admins: grants or revokes one right of a hub admin (audited when it changes). An admin may not take
 * manage-admins from themself, and the hub keeps at least one admin holding it (lock-out guards).
 */
export async function setAdminRight(
  ctx: TRequestContext,
  options: { hub: THubRow; userId: string; right: string; isGranted: boolean },
): Promise<THubAdminRow> {
  const { hub, userId, right } = options;
  assertRightsManageable(ctx, hub, [right]);
  const admin = await adminOf(ctx, hub, userId);
  const isHeld = admin.rights.includes(right);
  if (isHeld === options.isGranted) return admin;
  if (!options.isGranted && right === MANAGE_ADMINS) {
    if (userId === ctx.viewer?.user.id && !isPlatformAdmin(ctx))
      throw conflict(
        'You cannot remove your own manage-admins right: you would lock yourself out. Ask another admin.',
      );
    await assertNotLastManager(ctx, hub, userId);
  }
  if (options.isGranted)
    await ctx.tx
      .insert(adminAccessRights)
      .values({ clusterId: ctx.clusterId, hubId: hub.id, userId, right })
      .onConflictDoNothing();
  else
    await ctx.tx
      .delete(adminAccessRights)
      .where(
        and(
          eq(adminAccessRights.hubId, hub.id),
          eq(adminAccessRights.userId, userId),
          eq(adminAccessRights.right, right),
        ),
      );
  const after = options.isGranted ? [...admin.rights, right].sort() : admin.rights.filter((r) => r !== right);
  await ctx.audit({
    action: options.isGranted ? 'admin.right_granted' : 'admin.right_revoked',
    targetType: 'user',
    targetId: userId,
    data: { right, before: { rights: admin.rights }, after: { rights: after } },
  });
  return { ...admin, rights: after };
}

/**
 * manage-admins: removes a hub admin and their rights; they stay a member (audited). Not oneself, not the
 * last admin holding manage-admins, and only an admin whose rights the viewer holds too.
 */
export async function removeAdmin(
  ctx: TRequestContext,
  options: { hub: THubRow; userId: string },
): Promise<void> {
  const { hub, userId } = options;
  const admin = await adminOf(ctx, hub, userId);
  if (userId === ctx.viewer?.user.id && !isPlatformAdmin(ctx))
    throw conflict('You cannot remove yourself as an admin. Ask another admin.');
  assertMayRemoveAdmin(ctx, hub, admin.rights);
  if (admin.rights.includes(MANAGE_ADMINS)) await assertNotLastManager(ctx, hub, userId);
  await ctx.tx
    .delete(adminAccessRights)
    .where(and(eq(adminAccessRights.hubId, hub.id), eq(adminAccessRights.userId, userId)));
  await ctx.tx
    .update(hubMemberships)
    .set({ isAdmin: false })
    .where(eq(hubMemberships.id, admin.membership.id));
  await ctx.audit({
    action: 'admin.admin_removed',
    targetType: 'user',
    targetId: userId,
    data: { before: { isAdmin: true, rights: admin.rights }, after: { isAdmin: false, rights: [] } },
  });
}

/**
 * switch-user-types: gives members of the hub another user type, in two statements whatever their number
 * (memberships and directory entries), with one audit entry listing each member's before and after.
 */
export async function switchUserType(
  ctx: TRequestContext,
  options: { hub: THubRow } & TSwitchUserTypeRequest,
): Promise<{ changed: number; userType: { id: string; title: string } }> {
  const { hub } = options;
  const [type] = await ctx.tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hub.id), eq(userTypes.id, options.userTypeId)))
    .limit(1);
  if (!type) throw validationError({ userTypeId: 'Choose a user type of this hub.' });
  if (type.isDisabled) throw validationError({ userTypeId: `The user type ${type.title} is turned off.` });
  const userIds = [...new Set(options.userIds)];
  const members = await ctx.tx
    .select({ userId: hubMemberships.userId, userTypeId: hubMemberships.userTypeId, title: userTypes.title })
    .from(hubMemberships)
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(and(eq(hubMemberships.hubId, hub.id), inArray(hubMemberships.userId, userIds)));
  // A user of another hub or cluster is not found here, like one that does not exist.
  if (members.length !== userIds.length) throw notFound('Member');
  const changing = members.filter((m) => m.userTypeId !== type.id);
  const result = { changed: changing.length, userType: { id: type.id, title: type.title } };
  if (changing.length === 0) return result;
  const changingIds = changing.map((m) => m.userId);
  const isOtherType = or(ne(hubMemberships.userTypeId, type.id), isNull(hubMemberships.userTypeId));
  await ctx.tx
    .update(hubMemberships)
    .set({ userTypeId: type.id })
    .where(and(eq(hubMemberships.hubId, hub.id), inArray(hubMemberships.userId, changingIds), isOtherType));
  await ctx.tx
    .update(directoryEntries)
    .set({ userTypeId: type.id })
    .where(and(eq(directoryEntries.hubId, hub.id), inArray(directoryEntries.userId, changingIds)));
  await ctx.audit({
    action: 'admin.user_type_switched',
    targetType: 'user',
    ...(changing.length === 1 && changing[0] ? { targetId: changing[0].userId } : {}),
    data: {
      userType: result.userType,
      changes: changing.map((m) => ({
        userId: m.userId,
        before: m.userTypeId === null ? null : { id: m.userTypeId, title: m.title },
        after: result.userType,
      })),
    },
  });
  return result;
}
