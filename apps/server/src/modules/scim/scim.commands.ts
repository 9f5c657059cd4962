import type { TScimGroupRequest, TScimPatchOperation, TScimUserRequest } from '@commons/contract';
import { ZScimBoolean, ZScimEmail } from '@commons/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TTx } from '../../db/client.js';
import {
  hubMemberships,
  hubs,
  refreshSessions,
  scimGroupMembers,
  scimGroups,
  scimTokens,
  scimUsers,
  users,
} from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { markAccountForDeletion } from '../account/account.commands.js';
import { revokeSignInLinks, uniqueIdentifier } from '../auth/auth.commands.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { applyNotificationDefaults } from '../hub-welcome/hub-welcome.commands.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';
import { ScimError, scimNotFound } from './scim.errors.js';
import { parseScimPath, type TScimPath } from './scim.filter.js';
import {
  findScimGroup,
  findScimUser,
  isUuid,
  managedUserIds,
  scimGroupMembersOf,
  userIdByEmail,
  type TScimGroupRow,
  type TScimUserRow,
} from './scim.queries.js';

/** A SCIM request of the cluster, acting with the cluster-wide scope after its token was verified. */
export type TScimContext = TRequestContext & { scimTokenId: string };

/** Notes when a token was last used (shown in sso-settings). */
export async function recordScimTokenUse(tx: TTx, options: { id: string; now: Date }): Promise<void> {
  await tx.update(scimTokens).set({ lastUsedAt: options.now }).where(eq(scimTokens.id, options.id));
}

/** What SCIM may change of a user. */
type TUserState = {
  userName: string;
  givenName: string;
  familyName: string;
  /** The primary email the provider sent; the account's address is userName unless only this changed. */
  email: string;
  active: boolean;
  externalId: string | null;
};

const ZEmailAddress = z.string().trim().toLowerCase().email().max(254);

function stateOf(row: TScimUserRow): TUserState {
  return {
    userName: row.user.email,
    givenName: row.user.firstName,
    familyName: row.user.lastName,
    email: row.user.email,
    active: row.scim?.isActive ?? true,
    externalId: row.scim?.externalId ?? null,
  };
}

function invalidValue(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidValue');
}

/** userName is the person's email address (they sign in by SSO with it). */
function emailAddress(value: string, attribute: string): string {
  const parsed = ZEmailAddress.safeParse(value);
  if (!parsed.success) throw invalidValue(`${attribute} must be an email address`);
  return parsed.data;
}

/** The address among `emails`: the primary one, else the work one, else the first. */
function primaryEmail(
  emails: ReadonlyArray<{ value: string; type?: string | null; primary?: boolean | null }>,
) {
  return (emails.find((e) => e.primary) ?? emails.find((e) => e.type === 'work') ?? emails[0])?.value;
}

/** Names from `name`, else split from displayName, else the address's local part. */
function namesOf(body: TScimUserRequest, userName: string): { givenName: string; familyName: string } {
  const given = body.name?.givenName ?? null;
  const family = body.name?.familyName ?? null;
  if (given !== null || family !== null) return { givenName: given ?? '', familyName: family ?? '' };
  const display = (body.displayName ?? body.name?.formatted ?? '').trim();
  if (display) {
    const [first, ...rest] = display.split(/\s+/);
    return { givenName: first ?? '', familyName: rest.join(' ') };
  }
  return { givenName: userName.split('@')[0] ?? userName, familyName: '' };
}

