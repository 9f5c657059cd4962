import { EMAIL_RESPONSE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { route } from '../../plugins/route.js';
import { loadEmailResponseThread, postEmailReply, resolveReplyToken } from './email-response.commands.js';

/**
 * The web side of reply by email (spec 2 /email-response/{token}): the token of a message email's
 * Reply-To address opens the conversation's reply form without signing in, like answering the email.
 */
export function emailResponseRoutes(
  deps: Pick<TAppDeps, 'config' | 'database' | 'clock'>,
): FastifyPluginAsync {
  return async (app) => {
    const targetOf = async (token: string) => {
      const target = await resolveReplyToken(deps.database.db, { token, secret: deps.config.jwtSecret });
      if (!target) throw notFound('Conversation');
      return target;
    };

    route(app, EMAIL_RESPONSE_ENDPOINTS.thread, async ({ params, reply }) => {
      const thread = await loadEmailResponseThread(deps.database.db, {
        target: await targetOf(params.token),
        now: deps.clock(),
      });
      // The token is a credential: never cached, never sent on as a referrer.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return thread;
    });

    route(app, EMAIL_RESPONSE_ENDPOINTS.reply, async ({ params, body, request }) =>
      postEmailReply(deps.database.db, {
        target: await targetOf(params.token),
        text: body.text,
        now: deps.clock(),
        ip: request.ip,
        via: 'web',
      }),
    );
  };
}
