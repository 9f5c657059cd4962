import { and, eq } from 'drizzle-orm';
import { contentFiles } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The stored editor image with this key, or null. */
export async function findContentImage(ctx: TRequestContext, key: string) {
  const [row] = await ctx.tx
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.storageKey, key), eq(contentFiles.kind, 'image')))
    .limit(1);
  return row ?? null;
}
