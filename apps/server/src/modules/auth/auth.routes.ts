import {
  AUTH_ENDPOINTS,
  AUTH_PATHS,
  ERROR_CODES,
  REFRESH_COOKIE,
  ZErrorBody,
  ZRefreshResponse,
  HEADERS,
} from '@commons/contract';
import { checkPassword, INVALID_LOGIN_METHOD_MESSAGE, validateLoginMethod } from '@commons/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden, validationError } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { authAttemptLimiter, type TRateLimits } from '../../plugins/rate-limit.js';
import type { TAppDeps } from '../../app-deps.js';
import {
  familyOfRefreshToken,
  requestMagicLink,
  revokeFamily,
  rotateRefreshToken,
  signIn,
  signInWithMagicLink,
  confirmSignUp,
  requestSignUp,
  type TIssuedSession,
} from './auth.commands.js';
import { assertEmailSignupOpen } from '../hubs/hub-admin-settings.commands.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { assertClusterOffersEmailSignup, assertEmailMayUsePassword } from '../sso/sso.policy.js';
import { organizationAdminHubIds } from '../organization-admin/organization-admin.queries.js';
import { presentSessionUser } from './auth.presenter.js';
import {
  checkPasswordReset,
  completePasswordReset,
  requestPasswordReset,
} from './password-reset.commands.js';
import { listOutbox } from './auth.queries.js';
import { KNOWN_DEVICE_COOKIE, knownDeviceUser } from './known-device.js';
import { clearSessionCookies, setRefreshCookie, setSessionCookies } from './session-cookies.js';

