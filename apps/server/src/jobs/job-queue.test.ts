import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb, openTestDatabase } from '../../test/test-app.js';
import { queryRows } from '../db/client.js';
import { startJobQueue, type TJobQueue } from './job-queue.js';

describeDb('job queue (pg-boss, ADR 0005)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let queue: TJobQueue;
  const runs: string[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    database = await openTestDatabase();
    queue = await startJobQueue({
      db: database.jobQueueDb,
      backend: database.kind,
      log: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
      jobs: [
        { name: 'counts', cron: '0 0 1 1 *', run: async () => (runs.push('counts'), 1) },
        {
          name: 'flaky',
          cron: '0 0 1 1 *',
          run: async () => {
            runs.push('flaky');
            if (failuresLeft-- > 0) throw new Error('first run fails');
            return 0;
          },
        },
      ],
    });
  });

  afterAll(async () => {
    await queue.stop();
    await database.close();
    await database.dropDatabase();
  });

  it('keeps one keyed schedule per job in the pgboss schema, which the app role owns', async () => {
    const schedules = await queryRows<{ key: string }>(
      database.db,
      sql`SELECT key FROM pgboss.schedule ORDER BY key`,
    );
    expect(schedules.map((s) => s.key)).toEqual(['counts', 'flaky']);
    const foreign = await queryRows<{ tablename: string }>(
      database.db,
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'pgboss' AND (rowsecurity OR tableowner <> 'commons_app')`,
    );
    expect(foreign).toEqual([]);
  });

  it('runs a queued job, and retries one that throws', async () => {
    await queue.runNow('counts');
    await queue.runNow('flaky', { retryDelay: 0, retryBackoff: false });
    await vi.waitFor(() => expect(runs.filter((r) => r === 'flaky')).toHaveLength(2), {
      timeout: 15_000,
      interval: 100,
    });
    expect(runs).toContain('counts');
    await expect(queue.runNow('unknown')).rejects.toThrow('unknown job');
  });
});
