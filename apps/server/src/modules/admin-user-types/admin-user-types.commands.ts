import {
  userTypeHasMembersMessage,
  type TCreateUserTypeRequest,
  type TReorderUserTypesRequest,
  type TUpdateUserTypeRequest,
} from '@commons/contract';
import {
  MESSAGE_TYPES,
  storedUserTypeMessageTypeSettings,
  userTypeMessageTypeEntries,
  userTypeMessageTypeSettings,
  ZStoredUserTypeMessageTypeSettings,
  type TMessageType,
  type TMessageTypeSettings,
  type TUserTypeMessageTypeSetting,
} from '@commons/domain';
import { and, eq, max } from 'drizzle-orm';
import { userTypes } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext, TUserTypeRow } from '../../plugins/request-context.js';
import { listUserTypes } from '../hubs/hubs.queries.js';
import { userTypeFieldsOf } from './admin-user-types.presenter.js';
import { findHubUserType, hubUserTypeIdsAmong, memberCountsByUserType } from './admin-user-types.queries.js';

type THubTypeSettings = Readonly<Record<TMessageType, TMessageTypeSettings>>;

/** What the audit log keeps of a user type: its fields and its message types as stored. */
function auditViewOf(row: TUserTypeRow): Record<string, unknown> {
  return {
    ...userTypeFieldsOf(row),
    order: row.order,
    messageTypes: row.messageTypes,
    messageTypeSettings: row.messageTypeSettings,
  };
}

/** Before and after of the keys that changed (the audit entry's data). */
function changesOf(before: TUserTypeRow, after: TUserTypeRow): Record<string, unknown> {
  const from = auditViewOf(before);
  const to = auditViewOf(after);
  const keys = Object.keys(to).filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]));
  return {
    title: after.title,
    before: Object.fromEntries(keys.map((key) => [key, from[key]])),
    after: Object.fromEntries(keys.map((key) => [key, to[key]])),
  };
}

/** The user type of the request's hub, else 404 (another hub's type is never revealed). */
export async function requireHubUserType(ctx: TRequestContext, id: string): Promise<TUserTypeRow> {
  const row = await findHubUserType(ctx.tx, { hubId: ctx.requireHub().id, id });
  if (!row) throw notFound('User type');
  return row;
}

/** Adds a user type at the end of the hub's list (spec 3 User type); audited. */
export async function createUserType(
  ctx: TRequestContext,
  options: { body: TCreateUserTypeRequest; hubTypeSettings: THubTypeSettings },
): Promise<TUserTypeRow> {
  const hub = ctx.requireHub();
  const { messageTypeSettings: changes, ...body } = options.body;
  const [last] = await ctx.tx
    .select({ order: max(userTypes.order) })
    .from(userTypes)
    .where(eq(userTypes.hubId, hub.id));
  const [row] = await ctx.tx
    .insert(userTypes)
    .values({
      ...body,
      clusterId: ctx.clusterId,
      hubId: hub.id,
      order: (last?.order ?? -1) + 1,
    })
    .returning();
  if (!row) throw new Error('user type insert returned nothing');
  let created = row;
  if (changes !== undefined && Object.keys(changes).length > 0) {
    const columns = await messageTypeColumns(ctx, { row, changes, hubTypeSettings: options.hubTypeSettings });
    const [updated] = await ctx.tx.update(userTypes).set(columns).where(eq(userTypes.id, row.id)).returning();
    if (updated) created = updated;
  }
  await ctx.audit({
    action: 'user_type.created',
    targetType: 'user_type',
    targetId: created.id,
    data: { title: created.title, before: null, after: auditViewOf(created) },
  });
  return created;
}

/**
 * The message type columns for the admin's changes: the given types replace theirs whole, the others keep what
 * they have (a type never edited keeps following the hub's values). Recipients must be user types of the hub.
 */
async function messageTypeColumns(
  ctx: TRequestContext,
  options: {
    row: TUserTypeRow;
    changes: Partial<Record<TMessageType, TUserTypeMessageTypeSetting>>;
    hubTypeSettings: THubTypeSettings;
  },
): Promise<{ messageTypes: string[]; messageTypeSettings: Record<string, unknown> }> {
  const { row, changes } = options;
  const recipientIds = [
    ...new Set(Object.values(changes).flatMap((setting) => setting?.recipientUserTypeIds ?? [])),
  ];
  const known = await hubUserTypeIdsAmong(ctx.tx, { hubId: row.hubId, ids: recipientIds });
  for (const type of MESSAGE_TYPES) {
    const unknown = (changes[type]?.recipientUserTypeIds ?? []).find((id) => !known.has(id));
    if (unknown !== undefined)
      throw validationError({
        [`messageTypeSettings.${type}.recipientUserTypeIds`]: 'Choose user types of this hub.',
      });
  }
  const current = userTypeMessageTypeSettings({
    hubSettings: options.hubTypeSettings,
    entries: row.messageTypes,
    stored: row.messageTypeSettings,
  });
  const next = { ...current, ...changes } as Record<TMessageType, TUserTypeMessageTypeSetting>;
  const parsed = ZStoredUserTypeMessageTypeSettings.safeParse(row.messageTypeSettings ?? {});
  const stored = { ...(parsed.success ? parsed.data : {}) };
  const given = storedUserTypeMessageTypeSettings(next);
  for (const type of Object.keys(changes) as TMessageType[]) stored[type] = given[type];
  return { messageTypes: userTypeMessageTypeEntries(next), messageTypeSettings: stored };
}

