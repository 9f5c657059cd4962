import { RICH_TEXT_PATHS, ZErrorBody, ZLinkPreviewRequest, ZLinkPreviewResponse } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { TResolver, TTransport } from './guarded-fetch.js';
import { GuardedFetchError } from './guarded-fetch.js';
import { cachedPreview, fetchPreview, storePreview } from './link-previews.commands.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/**
 * POST /api/link-previews: the open-graph preview of a link (title ≤ 80, description ≤ 200, spec 9),
 * fetched by the server under the URL rule (spec 5) and cached for a day. Only members may ask, and the
 * fetch happens between two short transactions, never inside one.
 */
export function linkPreviewRoutes(options: { resolve?: TResolver; transport?: TTransport } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      RICH_TEXT_PATHS.linkPreviews,
      { schema: { tags: ['rich-text'], summary: 'Preview a link (open-graph title and description), fetched safely by the server', body: ZLinkPreviewRequest, response: { 200: ZLinkPreviewResponse, ...errors } } },
      async (request) => {
        const url = request.body.url;
        const cached = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => cachedPreview(ctx, url));
        if (cached) return { preview: cached };
        let preview;
        try {
          preview = await fetchPreview(url, options);
        } catch (error) {
          if (error instanceof GuardedFetchError) {
            const isRefused = error.reason === 'invalid_url' || error.reason === 'private_address';
            throw new AppError({
              statusCode: isRefused ? 400 : 422,
              code: isRefused ? 'url_not_allowed' : 'preview_unavailable',
              message: `${error.reason}: ${error.message}`,
              userMessage: isRefused ? 'This link cannot be previewed.' : 'We could not load a preview of this link.',
              ...(isRefused ? { fields: { url: 'This link cannot be previewed.' } } : {}),
            });
          }
          throw error;
        }
        await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => storePreview(ctx, preview));
        return { preview };
      },
    );
  };
}
