import { MODERATION_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { createReport, decide, moderationQueue, REPORT_RECEIVED } from './moderation.commands.js';

/** Reports and the hub moderation queue (issue #7 item 6). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { createReport: createReportEndpoint } = MODERATION_ENDPOINTS;
  // route(), not tenantRoute(): the status depends on the result and is sent after the transaction commits.
  route(app, createReportEndpoint, async ({ body, request, reply }) => {
    const { id, isNew } = await request.tenant(tenantOptionsOf(createReportEndpoint), (ctx) =>
      createReport(ctx, body),
    );
    // Reporting the same content again answers 200: nothing new was stored.
    return isNew ? { id, message: REPORT_RECEIVED } : reply.code(200).send({ id, message: REPORT_RECEIVED });
  });

  tenantRoute(app, MODERATION_ENDPOINTS.queue, (ctx, { query }) => moderationQueue(ctx, query));

  tenantRoute(app, MODERATION_ENDPOINTS.decide, (ctx, { params }) => decide(ctx, params));
};
