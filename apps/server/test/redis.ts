import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis connection for tests, or null with a visible notice (a failure under REQUIRE_SERVICES=1). */
export async function connectTestRedis(): Promise<Redis | null> {
  const redis = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const reason = `Redis at ${REDIS_TEST_URL} did not answer (${(error as Error).message})`;
    if (process.env.REQUIRE_SERVICES === '1')
      throw new Error(`${reason}; REQUIRE_SERVICES=1 makes this a failure.`);
    console.warn(`\n  NOTICE: ${reason}. Redis-backed tests are SKIPPED.\n`);
    return null;
  }
}
