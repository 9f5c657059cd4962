import { LINK_PREVIEW_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import type { TResolver, TTransport } from './guarded-fetch.js';
import { GuardedFetchError } from './guarded-fetch.js';
import { cachedPreview, fetchPreview, storePreview } from './link-previews.commands.js';
import { requireLinkPreviewer } from './link-previews.policy.js';

/**
 * POST /api/link-previews: the open-graph preview of a link (title ≤ 80, description ≤ 200, spec 9),
 * fetched by the server under the URL rule (spec 5) and cached for a day. Only members may ask, and the
 * fetch happens between two short transactions, never inside one.
 */
export function linkPreviewRoutes(
  options: { resolve?: TResolver; transport?: TTransport } = {},
): FastifyPluginAsync {
  return async (app) => {
    route(app, LINK_PREVIEW_ENDPOINTS.createLinkPreview, async ({ request, body }) => {
      const url = body.url;
      const cached = await request.tenant(
        tenantOptionsOf(LINK_PREVIEW_ENDPOINTS.createLinkPreview),
        async (ctx) => {
          requireLinkPreviewer(ctx);
          return cachedPreview(ctx, url);
        },
      );
      if (cached) return { preview: cached };
      let preview;
      try {
        preview = await fetchPreview(url, options);
      } catch (error) {
        if (error instanceof GuardedFetchError) {
          // One answer for every refusal and failure: a refused address, a closed port and an unreachable
          // host must look alike, or the endpoint maps the network behind the server (issue #13 item 4).
          request.log.info({ reason: error.reason }, 'link preview unavailable');
          throw new AppError({
            statusCode: 422,
            code: 'preview_unavailable',
            message: 'No preview for this link',
            userMessage: 'We could not load a preview of this link.',
          });
        }
        throw error;
      }
      await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => storePreview(ctx, preview));
      return { preview };
    });
  };
}
