import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ERROR_CODES } from '@commons/contract';
import { AppError } from '../lib/app-error.js';

/**
 * Counts failed attempts per key (a wrong password for an account, a wrong current password of a
 * signed-in user) within a window, in Redis when several processes share the load, else in a bounded
 * in-memory LRU. Unlike a request rate limit it counts only failures, and a success resets the key, so
 * an attacker slows an account down without the owner being locked out by a correct sign-in path
 * (issue #13 items 8 and 9).
 */
export type TFailureCounter = {
  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfterSeconds(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** One counter: at most `max` failures per key in `windowMs`. */
export function createFailureCounter(options: {
  redis: Redis | null;
  namespace: string;
  max: number;
  windowMs: number;
}): TFailureCounter {
  const { redis, max, windowMs } = options;
  const redisKey = (key: string) => `commons-fail:${options.namespace}:${key}`;
  if (redis) {
    return {
      async retryAfterSeconds(key) {
        const [count, ttl] = await Promise.all([redis.get(redisKey(key)), redis.pttl(redisKey(key))]);
        return Number(count ?? 0) >= max ? Math.max(1, Math.ceil(ttl / 1000)) : 0;
      },
      async recordFailure(key) {
        const count = await redis.incr(redisKey(key));
        if (count === 1) await redis.pexpire(redisKey(key), windowMs);
      },
      async reset(key) {
        await redis.del(redisKey(key));
      },
    };
  }
  const counts = new LRUCache<string, { count: number; resetAt: number }>({ max: 50_000, ttl: windowMs });
  return {
    async retryAfterSeconds(key) {
      const entry = counts.get(key);
      return entry && entry.count >= max ? Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000)) : 0;
    },
    async recordFailure(key) {
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { count: 1, resetAt: Date.now() + windowMs });
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

/** The 429 of a key over its failure limit, in the error shape with a message for people. */
export function tooManyFailures(retryAfterSeconds: number, userMessage: string): AppError {
  return new AppError({
    statusCode: 429,
    code: ERROR_CODES.rateLimited,
    message: `Too many failed attempts, retry in ${retryAfterSeconds} seconds`,
    userMessage,
    details: { retryAfterSeconds },
  });
}