/** Changes a user type's fields and message type settings, or disables it (spec 3 User type); audited. */
export async function updateUserType(
  ctx: TRequestContext,
  options: { id: string; body: TUpdateUserTypeRequest; hubTypeSettings: THubTypeSettings },
): Promise<TUserTypeRow> {
  const before = await requireHubUserType(ctx, options.id);
  const { messageTypeSettings: changes, ...fields } = options.body;
  const columns =
    changes !== undefined && Object.keys(changes).length > 0
      ? await messageTypeColumns(ctx, { row: before, changes, hubTypeSettings: options.hubTypeSettings })
      : {};
  const [after] = await ctx.tx
    .update(userTypes)
    .set({ ...fields, ...columns })
    .where(and(eq(userTypes.id, before.id), eq(userTypes.hubId, before.hubId)))
    .returning();
  if (!after) throw notFound('User type');
  await ctx.audit({
    action: 'user_type.updated',
    targetType: 'user_type',
    targetId: after.id,
    data: changesOf(before, after),
  });
  return after;
}

/** Puts the hub's user types in the given order; every type of the hub exactly once (else 400); audited. */
export async function reorderUserTypes(ctx: TRequestContext, body: TReorderUserTypesRequest): Promise<void> {
  const hubId = ctx.requireHub().id;
  const rows = await listUserTypes(ctx.tx, hubId);
  const ids = new Set(body.ids);
  if (ids.size !== body.ids.length || ids.size !== rows.length || rows.some((row) => !ids.has(row.id)))
    throw validationError({ ids: 'List every user type of this hub once.' });
  const before = rows.map((row) => row.id);
  for (const [order, id] of body.ids.entries()) {
    const row = rows.find((r) => r.id === id);
    if (row && row.order !== order)
      await ctx.tx
        .update(userTypes)
        .set({ order })
        .where(and(eq(userTypes.id, id), eq(userTypes.hubId, hubId)));
  }
  await ctx.audit({
    action: 'user_type.reordered',
    targetType: 'hub',
    targetId: String(hubId),
    data: { before, after: body.ids },
  });
}

/**
 * Deletes a user type nobody has; one with members answers 409 naming how many (disable it instead). In the same
 * transaction the other types' message-type entries that named it as recipient go (a message type left with no
 * recipient is off for that sender, and a list left empty becomes 'none', since empty means every type); its
 * outreach templates go by their foreign keys and signup requests keep no type. Lists elsewhere that name it
 * (profile fields', surveys', jobs' audiences) match nobody from now on. Audited.
 */
export async function deleteUserType(ctx: TRequestContext, id: string): Promise<void> {
  const row = await requireHubUserType(ctx, id);
  // Lock the type first, so a signup choosing it waits and then fails rather than racing the count.
  await ctx.tx.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, row.id)).for('update');
  const members = (await memberCountsByUserType(ctx.tx, row.hubId)).get(row.id) ?? 0;
  if (members > 0) throw conflict(userTypeHasMembersMessage(members));
  await ctx.tx.delete(userTypes).where(and(eq(userTypes.id, row.id), eq(userTypes.hubId, row.hubId)));
  const suffix = `:${row.id}`;
  const senders = (await listUserTypes(ctx.tx, row.hubId)).filter((type) =>
    type.messageTypes.some((entry) => entry.endsWith(suffix)),
  );
  for (const sender of senders) {
    const kept = sender.messageTypes.filter((entry) => !entry.endsWith(suffix));
    await ctx.tx
      .update(userTypes)
      .set({ messageTypes: kept.length === 0 ? ['none'] : kept })
      .where(and(eq(userTypes.id, sender.id), eq(userTypes.hubId, row.hubId)));
  }
  await ctx.audit({
    action: 'user_type.deleted',
    targetType: 'user_type',
    targetId: row.id,
    data: {
      title: row.title,
      before: auditViewOf(row),
      after: null,
      recipientOfTypesUpdated: senders.map((sender) => sender.id),
    },
  });
}
