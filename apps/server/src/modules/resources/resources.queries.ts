import { ZResourceModuleSettings } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { contentFiles, resourceAttachments, resources, users } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { authorColumns, type TAuthorRow } from '../content/content.queries.js';
import { getHubSettings } from '../hubs/hubs.queries.js';

export type TResourceRow = typeof resources.$inferSelect;

/** The hub's resource settings (hub moduleSettings.resources). */
export async function resourceSettings(ctx: TRequestContext, hubId: number) {
  const settings = await getHubSettings(ctx.tx, hubId);
  return ZResourceModuleSettings.parse(settings.moduleSettings['resources'] ?? {});
}

/** The resource of a hub with this slug and its author, or null. */
export async function findResourceBySlug(
  tx: TTx,
  options: { hubId: number; slug: string },
): Promise<{ row: TResourceRow; author: TAuthorRow } | null> {
  const [found] = await tx
    .select({ row: resources, author: authorColumns })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.authorId))
    .where(and(eq(resources.hubId, options.hubId), eq(resources.slug, options.slug)))
    .limit(1);
  return found ?? null;
}

/** The resource of a hub that carries an attached file, or null. */
export async function findResourceOfAttachment(
  tx: TTx,
  options: { hubId: number; fileId: string },
): Promise<TResourceRow | null> {
  const [found] = await tx
    .select({ resource: resources })
    .from(resourceAttachments)
    .innerJoin(resources, eq(resources.id, resourceAttachments.resourceId))
    .where(and(eq(resourceAttachments.fileId, options.fileId), eq(resources.hubId, options.hubId)))
    .limit(1);
  return found?.resource ?? null;
}

/** An attachment file by id, or null. */
export async function findAttachmentFile(tx: TTx, fileId: string) {
  const [row] = await tx
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.kind, 'attachment')))
    .limit(1);
  return row ?? null;
}
