import { RICH_TEXT_PATHS, ZErrorBody, ZLinkPreviewRequest, ZLinkPreviewResponse } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isApprovedUser } from '@commons/domain';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TResolver, TTransport } from './guarded-fetch.js';
import { GuardedFetchError } from './guarded-fetch.js';
import { cachedPreview, fetchPreview, storePreview } from './link-previews.commands.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** Link previews cost a server-side fetch: only approved members (of the request's hub, or of any) may ask. */
function requireApprovedSomewhere(ctx: TRequestContext): void {
  if (ctx.isClusterAdmin()) return;
  const memberships = ctx.membership ? [ctx.membership] : ctx.requireViewer().memberships;
  if (!memberships.some((m) => isApprovedUser(m))) throw forbidden('Only approved members can preview links.');
}

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
        const cached = await request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
          requireApprovedSomewhere(ctx);
          return cachedPreview(ctx, url);
        });
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
      },
    );
  };
}