/** Auth API of issue #2: sign-up, sign-in, refresh rotation, magic links, password reset, sign-out, me. */
export function authRoutes(deps: TAppDeps & { rateLimits: TRateLimits }): FastifyPluginAsyncZod {
  return async (app) => {
    const limitPerIp = authAttemptLimiter(app, deps.rateLimits, { isPerEmail: false });
    const limitPerIpAndEmail = authAttemptLimiter(app, deps.rateLimits, { isPerEmail: true });
    const isSecureCookie = deps.config.isProduction;

    const cookieOptions = { isSecure: isSecureCookie, jwtSecret: deps.config.jwtSecret };

    async function answerSession(reply: FastifyReply, session: TIssuedSession) {
      await setSessionCookies(reply, session, cookieOptions);
      reply.header(HEADERS.accessToken, session.accessToken);
      return {
        token: session.accessToken,
        user: presentSessionUser(session.viewer, session.organizationAdminHubIds),
      };
    }
    /** Cookie-authenticated calls also need the platform header, so a cross-site form cannot make them. */
    function requirePlatformHeader(request: FastifyRequest): void {
      if (!request.headers[HEADERS.platform]) {
        throw new AppError({
          statusCode: 403,
          code: ERROR_CODES.forbidden,
          message: `The ${HEADERS.platform} header is required for cookie-authenticated calls`,
        });
      }
    }

    // The rate limits run first, as a preHandler would: after validation, before any work.
    route(app, AUTH_ENDPOINTS.signUp, async ({ request, reply, body }) => {
      await limitPerIpAndEmail.call(app, request, reply);
      const outcome = await request.tenant(
        tenantOptionsOf(AUTH_ENDPOINTS.signUp, body.hubIdentifier),
        async (ctx) => {
          // The hub's signup settings may close email sign-up (issue #22 item 1; spec 5 Signup methods).
          assertEmailSignupOpen(await getHubSettings(ctx.tx, ctx.requireHub().id));
          // spec 5: the cluster may hide email sign-up; an SSO-required email domain signs up through its provider.
          await assertClusterOffersEmailSignup(ctx);
          await assertEmailMayUsePassword(ctx, body.email);
          return requestSignUp(ctx, { ...body, publicUrl: deps.config.publicUrl });
        },
      );
      deps.mail.kick();
      if (!deps.config.smtpUrl && outcome.confirmationLink)
        request.log.info({ link: outcome.confirmationLink }, 'sign-up confirmation link (no SMTP_URL set)');
      return { isSent: true as const, email: outcome.email };
    });

    route(app, AUTH_ENDPOINTS.signUpConfirm, async ({ request, reply, body }) => {
      await limitPerIp.call(app, request, reply);
      const session = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.signUpConfirm), (ctx) =>
        confirmSignUp(ctx, {
          token: body.token,
          timezone: body.timezone,
          jwtSecret: deps.config.jwtSecret,
          userAgent: userAgentOf(request),
        }),
      );
      return answerSession(reply, session);
    });

    route(app, AUTH_ENDPOINTS.signIn, async ({ request, reply, body }) => {
      await limitPerIp.call(app, request, reply);
      // spec 5 Sign-in login method: a non-empty string, else 'Invalid Login Method'.
      const methodError = validateLoginMethod(body.loginMethod);
      if (methodError) throw validationError({ loginMethod: methodError });
      if (body.loginMethod !== 'email') throw validationError({ loginMethod: INVALID_LOGIN_METHOD_MESSAGE });
      const session = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.signIn), async (ctx) => {
        // spec 5: an SSO-required email domain has no password sign-in.
        await assertEmailMayUsePassword(ctx, body.email);
        return signIn(ctx, {
          email: body.email,
          password: body.password,
          userAgent: userAgentOf(request),
          knownDeviceUserId: knownDeviceUser(deps.config.jwtSecret, request.cookies[KNOWN_DEVICE_COOKIE]),
          jwtSecret: deps.config.jwtSecret,
          failures: deps.failureCounters.signIn,
        });
      });
      return answerSession(reply, session);
    });

    const refreshHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      requirePlatformHeader(request);
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!refreshToken) {
        return reply.status(401).send({ error: true, message: ERROR_CODES.tokenInvalid, token: null });
      }
      const outcome = await request.tenant({ auth: 'optional', hub: 'none' }, (ctx) =>
        rotateRefreshToken(ctx, {
          refreshToken,
          jwtSecret: deps.config.jwtSecret,
          userAgent: userAgentOf(request),
        }),
      );
      if (outcome.status === 'invalid') {
        clearSessionCookies(reply, isSecureCookie);
        return reply.status(401).send({ error: true, message: ERROR_CODES.tokenInvalid, token: null });
      }
      await setRefreshCookie(reply, outcome.session, cookieOptions);
      reply.header(HEADERS.accessToken, outcome.session.accessToken);
      return { error: false, message: 'ok', token: outcome.session.accessToken };
    };
    const refreshSchema = {
      tags: ['auth'],
      response: { 200: ZRefreshResponse, 401: ZRefreshResponse, 403: ZErrorBody },
    };
    app.get(
      AUTH_PATHS.refreshTimer,
      {
        schema: {
          ...refreshSchema,
          operationId: 'refreshSessionOnTimer',
          summary: 'Refresh the session on the client timer',
        },
      },
      refreshHandler,
    );
    app.get(
      AUTH_PATHS.refreshAfterError,
      {
        schema: {
          ...refreshSchema,
          operationId: 'refreshSessionAfterError',
          summary: 'Refresh after a 401 or token_expired',
        },
      },
      refreshHandler,
    );

    route(app, AUTH_ENDPOINTS.signOut, async ({ request, reply }) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      const token = request.verifiedToken;
      if (token?.status !== 'valid') requirePlatformHeader(request);
      const ended = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.signOut), async (ctx) => {
        const family =
          token?.status === 'valid'
            ? { familyId: token.payload.sid, userId: token.payload.sub }
            : refreshToken
              ? await familyOfRefreshToken(ctx.tx, refreshToken)
              : null;
        if (!family) return null;
        await revokeFamily(ctx.tx, family.familyId, ctx.now);
        await ctx.audit({ action: 'auth.sign_out', targetType: 'session', targetId: family.familyId });
        return { ...family, clusterId: ctx.clusterId };
      });
      // The session's open sockets close now, not when their token would have expired.
      if (ended)
        await deps.realtime.gateway.revokeSessions({
          clusterId: ended.clusterId,
          userId: ended.userId,
          sessionIds: [ended.familyId],
        });
      clearSessionCookies(reply, isSecureCookie);
      return { ok: true as const };
    });

    tenantRoute(app, AUTH_ENDPOINTS.me, async (ctx) => {
      const viewer = ctx.requireViewer();
      return { user: presentSessionUser(viewer, await organizationAdminHubIds(ctx.tx, viewer)) };
    });

    route(app, AUTH_ENDPOINTS.magicLink, async ({ request, reply, body }) => {
      await limitPerIpAndEmail.call(app, request, reply);
      const sent = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.magicLink), async (ctx) => {
        await assertEmailMayUsePassword(ctx, body.email);
        return requestMagicLink(ctx, {
          email: body.email,
          publicUrl: deps.config.publicUrl,
          hubIdentifier: body.hubIdentifier,
        });
      });
      if (sent) {
        deps.mail.kick();
        if (!deps.config.smtpUrl)
          request.log.info({ userId: sent.userId, link: sent.link }, 'magic link (no SMTP_URL set)');
      }
      return { isSent: true };
    });

    route(app, AUTH_ENDPOINTS.magicLinkVerify, async ({ request, reply, body }) => {
      await limitPerIp.call(app, request, reply);
      const session = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.magicLinkVerify), (ctx) =>
        signInWithMagicLink(ctx, {
          token: body.token,
          jwtSecret: deps.config.jwtSecret,
          userAgent: userAgentOf(request),
        }),
      );
      // The link proved the mailbox: failed password attempts on the account start over.
      await deps.failureCounters.signIn.reset(session.viewer.user.email);
      return answerSession(reply, session);
    });

    // Forgot password (issue #16 item 13): limited like magic links; the same answer for any email.
    route(app, AUTH_ENDPOINTS.passwordReset, async ({ request, reply, body }) => {
      await limitPerIpAndEmail.call(app, request, reply);
      const sent = await request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.passwordReset), (ctx) =>
        requestPasswordReset(ctx, {
          email: body.email,
          publicUrl: deps.config.publicUrl,
          hubIdentifier: body.hubIdentifier,
        }),
      );
      if (sent) {
        deps.mail.kick();
        if (!deps.config.smtpUrl)
          request.log.info({ userId: sent.userId, link: sent.link }, 'password reset link (no SMTP_URL set)');
      }
      return { isSent: true as const };
    });

    route(app, AUTH_ENDPOINTS.passwordResetCheck, async ({ request, reply, body }) => {
      await limitPerIp.call(app, request, reply);
      return request.tenant(tenantOptionsOf(AUTH_ENDPOINTS.passwordResetCheck), (ctx) =>
        checkPasswordReset(ctx, body.token),
      );
    });

    route(app, AUTH_ENDPOINTS.passwordResetComplete, async ({ request, reply, body }) => {
      await limitPerIp.call(app, request, reply);
      const reset = await request.tenant(
        tenantOptionsOf(AUTH_ENDPOINTS.passwordResetComplete),
        async (ctx) => ({
          ...(await completePasswordReset(ctx, body)),
          clusterId: ctx.clusterId,
        }),
      );
      // Every session ended with the old password: its open sockets close too.
      await deps.realtime.gateway.revokeSessions({
        clusterId: reset.clusterId,
        userId: reset.userId,
        sessionIds: null,
      });
      // The link proved the mailbox: failed password attempts on the account start over.
      await deps.failureCounters.signIn.reset(reset.email);
      deps.mail.kick();
      return { email: reset.email };
    });

    route(app, AUTH_ENDPOINTS.passwordCheck, async ({ body }) => checkPassword(body.password));

    tenantRoute(app, AUTH_ENDPOINTS.devOutbox, async (ctx, { query }) => {
      if (!ctx.requireViewer().user.isSuperAdmin) throw forbidden();
      if (deps.config.smtpUrl) throw forbidden('The outbox is not exposed when mail is sent through SMTP.');
      const { rows, nextCursor } = await listOutbox(ctx, query);
      return {
        items: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: hideLinkSecrets(m.textBody),
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
        nextCursor,
      };
    });
  };
}

/**
 * Mail text with the secrets of its links hidden: a super admin reading the outbox must not be able to
 * sign in as someone, reset their password or answer for them (issue #13 item 16).
 */
export function hideLinkSecrets(text: string): string {
  return text
    .replace(/([?&](?:magic_link|token|code)=)[^\s&#]+/gi, '$1[hidden]')
    .replace(/(\/(?:email-response|unsubscribe|feeds?)\/)[A-Za-z0-9_.-]{16,}/g, '$1[hidden]');
}

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
}
