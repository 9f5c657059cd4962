import { randomBytes } from 'node:crypto';
import { RICH_TEXT_PATHS, ZErrorBody, ZRichTextImageParams, ZRichTextImageResponse } from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeImage, imageFormatOf, readUpload } from '../files/uploads.js';
import type { TAppDeps } from '../../app-deps.js';
import { contentFiles } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { CONTENT_IMAGE_PATH_PREFIX } from '../../lib/rich-text.js';

/** Largest image accepted from the editor. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Images wider than this are scaled down; they are shown inside a text column. */
const CONTENT_IMAGE_MAX_WIDTH = 1600;
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };

/** Checks an image by its bytes (JPEG, PNG, WebP or GIF), strips metadata and renders a WebP. */
async function processContentImage(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const format = await imageFormatOf(bytes);
  if (!format || !['jpeg', 'png', 'webp', 'gif'].includes(format)) throw validationError({ file: 'Upload a JPEG, PNG, WebP or GIF image.' });
  const { data, info } = await decodeImage(bytes)
    .rotate()
    .resize({ width: CONTENT_IMAGE_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Images inserted into the rich-text editor (spec 7): uploaded through the server, never hot-linked.
 * The URL carries a 128-bit key, so <img> works without a bearer token.
 */
export function contentImageRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      RICH_TEXT_PATHS.images,
      {
        schema: {
          tags: ['rich-text'],
          summary: 'Upload an image for the rich-text editor (JPEG, PNG, WebP or GIF, 5 MB at most; multipart field "file")',
          consumes: ['multipart/form-data'],
          response: { 201: ZRichTextImageResponse, ...errors },
        },
      },
      async (request, reply) => {
        // Who may upload is settled before the body is read; bytes are written outside the transaction.
        const { region, hubId } = await request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
          const viewer = ctx.requireViewer();
          const hub = ctx.hub ?? viewer.memberships.find((m) => m.isDefault)?.hub ?? viewer.memberships[0]?.hub ?? null;
          if (ctx.hub && !ctx.membership && !ctx.isClusterAdmin()) throw notFound('Hub');
          return { region: hub ? dataRegionForHubId(hub.id) : ('us' as TDataRegion), hubId: hub?.id ?? null };
        });
        const { bytes, filename } = await readUpload(request, { maxBytes: CONTENT_IMAGE_MAX_BYTES, tooLargeMessage: 'The image must be 5 MB or smaller.', missingMessage: 'Choose an image to upload.' });
        const image = await processContentImage(bytes);
        const key = randomBytes(16).toString('hex');
        await deps.storage.put(region, key, image.data);
        await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          await ctx.tx.insert(contentFiles).values({
            clusterId: ctx.clusterId,
            hubId,
            uploadedByUserId: ctx.requireViewer().user.id,
            kind: 'image',
            region,
            storageKey: key,
            mimeType: 'image/webp',
            sizeBytes: image.data.length,
            originalName: filename || 'image',
          });
        });
        return reply.code(201).send({ url: `${CONTENT_IMAGE_PATH_PREFIX}${key}`, width: image.width, height: image.height });
      },
    );

    app.get(
      RICH_TEXT_PATHS.image,
      { schema: { tags: ['rich-text'], summary: 'An image of rich text (WebP)', params: ZRichTextImageParams, produces: ['image/webp'] } },
      async (request, reply) => {
        const file = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          const [row] = await ctx.tx
            .select()
            .from(contentFiles)
            .where(and(eq(contentFiles.storageKey, request.params.key), eq(contentFiles.kind, 'image')))
            .limit(1);
          return row ?? null;
        });
        const bytes = file ? await deps.storage.get(file.region as TDataRegion, file.storageKey) : null;
        if (!bytes) throw notFound('Image');
        return reply
          .header('content-type', 'image/webp')
          .header('content-disposition', 'inline; filename="image.webp"')
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(bytes);
      },
    );
  };
}
