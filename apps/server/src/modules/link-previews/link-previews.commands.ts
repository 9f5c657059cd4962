import type { TLinkPreview } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import { and, eq, sql } from 'drizzle-orm';
import { contentFiles, linkPreviews } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { guardedFetchHtml, type TResolver, type TTransport } from './guarded-fetch.js';
import { parseOpenGraph } from './open-graph.js';

/** How long a fetched preview is reused. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

/** The stored preview of a URL, if fetched within a day. */
export async function cachedPreview(ctx: TRequestContext, url: string): Promise<TLinkPreview | null> {
  const [row] = await ctx.tx
    .select()
    .from(linkPreviews)
    .where(
      and(
        eq(linkPreviews.url, url),
        sql`${linkPreviews.fetchedAt} > ${new Date(ctx.now.getTime() - PREVIEW_TTL_MS)}`,
      ),
    )
    .limit(1);
  return row
    ? {
        url: row.url,
        title: row.title,
        description: row.description,
        imageUrl: row.imageUrl,
        siteName: row.siteName,
      }
    : null;
}

/** Fetches a page under the URL rule and reads its preview; runs outside any transaction (no I/O inside one). */
export async function fetchPreview(
  url: string,
  options: { resolve?: TResolver; transport?: TTransport } = {},
): Promise<TLinkPreview> {
  const page = await guardedFetchHtml(url, options);
  return { url, ...parseOpenGraph(page.html, page.url) };
}

/** Stores a fetched preview for the cluster (one row per URL, refreshed). */
export async function storePreview(ctx: TRequestContext, preview: TLinkPreview): Promise<void> {
  await ctx.tx
    .insert(linkPreviews)
    .values({
      clusterId: ctx.clusterId,
      url: preview.url,
      title: preview.title,
      description: preview.description,
      imageUrl: preview.imageUrl,
      siteName: preview.siteName,
      fetchedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: [linkPreviews.clusterId, linkPreviews.url],
      set: {
        title: preview.title,
        description: preview.description,
        imageUrl: preview.imageUrl,
        siteName: preview.siteName,
        fetchedAt: ctx.now,
      },
    });
}

/** Records an editor image already written to storage, so its key can be served and erased later. */
export async function recordContentImage(
  ctx: TRequestContext,
  image: {
    hubId: number | null;
    region: TDataRegion;
    storageKey: string;
    sizeBytes: number;
    originalName: string;
  },
): Promise<void> {
  await ctx.tx.insert(contentFiles).values({
    clusterId: ctx.clusterId,
    hubId: image.hubId,
    uploadedByUserId: ctx.requireViewer().user.id,
    kind: 'image',
    region: image.region,
    storageKey: image.storageKey,
    mimeType: 'image/webp',
    sizeBytes: image.sizeBytes,
    originalName: image.originalName,
  });
}
