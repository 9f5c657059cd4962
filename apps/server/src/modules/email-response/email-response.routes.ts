import {
  EMAIL_RESPONSE_PATHS,
  ZEmailResponseRequest,
  ZEmailResponseResult,
  ZEmailResponseThread,
  ZErrorBody,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { loadEmailResponseThread, postEmailReply, resolveReplyToken } from './email-response.commands.js';

const ZTokenParams = z.object({ token: z.string().min(1).max(200) });
const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The web side of reply by email (spec 2 /email-response/{token}): the token of a message email's
 * Reply-To address opens the conversation's reply form without signing in, like answering the email.
 */
export function emailResponseRoutes(
  deps: Pick<TAppDeps, 'config' | 'database' | 'clock'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const targetOf = async (token: string) => {
      const target = await resolveReplyToken(deps.database.db, { token, secret: deps.config.jwtSecret });
      if (!target) throw notFound('Conversation');
      return target;
    };

    app.get(
      EMAIL_RESPONSE_PATHS.byToken,
      {
        schema: {
          tags: ['inbox'],
          summary:
            'The conversation a reply-by-email token answers: recipient, latest message, whether a reply is possible',
          security: [],
          params: ZTokenParams,
          response: { 200: ZEmailResponseThread, ...errors },
        },
      },
      async (request, reply) => {
        const thread = await loadEmailResponseThread(deps.database.db, {
          target: await targetOf(request.params.token),
          now: deps.clock(),
        });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(thread);
      },
    );

    app.post(
      EMAIL_RESPONSE_PATHS.byToken,
      {
        schema: {
          tags: ['inbox'],
          summary: 'Reply in the conversation of a reply-by-email token (plain text; the inbox rules apply)',
          security: [],
          params: ZTokenParams,
          body: ZEmailResponseRequest,
          response: { 201: ZEmailResponseResult, ...errors },
        },
      },
      async (request, reply) => {
        const target = await targetOf(request.params.token);
        const result = await postEmailReply(deps.database.db, {
          target,
          text: request.body.text,
          now: deps.clock(),
          ip: request.ip,
          via: 'web',
        });
        return reply.code(201).send(result);
      },
    );
  };
}
