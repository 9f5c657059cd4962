import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { contentFiles } from '../../db/schema/index.js';

/** The storage key of an uploaded rich-text image URL (/api/rich-text/images/{key}), else null. */
export function richTextImageKeyOf(url: string | null | undefined): string | null {
  return url ? (/^\/api\/rich-text\/images\/([a-f0-9]{32})$/.exec(url)?.[1] ?? null) : null;
}

/**
 * Checks admin-chosen images (action item banners, badges): each URL must be an image uploaded to this hub
 * through the rich-text endpoint, of at most `maxBytes`. Answers a message per failing field (none: {}).
 */
export async function uploadedHubImageErrors(
  tx: TTx,
  options: {
    hubId: number;
    images: Record<string, string | null | undefined>;
    maxBytes: number;
    messages: { unknown: string; tooLarge: string };
  },
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  // One after another: a transaction's queries share one connection.
  for (const [field, url] of Object.entries(options.images)) {
    const key = richTextImageKeyOf(url);
    if (key === null) continue;
    const [file] = await tx
      .select({ sizeBytes: contentFiles.sizeBytes })
      .from(contentFiles)
      .where(
        and(
          eq(contentFiles.storageKey, key),
          eq(contentFiles.hubId, options.hubId),
          eq(contentFiles.kind, 'image'),
        ),
      )
      .limit(1);
    if (!file) fields[field] = options.messages.unknown;
    else if (file.sizeBytes > options.maxBytes) fields[field] = options.messages.tooLarge;
  }
  return fields;
}
