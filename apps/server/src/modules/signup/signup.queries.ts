import {
  STANDARD_DATA_CATEGORIES,
  type TStandardDataCategory,
  type TStandardOption,
} from '@commons/contract';
import { asc, eq } from 'drizzle-orm';
import { hubStandardOptions } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The hub's standard-data option lists, every category present (empty when not configured). */
export async function listStandardOptions(
  ctx: TRequestContext,
): Promise<Record<TStandardDataCategory, TStandardOption[]>> {
  const hub = ctx.requireHub();
  const rows = await ctx.tx
    .select()
    .from(hubStandardOptions)
    .where(eq(hubStandardOptions.hubId, hub.id))
    .orderBy(asc(hubStandardOptions.category), asc(hubStandardOptions.order));
  const options = Object.fromEntries(
    STANDARD_DATA_CATEGORIES.map((c) => [c, [] as TStandardOption[]]),
  ) as Record<TStandardDataCategory, TStandardOption[]>;
  for (const row of rows) {
    const list = options[row.category as TStandardDataCategory];
    list?.push({
      id: row.optionKey,
      label: row.label,
      emoji: row.emoji,
      subText: row.subText,
      image: row.image,
    });
  }
  return options;
}
