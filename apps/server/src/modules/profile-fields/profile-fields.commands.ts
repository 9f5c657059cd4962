import {
  PROFILE_FIELD_SLUG_TAKEN_MESSAGE,
  type TCreateProfileFieldRequest,
  type TProfileCustomField,
  type TProfileCustomFieldsSection,
  type TPutProfileFieldValuesRequest,
  type TUpdateProfileFieldRequest,
} from '@commons/contract';
import {
  isProfileFieldAnswered,
  isProfileFieldShownTo,
  normalizeProfileFieldValue,
  PROFILE_FIELD_LIMITS,
  profileFieldDefinitionProblems,
  profileFieldOptions,
  profileFieldSlug,
  profileFieldValueProblem,
  type TProfileFieldType,
} from '@commons/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { groupMemberships } from '../../db/schema/groups.js';
import { hubProfileFields, userProfileFieldValues } from '../../db/schema/profile-fields.js';
import { conflict, forbidden, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { hubUserTypeIdsAmong } from '../admin-user-types/admin-user-types.queries.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { auditViewOf, presentProfileCustomField } from './profile-fields.presenter.js';
import {
  fieldValuesOf,
  findProfileField,
  hubProfileFieldSlugs,
  listHubProfileFields,
  listProfileFields,
  organizationFieldsOfMember,
  type TProfileFieldRow,
  type TProfileFieldScope,
} from './profile-fields.queries.js';

/** A field whose every user type was deleted: the admin chooses again rather than the field asking everyone. */
const DELETED_USER_TYPES_MESSAGE =
  'The user types this field was asked of were deleted. Choose who answers it, or archive it.';

/** The request hub's own fields (not an organisation's): the scope of /api/admin/profile-fields. */
export function hubFieldsScope(ctx: TRequestContext): TProfileFieldScope {
  return { hubId: ctx.requireHub().id, organizationId: null };
}

/** The field of the scope (the hub's own, or one organisation's), else 404. */
async function requireProfileField(
  ctx: TRequestContext,
  options: { scope: TProfileFieldScope; id: string },
): Promise<TProfileFieldRow> {
  const row = await findProfileField(ctx.tx, options);
  if (!row) throw notFound('Profile field');
  return row;
}

/** "hub" or "organization", in messages. */
const scopeNoun = (scope: TProfileFieldScope) => (scope.organizationId === null ? 'hub' : 'organization');

/** Refuses a definition the domain rules refuse, and user types of another hub. */
async function checkDefinition(
  ctx: TRequestContext,
  definition: {
    label: string;
    slug: string;
    type: TProfileFieldType;
    options: string[];
    userTypeIds: string[];
  },
): Promise<void> {
  const problems = profileFieldDefinitionProblems(definition);
  const known = await hubUserTypeIdsAmong(ctx.tx, {
    hubId: ctx.requireHub().id,
    ids: definition.userTypeIds,
  });
  if (definition.userTypeIds.some((id) => !known.has(id)))
    problems.userTypeIds = 'Choose user types of this hub.';
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/** Before and after of the keys that changed (the audit entry's data). */
function changesOf(before: TProfileFieldRow, after: TProfileFieldRow): Record<string, unknown> {
  const from = auditViewOf(before);
  const to = auditViewOf(after);
  const keys = Object.keys(to).filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]));
  return {
    label: after.label,
    before: Object.fromEntries(keys.map((key) => [key, from[key]])),
    after: Object.fromEntries(keys.map((key) => [key, to[key]])),
  };
}

/**
 * Adds a field at the end of the scope's list (the hub's own or an organisation's); audited. A slug made from the
 * label takes a number when the hub already has it (organisations' fields included); a slug the admin gave that is
 * taken is a 409.
 */
