import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { hubProfileFields, userProfileFieldValues } from '../../db/schema/profile-fields.js';

export type TProfileFieldRow = typeof hubProfileFields.$inferSelect;
export type TProfileFieldValueRow = typeof userProfileFieldValues.$inferSelect;

/** The hub's custom profile fields in order, archived ones too. */
export function listHubProfileFields(tx: TTx, hubId: number): Promise<TProfileFieldRow[]> {
  return tx
    .select()
    .from(hubProfileFields)
    .where(eq(hubProfileFields.hubId, hubId))
    .orderBy(asc(hubProfileFields.order), asc(hubProfileFields.createdAt));
}

/** One field of the hub, or null (another hub's field is never found). */
export async function findHubProfileField(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TProfileFieldRow | null> {
  const [row] = await tx
    .select()
    .from(hubProfileFields)
    .where(and(eq(hubProfileFields.hubId, options.hubId), eq(hubProfileFields.id, options.id)))
    .limit(1);
  return row ?? null;
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
