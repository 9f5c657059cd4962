import { and, eq } from 'drizzle-orm';
import { userFiles, users } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The stored photo with this key, or null. */
export async function findPhoto(ctx: TRequestContext, key: string) {
  const [row] = await ctx.tx
    .select()
    .from(userFiles)
    .where(and(eq(userFiles.storageKey, key), eq(userFiles.kind, 'photo')))
    .limit(1);
  return row ?? null;
}

/** A stored file with its owner's identifier (to check who may see their profile), or null. */
export async function findFileWithOwner(ctx: TRequestContext, id: string) {
  const [row] = await ctx.tx
    .select({ file: userFiles, identifier: users.identifier })
    .from(userFiles)
    .innerJoin(users, eq(users.id, userFiles.userId))
    .where(eq(userFiles.id, id))
    .limit(1);
  return row ?? null;
}