export async function createProfileField(
  ctx: TRequestContext,
  options: { scope: TProfileFieldScope; body: TCreateProfileFieldRequest },
): Promise<TProfileFieldRow> {
  const { scope, body } = options;
  const { hubId } = scope;
  const existing = await listProfileFields(ctx.tx, scope);
  if (existing.length >= PROFILE_FIELD_LIMITS.fieldsPerHub)
    throw conflict(
      `A ${scopeNoun(scope)} can have at most ${PROFILE_FIELD_LIMITS.fieldsPerHub} profile fields: edit or archive one instead.`,
    );
  const taken = await hubProfileFieldSlugs(ctx.tx, hubId);
  const given = body.slug?.trim() ?? '';
  let slug = given === '' ? profileFieldSlug(body.label) : given;
  if (given !== '' && taken.has(slug))
    throw conflict(PROFILE_FIELD_SLUG_TAKEN_MESSAGE, { slug: PROFILE_FIELD_SLUG_TAKEN_MESSAGE });
  if (given === '') {
    const base = slug.slice(0, PROFILE_FIELD_LIMITS.slugMax - 4);
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  }
  const fieldOptions = profileFieldOptions(body.type, body.options ?? []);
  const userTypeIds = [...new Set(body.userTypeIds ?? [])];
  await checkDefinition(ctx, {
    label: body.label,
    slug,
    type: body.type,
    options: fieldOptions,
    userTypeIds,
  });
  const last = existing.reduce((highest, row) => Math.max(highest, row.order), -1);
  const [row] = await ctx.tx
    .insert(hubProfileFields)
    .values({
      clusterId: ctx.clusterId,
      hubId,
      organizationId: scope.organizationId,
      label: body.label.trim(),
      slug,
      description: body.description?.trim() ?? '',
      type: body.type,
      options: fieldOptions,
      isRequired: body.isRequired ?? false,
      userTypeIds,
      order: last + 1,
      isArchived: body.isArchived ?? false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('profile field insert returned nothing');
  await ctx.audit({
    action: 'profile_field.created',
    targetType: 'profile_field',
    targetId: row.id,
    data: { label: row.label, before: null, after: auditViewOf(row) },
  });
  return row;
}

/**
 * Changes a field, archives or restores it; audited. A field members answered keeps its type, so no answer
 * becomes one of another kind.
 */
export async function updateProfileField(
  ctx: TRequestContext,
  options: { scope: TProfileFieldScope; id: string; body: TUpdateProfileFieldRequest },
): Promise<TProfileFieldRow> {
  const before = await requireProfileField(ctx, options);
  const { body } = options;
  const type = body.type ?? (before.type as TProfileFieldType);
  if (type !== before.type) {
    const [answer] = await ctx.tx
      .select({ id: userProfileFieldValues.id })
      .from(userProfileFieldValues)
      .where(eq(userProfileFieldValues.fieldId, before.id))
      .limit(1);
    if (answer)
      throw validationError({
        type: 'Members have answered this field, so its type stays. Archive it and add a new field instead.',
      });
  }
  const fieldOptions = profileFieldOptions(type, body.options ?? before.options);
  // A user type deleted since (admin-user-types) is dropped from the field's list, also when the editor sends
  // it back; a list it empties is refused, since an empty list would ask every member.
  const stillTypes = await hubUserTypeIdsAmong(ctx.tx, { hubId: before.hubId, ids: before.userTypeIds });
  const deleted = new Set(before.userTypeIds.filter((typeId) => !stillTypes.has(typeId)));
  const given = body.userTypeIds ?? before.userTypeIds;
  const chosen = [...new Set(given.filter((typeId) => !deleted.has(typeId)))];
  const isOrphaned = given.length > 0 && chosen.length === 0;
  if (isOrphaned && body.userTypeIds !== undefined)
    throw validationError({ userTypeIds: DELETED_USER_TYPES_MESSAGE });
  // Archived or relabelled without choosing types, such a field stays asked of nobody.
  const userTypeIds = isOrphaned ? before.userTypeIds : chosen;
  const label = body.label?.trim() ?? before.label;
  await checkDefinition(ctx, { label, slug: before.slug, type, options: fieldOptions, userTypeIds: chosen });
  const [after] = await ctx.tx
    .update(hubProfileFields)
    .set({
      label,
      description: body.description?.trim() ?? before.description,
      type,
      options: fieldOptions,
      isRequired: body.isRequired ?? before.isRequired,
      userTypeIds,
      isArchived: body.isArchived ?? before.isArchived,
      updatedAt: ctx.now,
    })
    .where(and(eq(hubProfileFields.id, before.id), eq(hubProfileFields.hubId, before.hubId)))
    .returning();
  if (!after) throw notFound('Profile field');
  const action =
    before.isArchived !== after.isArchived
      ? after.isArchived
        ? 'profile_field.archived'
        : 'profile_field.restored'
      : 'profile_field.updated';
  await ctx.audit({
    action,
    targetType: 'profile_field',
    targetId: after.id,
    data: changesOf(before, after),
  });
  return after;
}

/**
 * Deletes a field of the scope with every member's answer to it (issue #22 item 3; archiving keeps them instead);
 * audited with its definition and how many answers went.
 */
export async function deleteProfileField(
  ctx: TRequestContext,
  options: { scope: TProfileFieldScope; id: string },
): Promise<void> {
  const field = await requireProfileField(ctx, options);
  const [answers] = await ctx.tx
    .select({ n: count() })
    .from(userProfileFieldValues)
    .where(eq(userProfileFieldValues.fieldId, field.id));
  // The answers go with the field (user_profile_field_values.field_id ON DELETE CASCADE).
  await ctx.tx
    .delete(hubProfileFields)
    .where(and(eq(hubProfileFields.id, field.id), eq(hubProfileFields.hubId, field.hubId)));
  await ctx.audit({
    action: 'profile_field.deleted',
    targetType: 'profile_field',
    targetId: field.id,
    data: {
      label: field.label,
      before: { ...auditViewOf(field), answerCount: Number(answers?.n ?? 0) },
      after: null,
    },
  });
}

/** Puts the scope's fields in the given order (every id once); audited. */
export async function reorderProfileFields(
  ctx: TRequestContext,
  options: { scope: TProfileFieldScope; ids: string[] },
): Promise<void> {
  const { scope, ids } = options;
  const { hubId } = scope;
  const rows = await listProfileFields(ctx.tx, scope);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== rows.length || rows.some((row) => !wanted.has(row.id)))
    throw validationError({ ids: `List every profile field of this ${scopeNoun(scope)} once.` });
  for (const [order, id] of ids.entries()) {
    const row = rows.find((r) => r.id === id);
    if (row && row.order !== order)
      await ctx.tx
        .update(hubProfileFields)
        .set({ order })
        .where(and(eq(hubProfileFields.id, id), eq(hubProfileFields.hubId, hubId)));
  }
  await ctx.audit({
    action: 'profile_field.reordered',
    targetType: scope.organizationId === null ? 'hub' : 'group',
    targetId: scope.organizationId ?? String(hubId),
    data: { before: rows.map((row) => row.id), after: ids },
  });
}

/**
 * The member's answers to the fields of the request's hub asked of their user type, and to those of the hub's
 * organisations they are an approved member of (a non-member's answer to an organisation's field is refused):
 * every problem is reported at once keyed `values.{i}.value` (nothing is saved then); a blank answer removes the
 * stored one.
 */
export async function saveMyProfileFieldValues(
  ctx: TRequestContext,
  body: TPutProfileFieldValuesRequest,
): Promise<void> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const membership = ctx.membership;
  if (!membership) throw forbidden('Join this hub to answer its profile fields.');
  const organizationFields = await organizationFieldsOfMember(ctx.tx, {
    hubId: hub.id,
    userId: viewer.user.id,
  });
  // An organisation's fields are answered while the hub has its organizations module on.
  const isOrganizationsOn =
    organizationFields.length > 0 &&
    (await getHubSettings(ctx.tx, hub.id)).enabledModules.includes('organizations');
  const fields = [
    ...(await listHubProfileFields(ctx.tx, hub.id)),
    ...(isOrganizationsOn ? organizationFields.map((row) => row.field) : []),
  ].filter((field) => isProfileFieldShownTo(field, membership.userTypeId));
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  const changes: Array<{ field: TProfileFieldRow; value: string | string[] | null }> = [];
  body.values.forEach((entry, index) => {
    const field = fields.find((f) => f.id === entry.fieldId);
    if (!field) {
      problems[`values.${index}.fieldId`] = 'This field is not asked of you in this hub.';
      return;
    }
    if (seen.has(field.id)) {
      problems[`values.${index}.fieldId`] = 'This field is answered twice.';
      return;
    }
    seen.add(field.id);
    const rule = {
      type: field.type as TProfileFieldType,
      options: field.options,
      isRequired: field.isRequired,
    };
    const problem = profileFieldValueProblem(rule, entry.value);
    if (problem !== null) problems[`values.${index}.value`] = problem;
    else changes.push({ field, value: normalizeProfileFieldValue(rule, entry.value) });
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
  for (const { field, value } of changes) {
    if (value === null || !isProfileFieldAnswered(value)) {
      await ctx.tx
        .delete(userProfileFieldValues)
        .where(
          and(
            eq(userProfileFieldValues.fieldId, field.id),
            eq(userProfileFieldValues.userId, viewer.user.id),
          ),
        );
      continue;
    }
    await ctx.tx
      .insert(userProfileFieldValues)
      .values({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        fieldId: field.id,
        userId: viewer.user.id,
        value,
        updatedAt: ctx.now,
      })
      .onConflictDoUpdate({
        target: [userProfileFieldValues.fieldId, userProfileFieldValues.userId],
        set: { value, updatedAt: ctx.now },
      });
  }
}

/**
 * The profile's hub fields (issue #22 item 1): for the owner every field asked of their user type, answered or
 * not, for other viewers only the answered ones; plus each asked field's required and answered state for the
 * profile health (spec 3 additionalInfo).
 */
export async function profileCustomFields(
  ctx: TRequestContext,
  options: {
    hubId: number;
    userId: string;
    userTypeId: string | null;
    isOwner: boolean;
    /** The hub's fields when the caller keeps them (the home reads them through the hub read cache). */
    loadHubFields?: () => ReturnType<typeof listHubProfileFields>;
  },
): Promise<{
  section: TProfileCustomFieldsSection;
  health: Array<{ isRequired: boolean; isAnswered: boolean }>;
}> {
  const hubFields = await (options.loadHubFields ?? (() => listHubProfileFields(ctx.tx, options.hubId)))();
  const fields = hubFields.filter((field) => isProfileFieldShownTo(field, options.userTypeId));
  const values = await fieldValuesOf(ctx.tx, { userId: options.userId, fieldIds: fields.map((f) => f.id) });
  const items = fields
    .map((field) => presentProfileCustomField(field, values.get(field.id)))
    .filter((item) => options.isOwner || isProfileFieldAnswered(item.value));
  return {
    section: { hubId: String(options.hubId), items, organizations: [] },
    health: fields.map((field) => ({
      isRequired: field.isRequired,
      isAnswered: isProfileFieldAnswered(values.get(field.id)),
    })),
  };
}

/** The hidden organisations among these of which the viewer is an approved member (one statement, none if none). */
async function hiddenOrganizationsOfViewer(ctx: TRequestContext, groupIds: string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await ctx.tx
    .select({ groupId: groupMemberships.groupId })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.userId, ctx.requireViewer().user.id),
        eq(groupMemberships.approved, true),
        inArray(groupMemberships.groupId, groupIds),
      ),
    );
  return new Set(rows.map((row) => row.groupId));
}

