import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { groupMemberships, groups } from '../../db/schema/groups.js';
import { hubProfileFields, userProfileFieldValues } from '../../db/schema/profile-fields.js';

export type TProfileFieldRow = typeof hubProfileFields.$inferSelect;
export type TProfileFieldValueRow = typeof userProfileFieldValues.$inferSelect;

/**
 * Whose list of fields: the hub's own (organizationId null) or one organisation's of the hub (spec 6
 * Organisation admins: custom-fields). The same commands and rules serve both; slugs are unique in the hub.
 */
export interface TProfileFieldScope {
  hubId: number;
  organizationId: string | null;
}

/** The WHERE of a scope's fields: the hub's own exclude every organisation's. */
function scopeCondition(scope: TProfileFieldScope): SQL | undefined {
  return and(
    eq(hubProfileFields.hubId, scope.hubId),
    scope.organizationId === null
      ? isNull(hubProfileFields.organizationId)
      : eq(hubProfileFields.organizationId, scope.organizationId),
  );
}

/** A scope's custom profile fields in order, archived ones too. */
export function listProfileFields(tx: TTx, scope: TProfileFieldScope): Promise<TProfileFieldRow[]> {
  return tx
    .select()
    .from(hubProfileFields)
    .where(scopeCondition(scope))
    .orderBy(asc(hubProfileFields.order), asc(hubProfileFields.createdAt));
}

/** The hub's own custom profile fields in order, archived ones too (no organisation's). */
export function listHubProfileFields(tx: TTx, hubId: number): Promise<TProfileFieldRow[]> {
  return listProfileFields(tx, { hubId, organizationId: null });
}

/** Every slug in use in the hub, the organisations' fields included (slugs are unique in the hub). */
export async function hubProfileFieldSlugs(tx: TTx, hubId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: hubProfileFields.slug })
    .from(hubProfileFields)
    .where(eq(hubProfileFields.hubId, hubId));
  return new Set(rows.map((row) => row.slug));
}

/** One field of the scope, or null (another hub's or organisation's field is never found). */
export async function findProfileField(
  tx: TTx,
  options: { scope: TProfileFieldScope; id: string },
): Promise<TProfileFieldRow | null> {
  const [row] = await tx
    .select()
    .from(hubProfileFields)
    .where(and(scopeCondition(options.scope), eq(hubProfileFields.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** An organisation's fields with the organisation they belong to. */
export interface TOrganizationFieldRow {
  field: TProfileFieldRow;
  organization: { id: string; identifier: string; name: string; isHidden: boolean };
}

/**
 * The fields of the hub's organisations of which the user is an approved member, by organisation name then the
 * organisation's order (spec 6 Organisation admins: custom-fields); one statement on the fields' partial index.
 */
export function organizationFieldsOfMember(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<TOrganizationFieldRow[]> {
  return tx
    .select({
      field: hubProfileFields,
      organization: {
        id: groups.id,
        identifier: groups.identifier,
        name: groups.name,
        isHidden: groups.isHidden,
      },
    })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .innerJoin(hubProfileFields, eq(hubProfileFields.organizationId, groups.id))
    .where(
      and(
        eq(groupMemberships.userId, options.userId),
        eq(groupMemberships.hubId, options.hubId),
        eq(groupMemberships.approved, true),
        eq(groups.groupType, 'organization'),
        eq(hubProfileFields.hubId, options.hubId),
      ),
    )
    .orderBy(
      asc(groups.sortName),
      asc(groups.id),
      asc(hubProfileFields.order),
      asc(hubProfileFields.createdAt),
    );
}

/** Members who answered each field of the hub, by field id. */
export async function answerCountsByField(tx: TTx, hubId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ fieldId: userProfileFieldValues.fieldId, n: count() })
    .from(userProfileFieldValues)
    .where(eq(userProfileFieldValues.hubId, hubId))
    .groupBy(userProfileFieldValues.fieldId);
  return new Map(rows.map((row) => [row.fieldId, Number(row.n)]));
}

/**
 * A member's answers to these fields, by field id. The answer is read as its JSON text and parsed here: the
 * jsonb column's own reading parses a string answer a second time, so '2028' came back as a number and 'null'
 * as null (and the profile failed on it).
 */
export async function fieldValuesOf(
  tx: TTx,
  options: { userId: string; fieldIds: string[] },
): Promise<Map<string, string | string[]>> {
  if (options.fieldIds.length === 0) return new Map();
  const rows = await tx
    .select({
      fieldId: userProfileFieldValues.fieldId,
      json: sql<string>`${userProfileFieldValues.value}::text`,
    })
    .from(userProfileFieldValues)
    .where(
      and(
        eq(userProfileFieldValues.userId, options.userId),
        inArray(userProfileFieldValues.fieldId, options.fieldIds),
      ),
    );
  return new Map(rows.map((row) => [row.fieldId, JSON.parse(row.json) as string | string[]]));
}
