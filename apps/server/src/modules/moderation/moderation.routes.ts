import {
  MODERATION_PATHS,
  ZCreateReportRequest,
  ZCreateReportResponse,
  ZErrorBody,
  ZModerationDecisionResponse,
  ZModerationParams,
  ZModerationQueueQuery,
  ZModerationQueueResponse,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReport, decide, moderationQueue, REPORT_RECEIVED } from './moderation.commands.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** Reports and the hub moderation queue (issue #7 item 6). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    MODERATION_PATHS.reports,
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Report a question, answer, comment, resource, event, announcement or message with a reason (201 new, 200 already reported)',
        body: ZCreateReportRequest,
        response: { 200: ZCreateReportResponse, 201: ZCreateReportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id, isNew } = await request.tenant(tenant, (ctx) => createReport(ctx, request.body));
      return reply.code(isNew ? 201 : 200).send({ id, message: REPORT_RECEIVED });
    },
  );

  app.get(
    MODERATION_PATHS.queue,
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Reported content of the hub for its moderators (open, hidden or closed), most recently reported first',
        querystring: ZModerationQueueQuery,
        response: { 200: ZModerationQueueResponse, ...errors },
      },
    },
    async (request) => request.tenant(tenant, (ctx) => moderationQueue(ctx, request.query)),
  );

  app.post(
    MODERATION_PATHS.decision,
    {
      schema: {
        tags: ['moderation'],
        summary: 'Hide, restore, delete reported content or dismiss its reports (audited)',
        params: ZModerationParams,
        response: { 200: ZModerationDecisionResponse, ...errors },
      },
    },
    async (request) => request.tenant(tenant, (ctx) => decide(ctx, request.params)),
  );
};