/**
 * The profile's organisation blocks (spec 6 Organisation admins: custom-fields): the fields of each organisation
 * of the hub the member is an approved member of, asked of their user type; for the owner every such field, for
 * other viewers only the answered ones, and a hidden organisation's block only to its own members. They do not
 * count toward the profile's health (the organisation's questions are its own, not the hub's profile standard).
 */
export async function profileOrganizationFields(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; userTypeId: string | null; isOwner: boolean },
): Promise<TProfileCustomFieldsSection['organizations']> {
  const rows = (await organizationFieldsOfMember(ctx.tx, options)).filter((row) =>
    isProfileFieldShownTo(row.field, options.userTypeId),
  );
  if (rows.length === 0) return [];
  const hiddenIds = [
    ...new Set(rows.filter((row) => row.organization.isHidden).map((row) => row.organization.id)),
  ];
  const seenHidden = options.isOwner ? new Set(hiddenIds) : await hiddenOrganizationsOfViewer(ctx, hiddenIds);
  const visible = rows.filter((row) => !row.organization.isHidden || seenHidden.has(row.organization.id));
  const values = await fieldValuesOf(ctx.tx, {
    userId: options.userId,
    fieldIds: visible.map((row) => row.field.id),
  });
  const blocks: TProfileCustomFieldsSection['organizations'] = [];
  for (const row of visible) {
    const item = presentProfileCustomField(row.field, values.get(row.field.id));
    if (!options.isOwner && !isProfileFieldAnswered(item.value)) continue;
    let block = blocks.find((b) => b.id === row.organization.id);
    if (!block) {
      const { id, identifier, name } = row.organization;
      block = { id, identifier, name, items: [] };
      blocks.push(block);
    }
    block.items.push(item);
  }
  return blocks;
}