/** POST /Users: a cluster account with a verified address and no password (the person signs in by SSO). */
export async function createScimUser(ctx: TScimContext, body: TScimUserRequest): Promise<string> {
  const userName = emailAddress(body.userName, 'userName');
  if (await userIdByEmail(ctx.tx, userName))
    throw new ScimError(409, `A user with userName ${userName} already exists`, 'uniqueness');
  const { givenName, familyName } = namesOf(body, userName);
  const [row] = await ctx.tx
    .insert(users)
    .values({
      clusterId: ctx.clusterId,
      identifier: await uniqueIdentifier(ctx.tx, `${givenName}-${familyName}`),
      firstName: givenName,
      lastName: familyName,
      email: userName,
      emailVerified: true,
      passwordHash: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  await ctx.tx.insert(scimUsers).values({
    userId: row.id,
    clusterId: ctx.clusterId,
    externalId: body.externalId ?? null,
    isActive: body.active ?? true,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'scim.user_created',
    targetType: 'user',
    targetId: row.id,
    data: { tokenId: ctx.scimTokenId, userName, active: body.active ?? true },
  });
  return row.id;
}

/** PUT /Users/:id: the attributes given replace the stored ones (active, when left out, stays as it is). */
export async function replaceScimUser(ctx: TScimContext, id: string, body: TScimUserRequest): Promise<void> {
  const row = await requireScimUser(ctx.tx, id);
  const before = stateOf(row);
  const userName = emailAddress(body.userName, 'userName');
  const names = namesOf(body, userName);
  await saveUserState(ctx, row, before, {
    userName,
    ...names,
    email: userName,
    active: body.active ?? before.active,
    externalId: body.externalId ?? null,
  });
}

/** PATCH /Users/:id (RFC 7644 3.5.2): operations apply in order to the user's state, then it is saved once. */
export async function patchScimUser(
  ctx: TScimContext,
  id: string,
  operations: readonly TScimPatchOperation[],
): Promise<void> {
  const row = await requireScimUser(ctx.tx, id);
  const before = stateOf(row);
  const after = { ...before };
  for (const operation of operations) {
    if (operation.path === undefined || operation.path === '') {
      // No path: the value holds attributes, nested ({"name": {...}}) or dotted ("name.givenName").
      if (operation.op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
      if (!isPlainObject(operation.value))
        throw invalidValue('Without a path, the value must be an object of attributes');
      for (const [key, value] of Object.entries(operation.value)) {
        const path = parseScimPath(key);
        if (path) applyUserOperation(after, operation.op, path, value);
      }
      continue;
    }
    const path = parseScimPath(operation.path);
    if (path) applyUserOperation(after, operation.op, path, operation.value);
  }
  // userName and emails are the same address: a change of userName wins, else a change of the email.
  if (after.userName !== before.userName) after.email = after.userName;
  else if (after.email !== before.email) after.userName = after.email;
  await saveUserState(ctx, row, before, after);
}

function applyUserOperation(
  state: TUserState,
  op: TScimPatchOperation['op'],
  path: TScimPath,
  value: unknown,
): void {
  const isRemove = op === 'remove';
  switch (path.attribute) {
    case 'username':
      if (isRemove) throw new ScimError(400, 'userName is required and cannot be removed', 'mutability');
      state.userName = emailAddress(stringValue(value, 'userName'), 'userName');
      return;
    case 'active':
      if (isRemove) return;
      state.active = booleanValue(value, 'active');
      return;
    case 'externalid':
      state.externalId = isRemove || value === null ? null : stringValue(value, 'externalId').slice(0, 255);
      return;
    case 'name': {
      const sub = path.subAttribute;
      if (sub === 'givenname' || sub === 'familyname') {
        const text = isRemove || value === null ? '' : stringValue(value, `name.${sub}`).trim().slice(0, 100);
        if (sub === 'givenname') state.givenName = text;
        else state.familyName = text;
        return;
      }
      if (sub !== null) return; // name.formatted and the like are derived here
      if (isRemove) {
        state.givenName = '';
        state.familyName = '';
        return;
      }
      if (!isPlainObject(value)) throw invalidValue('name must be an object');
      for (const [key, part] of Object.entries(value))
        applyUserOperation(
          state,
          op,
          { attribute: 'name', filter: null, subAttribute: key.toLowerCase() },
          part,
        );
      return;
    }
    case 'emails': {
      if (isRemove) return; // the account keeps its address (userName)
      if (
        path.subAttribute === 'value' ||
        (path.filter && path.subAttribute === null && typeof value === 'string')
      ) {
        state.email = emailAddress(stringValue(value, 'emails.value'), 'emails.value');
        return;
      }
      if (path.subAttribute !== null) return; // type, primary: there is one address
      const emails = z.array(ZScimEmail).safeParse(Array.isArray(value) ? value : [value]);
      if (!emails.success) throw invalidValue('emails must be a list of { value, type, primary }');
      const address = primaryEmail(emails.data);
      if (address) state.email = address;
      return;
    }
    default:
      // displayName, title, phoneNumbers and other attributes this server does not keep are ignored
      // (RFC 7644 3.5.2 lets a service provider ignore attributes it does not support).
      return;
  }
}

function stringValue(value: unknown, attribute: string): string {
  // Some providers wrap a single value: [{ "value": "x" }].
  const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
  const unwrapped = isPlainObject(single) && 'value' in single ? single.value : single;
  if (typeof unwrapped !== 'string') throw invalidValue(`${attribute} must be a string`);
  return unwrapped;
}

function booleanValue(value: unknown, attribute: string): boolean {
  const parsed = ZScimBoolean.safeParse(value);
  if (!parsed.success) throw invalidValue(`${attribute} must be true or false`);
  return parsed.data;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function requireScimUser(tx: TTx, id: string): Promise<TScimUserRow> {
  const row = await findScimUser(tx, id);
  if (!row) throw scimNotFound('User', id);
  return row;
}

/** Writes the changed state; a deactivation ends every session and sign-in link of the person. */
async function saveUserState(
  ctx: TScimContext,
  row: TScimUserRow,
  before: TUserState,
  after: TUserState,
): Promise<void> {
  const userId = row.user.id;
  const isEmailChanged = after.userName !== before.userName;
  if (isEmailChanged) {
    const owner = await userIdByEmail(ctx.tx, after.userName);
    if (owner && owner !== userId)
      throw new ScimError(409, `A user with userName ${after.userName} already exists`, 'uniqueness');
  }
  if (isEmailChanged || after.givenName !== before.givenName || after.familyName !== before.familyName) {
    await ctx.tx
      .update(users)
      .set({
        email: after.userName,
        emailVerified: true,
        firstName: after.givenName,
        lastName: after.familyName,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, userId));
    // Links mailed to the old address stop working with it, as when a person changes it.
    if (isEmailChanged) await revokeSignInLinks(ctx.tx, { userId, now: ctx.now });
    await refreshDirectoryEntries(ctx.tx, userId);
  }
  await ctx.tx
    .insert(scimUsers)
    .values({
      userId,
      clusterId: ctx.clusterId,
      externalId: after.externalId,
      isActive: after.active,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: scimUsers.userId,
      set: { externalId: after.externalId, isActive: after.active, updatedAt: ctx.now },
    });
  if (before.active && !after.active) await endSessionsOf(ctx, userId);
  // Deactivated people leave the directory; reactivated ones come back.
  if (before.active !== after.active) await refreshDirectoryEntries(ctx.tx, userId);
  await ctx.audit({
    action:
      before.active === after.active
        ? 'scim.user_updated'
        : after.active
          ? 'scim.user_reactivated'
          : 'scim.user_deactivated',
    targetType: 'user',
    targetId: userId,
    data: { tokenId: ctx.scimTokenId, before, after },
  });
}

/** Every session and unused sign-in link of the person ends now (their access tokens fail at once too). */
async function endSessionsOf(ctx: TScimContext, userId: string): Promise<void> {
  await ctx.tx
    .update(refreshSessions)
    .set({ revokedAt: ctx.now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
  await revokeSignInLinks(ctx.tx, { userId, now: ctx.now });
}

/**
 * DELETE /Users/:id: the provider removed the person. The account is deactivated and goes the way of an
 * account whose owner asked for deletion (no sign-in, erased after the grace period); SCIM answers 404 for it
 * from now on.
 */
export async function deleteScimUser(ctx: TScimContext, id: string): Promise<void> {
  const row = await requireScimUser(ctx.tx, id);
  await ctx.tx
    .insert(scimUsers)
    .values({ userId: row.user.id, clusterId: ctx.clusterId, isActive: false, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: scimUsers.userId, set: { isActive: false, updatedAt: ctx.now } });
  await endSessionsOf(ctx, row.user.id);
  await markAccountForDeletion(ctx.tx, { userId: row.user.id, now: ctx.now });
  await ctx.tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userId, row.user.id));
  await ctx.audit({
    action: 'scim.user_deleted',
    targetType: 'user',
    targetId: row.user.id,
    data: { tokenId: ctx.scimTokenId, userName: row.user.email },
  });
}

// ---- Groups ----

async function requireScimGroup(tx: TTx, id: string): Promise<TScimGroupRow> {
  const group = await findScimGroup(tx, id);
  if (!group) throw scimNotFound('Group', id);
  return group;
}

async function assertDisplayNameFree(tx: TTx, displayName: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(eq(scimGroups.displayName, displayName))
    .limit(1);
  if (taken && taken.id !== exceptId)
    throw new ScimError(409, `A group named ${displayName} already exists`, 'uniqueness');
}

/** Member ids of the request, each a user SCIM manages; an unknown id is invalidValue. */
async function requireMemberIds(tx: TTx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const known = await managedUserIds(tx, unique);
  const unknown = unique.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidValue(`members: no user has the id ${unknown}`);
  return unique;
}

export async function createScimGroup(ctx: TScimContext, body: TScimGroupRequest): Promise<string> {
  await assertDisplayNameFree(ctx.tx, body.displayName, null);
  const memberIds = await requireMemberIds(
    ctx.tx,
    (body.members ?? []).map((m) => m.value),
  );
  const [group] = await ctx.tx
    .insert(scimGroups)
    .values({
      clusterId: ctx.clusterId,
      displayName: body.displayName,
      externalId: body.externalId ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!group) throw new Error('group insert returned no row');
  await addMembers(ctx, group, memberIds);
  await ctx.audit({
    action: 'scim.group_created',
    targetType: 'scim_group',
    targetId: group.id,
    data: { tokenId: ctx.scimTokenId, displayName: group.displayName, memberCount: memberIds.length },
  });
  return group.id;
}

export async function replaceScimGroup(
  ctx: TScimContext,
  id: string,
  body: TScimGroupRequest,
): Promise<void> {
  const group = await requireScimGroup(ctx.tx, id);
  await assertDisplayNameFree(ctx.tx, body.displayName, group.id);
  const memberIds = await requireMemberIds(
    ctx.tx,
    (body.members ?? []).map((m) => m.value),
  );
  await updateGroupAttributes(ctx, group, {
    displayName: body.displayName,
    externalId: body.externalId ?? null,
  });
  await setMembers(ctx, group, memberIds);
}

/** PATCH /Groups/:id: displayName and externalId, members added, removed (all, by list or by filter) or set. */
export async function patchScimGroup(
  ctx: TScimContext,
  id: string,
  operations: readonly TScimPatchOperation[],
): Promise<void> {
  const group = await requireScimGroup(ctx.tx, id);
  const attributes = { displayName: group.displayName, externalId: group.externalId };
  for (const operation of operations) {
    const path = operation.path ? parseScimPath(operation.path) : null;
    if (operation.path && !path) continue; // an extension's attribute: not kept here
    if (!path) {
      if (operation.op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
      if (!isPlainObject(operation.value))
        throw invalidValue('Without a path, the value must be an object of attributes');
      for (const [key, value] of Object.entries(operation.value)) {
        const keyPath = parseScimPath(key);
        if (keyPath) await applyGroupOperation(ctx, group, attributes, operation.op, keyPath, value);
      }
      continue;
    }
    await applyGroupOperation(ctx, group, attributes, operation.op, path, operation.value);
  }
  if (attributes.displayName !== group.displayName)
    await assertDisplayNameFree(ctx.tx, attributes.displayName, group.id);
  await updateGroupAttributes(ctx, group, attributes);
}

async function applyGroupOperation(
  ctx: TScimContext,
  group: TScimGroupRow,
  attributes: { displayName: string; externalId: string | null },
  op: TScimPatchOperation['op'],
  path: TScimPath,
  value: unknown,
): Promise<void> {
  switch (path.attribute) {
    case 'displayname': {
      if (op === 'remove')
        throw new ScimError(400, 'displayName is required and cannot be removed', 'mutability');
      const name = stringValue(value, 'displayName').trim();
      if (!name || name.length > 200) throw invalidValue('displayName must have 1 to 200 characters');
      attributes.displayName = name;
      return;
    }
    case 'externalid':
      attributes.externalId =
        op === 'remove' || value === null ? null : stringValue(value, 'externalId').slice(0, 255);
      return;
    case 'members': {
      if (op === 'remove') {
        const filtered = path.filter?.find((c) => c.attribute === 'value');
        if (path.filter && !filtered)
          throw new ScimError(400, 'members can be filtered by value only', 'invalidPath');
        const ids = filtered
          ? [String(filtered.value)]
          : value === undefined || value === null
            ? null
            : memberValues(value);
        await removeMembers(ctx, group, ids);
        return;
      }
      const ids = await requireMemberIds(ctx.tx, memberValues(value));
      if (op === 'replace') await setMembers(ctx, group, ids);
      else await addMembers(ctx, group, ids);
      return;
    }
    default:
      return;
  }
}

function memberValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (isPlainObject(item) && typeof item.value === 'string') return item.value;
    throw invalidValue('members must be a list of { "value": "<user id>" }');
  });
}

async function updateGroupAttributes(
  ctx: TScimContext,
  group: TScimGroupRow,
  attributes: { displayName: string; externalId: string | null },
): Promise<void> {
  await ctx.tx
    .update(scimGroups)
    .set({ ...attributes, updatedAt: ctx.now })
    .where(eq(scimGroups.id, group.id));
  if (attributes.displayName !== group.displayName || attributes.externalId !== group.externalId)
    await ctx.audit({
      action: 'scim.group_updated',
      targetType: 'scim_group',
      targetId: group.id,
      data: {
        tokenId: ctx.scimTokenId,
        before: { displayName: group.displayName, externalId: group.externalId },
        after: attributes,
      },
    });
}

async function setMembers(ctx: TScimContext, group: TScimGroupRow, ids: readonly string[]): Promise<void> {
  const current = (await scimGroupMembersOf(ctx.tx, [group.id])).map((m) => m.userId);
  const wanted = new Set(ids);
  await removeMembers(
    ctx,
    group,
    current.filter((id) => !wanted.has(id)),
  );
  await addMembers(ctx, group, ids);
}

async function addMembers(ctx: TScimContext, group: TScimGroupRow, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const added = await ctx.tx
    .insert(scimGroupMembers)
    .values(ids.map((userId) => ({ groupId: group.id, userId, clusterId: ctx.clusterId })))
    .onConflictDoNothing()
    .returning({ userId: scimGroupMembers.userId });
  if (added.length === 0) return;
  await ctx.audit({
    action: 'scim.group_members_added',
    targetType: 'scim_group',
    targetId: group.id,
    data: { tokenId: ctx.scimTokenId, userIds: added.map((a) => a.userId) },
  });
  await grantMappedMembership(
    ctx,
    group,
    added.map((a) => a.userId),
  );
}

/**
 * Members leave the group; null removes every member. A hub membership the group gave is kept: leaving an
 * identity provider's group is not leaving the community, so the audit log notes it for the hub's admins.
 */
async function removeMembers(
  ctx: TScimContext,
  group: TScimGroupRow,
  ids: readonly string[] | null,
): Promise<void> {
  // An id that is no user id names no member (and must not reach a uuid column as text).
  const userIds = ids === null ? null : ids.filter(isUuid);
  if (userIds !== null && userIds.length === 0) return;
  const removed = await ctx.tx
    .delete(scimGroupMembers)
    .where(
      and(
        eq(scimGroupMembers.groupId, group.id),
        userIds === null ? undefined : inArray(scimGroupMembers.userId, userIds),
      ),
    )
    .returning({ userId: scimGroupMembers.userId });
  if (removed.length === 0) return;
  await ctx.audit({
    action: 'scim.group_members_removed',
    targetType: 'scim_group',
    targetId: group.id,
    ...(group.hubId === null ? {} : { hubId: group.hubId }),
    data: {
      tokenId: ctx.scimTokenId,
      userIds: removed.map((r) => r.userId),
      ...(group.hubId === null ? {} : { hubMembershipKept: true, userTypeId: group.userTypeId }),
    },
  });
}

export async function deleteScimGroup(ctx: TScimContext, id: string): Promise<void> {
  const group = await requireScimGroup(ctx.tx, id);
  await removeMembers(ctx, group, null);
  await ctx.tx.delete(scimGroups).where(eq(scimGroups.id, group.id));
  await ctx.audit({
    action: 'scim.group_deleted',
    targetType: 'scim_group',
    targetId: group.id,
    data: { tokenId: ctx.scimTokenId, displayName: group.displayName },
  });
}

/**
 * A group mapped to a hub's user type gives its members that hub membership, approved, with that user type
 * (a member already in the hub gets the type and the approval). Several mapped groups of one hub: the last
 * one applied decides the type.
 */
export async function grantMappedMembership(
  ctx: TRequestContext,
  group: Pick<TScimGroupRow, 'id' | 'hubId' | 'userTypeId'>,
  userIds: readonly string[],
): Promise<void> {
  const { hubId, userTypeId } = group;
  if (hubId === null || userTypeId === null || userIds.length === 0) return;
  const [hub] = await ctx.tx
    .select({ identifier: hubs.identifier })
    .from(hubs)
    .where(eq(hubs.id, hubId))
    .limit(1);
  if (!hub) return;
  const existing = await ctx.tx
    .select({
      userId: hubMemberships.userId,
      userTypeId: hubMemberships.userTypeId,
      approved: hubMemberships.approved,
    })
    .from(hubMemberships)
    .where(and(eq(hubMemberships.hubId, hubId), inArray(hubMemberships.userId, [...userIds])));
  const memberIds = new Set(existing.map((m) => m.userId));
  const joining = userIds.filter((id) => !memberIds.has(id));
  const changing = existing.filter((m) => m.userTypeId !== userTypeId || m.approved !== true);
  if (joining.length > 0) {
    const withMembership = await ctx.tx
      .selectDistinct({ userId: hubMemberships.userId })
      .from(hubMemberships)
      .where(inArray(hubMemberships.userId, joining));
    const hasDefault = new Set(withMembership.map((m) => m.userId));
    await ctx.tx.insert(hubMemberships).values(
      joining.map((userId) => ({
        clusterId: ctx.clusterId,
        hubId,
        userId,
        userTypeId,
        isDefault: !hasDefault.has(userId),
        approved: true,
        parentApproved: true,
        importStatus: 'imported' as const,
        createdAt: ctx.now,
      })),
    );
    await applyNotificationDefaults(ctx.tx, {
      clusterId: ctx.clusterId,
      hubId,
      userIds: joining,
      now: ctx.now,
    });
  }
  if (changing.length > 0)
    await ctx.tx
      .update(hubMemberships)
      .set({ userTypeId, approved: true })
      .where(
        and(
          eq(hubMemberships.hubId, hubId),
          inArray(
            hubMemberships.userId,
            changing.map((m) => m.userId),
          ),
        ),
      );
  const touched = [...joining, ...changing.map((m) => m.userId)];
  if (touched.length === 0) return;
  const people = await ctx.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, touched));
  for (const person of people) {
    await refreshDirectoryEntries(ctx.tx, person.id);
    await enqueueWebhookEvent(ctx.tx, {
      type: 'membership.approved',
      data: { user: person, hub: hub.identifier },
      now: ctx.now,
    });
  }
  await ctx.audit({
    action: 'scim.hub_membership_granted',
    targetType: 'scim_group',
    targetId: group.id,
    hubId,
    data: { userTypeId, joined: joining, changed: changing.map((m) => m.userId) },
  });
}
