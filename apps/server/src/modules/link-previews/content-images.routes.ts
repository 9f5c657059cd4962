import { randomBytes } from 'node:crypto';
import { LINK_PREVIEW_ENDPOINTS } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { decodeImage, imageFormatOf, readUpload } from '../files/uploads.js';
import type { TAppDeps } from '../../app-deps.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { CONTENT_IMAGE_PATH_PREFIX } from '../../lib/rich-text.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import { recordContentImage } from './link-previews.commands.js';
import { requireContentImageUploader } from './link-previews.policy.js';
import { findContentImage } from './link-previews.queries.js';

/** Largest image accepted from the editor. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Images wider than this are scaled down; they are shown inside a text column. */
const CONTENT_IMAGE_MAX_WIDTH = 1600;

/** Checks an image by its bytes (JPEG, PNG, WebP or GIF), strips metadata and renders a WebP. */
async function processContentImage(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const format = await imageFormatOf(bytes);
  if (!format || !['jpeg', 'png', 'webp', 'gif'].includes(format))
    throw validationError({ file: 'Upload a JPEG, PNG, WebP or GIF image.' });
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
export function contentImageRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  return async (app) => {
    route(app, LINK_PREVIEW_ENDPOINTS.uploadContentImage, async ({ request }) => {
      // Who may upload is settled before the body is read; bytes are written outside the transaction.
      const { region, hubId } = await request.tenant(
        tenantOptionsOf(LINK_PREVIEW_ENDPOINTS.uploadContentImage),
        async (ctx) => requireContentImageUploader(ctx),
      );
      const { bytes, filename } = await readUpload(request, {
        maxBytes: CONTENT_IMAGE_MAX_BYTES,
        tooLargeMessage: 'The image must be 5 MB or smaller.',
        missingMessage: 'Choose an image to upload.',
      });
      const image = await processContentImage(bytes);
      const key = randomBytes(16).toString('hex');
      await deps.storage.put(region, key, image.data);
      await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) =>
        recordContentImage(ctx, {
          hubId,
          region,
          storageKey: key,
          sizeBytes: image.data.length,
          originalName: filename || 'image',
        }),
      );
      return { url: `${CONTENT_IMAGE_PATH_PREFIX}${key}`, width: image.width, height: image.height };
    });

    route(app, LINK_PREVIEW_ENDPOINTS.contentImage, async ({ request, reply, params }) => {
      const file = await request.tenant(tenantOptionsOf(LINK_PREVIEW_ENDPOINTS.contentImage), async (ctx) =>
        findContentImage(ctx, params.key),
      );
      const bytes = file ? await deps.storage.get(file.region as TDataRegion, file.storageKey) : null;
      if (!bytes) throw notFound('Image');
      return reply
        .header('content-type', 'image/webp')
        .header('content-disposition', 'inline; filename="image.webp"')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(bytes);
    });
  };
}