/**
 * The hub's required fields asked of this user type, with the member's answers so far: signup asks them
 * (issue #22 item 1) and refuses to complete while one is unanswered (missingRequiredProfileFields).
 */
export async function requiredProfileFieldsOf(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; userTypeId: string | null },
): Promise<TProfileCustomField[]> {
  const fields = (await listHubProfileFields(ctx.tx, options.hubId)).filter(
    (field) => field.isRequired && isProfileFieldShownTo(field, options.userTypeId),
  );
  const values = await fieldValuesOf(ctx.tx, { userId: options.userId, fieldIds: fields.map((f) => f.id) });
  return fields.map((field) => presentProfileCustomField(field, values.get(field.id)));
}

/** The message of a required hub field left unanswered at the end of signup. */
export function requiredProfileFieldMessage(label: string): string {
  return `${label} is required by this hub. Go back and answer it.`;
}

/** The required fields the member has not answered, keyed `customFields.{fieldId}`; {} when none. */
export async function missingRequiredProfileFields(
  ctx: TRequestContext,
  options: { hubId: number; userId: string; userTypeId: string | null },
): Promise<Record<string, string>> {
  const fields = await requiredProfileFieldsOf(ctx, options);
  return Object.fromEntries(
    fields
      .filter((field) => !isProfileFieldAnswered(field.value))
      .map((field) => [`customFields.${field.id}`, requiredProfileFieldMessage(field.label)]),
  );
}
