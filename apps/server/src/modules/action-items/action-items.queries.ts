import type { TActionItemType } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { actionItemCompletions } from '../../db/schema/index.js';

/** The action item types a user completed in a hub. */
export async function completedActionItemTypes(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<Set<TActionItemType>> {
  const rows = await tx
    .select({ type: actionItemCompletions.type })
    .from(actionItemCompletions)
    .where(
      and(eq(actionItemCompletions.userId, options.userId), eq(actionItemCompletions.hubId, options.hubId)),
    );
  return new Set(rows.map((r) => r.type));
}
