import { and, count, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { hubMemberships, userTypes } from '../../db/schema/index.js';
import type { TUserTypeRow } from '../../plugins/request-context.js';

/** Members of the hub per user type id (a type with members is never deleted). */
export async function memberCountsByUserType(tx: TTx, hubId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ userTypeId: hubMemberships.userTypeId, n: count() })
    .from(hubMemberships)
    .where(eq(hubMemberships.hubId, hubId))
    .groupBy(hubMemberships.userTypeId);
  return new Map(rows.filter((r) => r.userTypeId !== null).map((r) => [r.userTypeId as string, Number(r.n)]));
}

/** One user type of the hub, or null when the hub has no such type. */
export async function findHubUserType(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TUserTypeRow | null> {
  const [row] = await tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.hubId, options.hubId), eq(userTypes.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** Which of these ids are user types of the hub. */
export async function hubUserTypeIdsAmong(
  tx: TTx,
  options: { hubId: number; ids: readonly string[] },
): Promise<Set<string>> {
  if (options.ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, options.hubId), inArray(userTypes.id, [...options.ids])));
  return new Set(rows.map((r) => r.id));
}
