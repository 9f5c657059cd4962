import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@commons/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';

export type TRateLimits = {
  /** Attempts per IP address per window on sign-in, sign-up and magic-link. */
  authPerIp: number;
  /**
   * Per email address per window: sign-up and magic-link requests, and failed sign-ins of one account
   * (only failures count; a known device or a magic link still signs the owner in).
   */
  authPerEmail: number;
  /**
   * Public look-ups per IP address per window (the sign-up community search, asked while typing): enough
   * for people, too few to walk every hub name of a cluster.
   */
  lookupPerIp: number;
  windowMs: number;
};

export const DEFAULT_RATE_LIMITS: TRateLimits = {
  authPerIp: 30,
  authPerEmail: 10,
  lookupPerIp: 120,
  windowMs: 60_000,
};

/** Registers the limiter; counters live in Redis when several processes share the load. */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null): Promise<void> {
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'commons-rl:' } : {}) });
}

/**
 * A preHandler that limits by IP and, with `isPerEmail`, by the body's email (keyed per route, so asking for
 * links never uses up sign-in attempts), answering 429 with a clear message.
 */
export function authAttemptLimiter(
  app: FastifyInstance,
  limits: TRateLimits,
  options: { isPerEmail: boolean },
): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: limits.authPerIp,
    timeWindow: limits.windowMs,
    keyGenerator: (req: FastifyRequest) => `ip:${req.routeOptions.url}:${req.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: limits.authPerEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (req: FastifyRequest) => `email:${req.routeOptions.url}:${emailOf(req.body) ?? 'none'}`,
  });
  return async (request, reply) => {
    for (const check of [perIp, perEmail]) {
      if (check === perEmail && (!options.isPerEmail || !emailOf(request.body))) continue;
      refuseWhenExceeded(await check(request), reply);
    }
  };
}

/** A limiter by IP alone for public look-ups (keyed per route), answering 429 like the auth limiter. */
export function lookupLimiter(app: FastifyInstance, limits: TRateLimits): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: limits.lookupPerIp,
    timeWindow: limits.windowMs,
    keyGenerator: (req: FastifyRequest) => `lookup:${req.routeOptions.url}:${req.ip}`,
  });
  return async (request, reply) => refuseWhenExceeded(await perIp(request), reply);
}

type TLimitResult = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

function refuseWhenExceeded(result: TLimitResult, reply: FastifyReply): void {
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(result.ttlInSeconds));
  throw new AppError({
    statusCode: 429,
    code: ERROR_CODES.rateLimited,
    message: `Rate limit exceeded, retry in ${result.ttlInSeconds} seconds`,
    userMessage: `Too many attempts. Please wait ${result.ttlInSeconds} seconds and try again.`,
  });
}

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email.trim().toLowerCase() : null;
}
