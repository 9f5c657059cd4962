import {
  ERROR_CODES,
  HEADERS,
  LOGIN_AS_ENDPOINTS,
  LOGIN_AS_RETURN_COOKIE,
  LOGIN_AS_SESSION_MINUTES,
  REFRESH_COOKIE,
} from '@commons/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.js';
import { decodeCursor } from '../../lib/cursor.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { LOGIN_AS_REFUSAL_MESSAGES } from '@commons/domain';
import { presentSessionUser } from '../auth/auth.presenter.js';
import type { TIssuedSession } from '../auth/auth.commands.js';
import { clearSessionCookies, setRefreshCookie } from '../auth/session-cookies.js';
import { exchangeLoginAsToken, returnFromLoginAs, startLoginAs } from './login-as.commands.js';
import { loginAsCandidates } from './login-as.queries.js';

/** The admin's own refresh token waits here while they act as someone: sent only to the exchange and return. */
const RETURN_COOKIE_PATH = '/api/auth/login-as';

/** Login as a member (issue #22 item 6): the admin's list and start, the ?adminToken= exchange, the return. */
export function loginAsRoutes(deps: TAppDeps): FastifyPluginAsync {
  return async (app) => {
    const isSecure = deps.config.isProduction;
    const cookieBase = { httpOnly: true, secure: isSecure, sameSite: 'strict' as const };

    /** The session's cookies (refresh token and page session, lasting as long as its refresh token) and answer. */
    async function answerSession(reply: FastifyReply, session: TIssuedSession) {
      await setRefreshCookie(reply, session, { isSecure, jwtSecret: deps.config.jwtSecret });
      reply.header(HEADERS.accessToken, session.accessToken);
      return {
        token: session.accessToken,
        user: presentSessionUser(session.viewer, session.organizationAdminHubIds),
      };
    }
    /** Cookie-authenticated calls also need the platform header, so a cross-site form cannot make them. */
    function requirePlatformHeader(request: FastifyRequest): void {
      if (!request.headers[HEADERS.platform])
        throw new AppError({
          statusCode: 403,
          code: ERROR_CODES.forbidden,
          message: `The ${HEADERS.platform} header is required for cookie-authenticated calls`,
        });
    }

    tenantRoute(app, LOGIN_AS_ENDPOINTS.candidates, async (ctx, { query }) => {
      const viewer = ctx.requireViewer();
      const hub = ctx.requireHub();
      if (!ctx.hasRight('login-as-other-admins')) throw forbidden(LOGIN_AS_REFUSAL_MESSAGES.no_right);
      if (viewer.loginAsAdmin) throw forbidden(LOGIN_AS_REFUSAL_MESSAGES.acting_as_someone);
      const page = await loginAsCandidates(ctx.tx, {
        hubId: hub.id,
        viewerId: viewer.user.id,
        viewerRights: ctx.isClusterAdmin() ? null : (ctx.membership?.accessRights ?? []),
        query,
        cursor: decodeCursor(query.cursor, 'text'),
      });
      return {
        items: page.rows.map((r) => ({
          id: r.id,
          fullName: `${r.firstName} ${r.lastName}`.trim(),
          email: r.email,
          userType: r.userType,
        })),
        nextCursor: page.nextCursor,
      };
    });

    tenantRoute(app, LOGIN_AS_ENDPOINTS.start, async (ctx, { body }) =>
      startLoginAs(ctx, { userId: body.userId, publicUrl: deps.config.publicUrl }),
    );

    route(app, LOGIN_AS_ENDPOINTS.exchange, async ({ request, reply, body }) => {
      requirePlatformHeader(request);
      const ownRefreshToken = request.cookies[REFRESH_COOKIE];
      const outcome = await request.tenant(tenantOptionsOf(LOGIN_AS_ENDPOINTS.exchange), (ctx) =>
        exchangeLoginAsToken(ctx, {
          adminToken: body.adminToken,
          ownRefreshToken,
          jwtSecret: deps.config.jwtSecret,
          userAgent: userAgentOf(request),
        }),
      );
      if ('refusal' in outcome) throw outcome.refusal;
      const { session } = outcome;
      // The admin's own refresh token is kept aside (checked as theirs by the exchange) until the return.
      reply.setCookie(LOGIN_AS_RETURN_COOKIE, ownRefreshToken ?? '', {
        ...cookieBase,
        path: RETURN_COOKIE_PATH,
        maxAge: (LOGIN_AS_SESSION_MINUTES + 60) * 60,
      });
      return answerSession(reply, session);
    });

    route(app, LOGIN_AS_ENDPOINTS.return, async ({ request, reply }) => {
      requirePlatformHeader(request);
      const verified = request.verifiedToken;
      const outcome = await request.tenant(tenantOptionsOf(LOGIN_AS_ENDPOINTS.return), async (ctx) => ({
        ...(await returnFromLoginAs(ctx, {
          bearer: verified?.status === 'valid' ? verified.payload : null,
          refreshToken: request.cookies[REFRESH_COOKIE],
          returnToken: request.cookies[LOGIN_AS_RETURN_COOKIE],
          jwtSecret: deps.config.jwtSecret,
          userAgent: userAgentOf(request),
        })),
        clusterId: ctx.clusterId,
      }));
      // The member's session and its open sockets end now.
      if (outcome.ended)
        await deps.realtime.gateway.revokeSessions({
          clusterId: outcome.clusterId,
          userId: outcome.ended.userId,
          sessionIds: [outcome.ended.familyId],
        });
      reply.clearCookie(LOGIN_AS_RETURN_COOKIE, { ...cookieBase, path: RETURN_COOKIE_PATH });
      if (!outcome.session) {
        clearSessionCookies(reply, isSecure);
        throw unauthorized(ERROR_CODES.tokenInvalid, ERROR_CODES.tokenInvalid);
      }
      return answerSession(reply, outcome.session);
    });
  };
}

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
}
