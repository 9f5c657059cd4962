import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Db as IDatabase, type SendOptions } from 'pg-boss';

/** pg-boss's own schema; migration 0021 creates it owned by the app role, outside the app's row-level security. */
export const JOB_QUEUE_SCHEMA = 'pgboss';
/** Every periodic job is one keyed schedule on this queue, so one worker polls for all of them. */
const PERIODIC_QUEUE = 'periodic';

export type TPeriodicJob = {
  /** Schedule key and log name. */
  name: string;
  /** Five-field cron in UTC; pg-boss creates one job per tick across all processes. */
  cron: string;
  /** Answers how many rows it handled, for the log. */
  run: () => Promise<number>;
};

export type TJobQueue = {
  /** Queues a run of a periodic job now (deferred work; tests); pg-boss retries it like a scheduled one. */
  runNow: (name: string, options?: SendOptions) => Promise<void>;
  /** Runs a failed job of `queue` again (the failed-jobs view, issue #23 item 4); answers whether one was failed. */
  retry: (queue: string, id: string) => Promise<boolean>;
  stop: () => Promise<void>;
};

function boss(
  db: IDatabase,
  backend: 'postgres' | 'pglite',
  log: FastifyBaseLogger | null,
  isInstallOnly = false,
): PgBoss {
  const instance = new PgBoss({
    db,
    backend,
    schema: JOB_QUEUE_SCHEMA,
    registerInstance: false,
    // Only the owner's migration step installs or upgrades pg-boss; the app role has no right to create schemas.
    ...(isInstallOnly ? { supervise: false, schedule: false } : { migrate: false }),
  });
  instance.on('error', (error) => log?.error({ err: error }, 'job queue error'));
  return instance;
}

/**
 * Installs or upgrades pg-boss's tables and the periodic queue. Runs with the owner's migrations (under the app role,
 * which owns the schema), so the app never needs DDL rights and a server start finds everything in place.
 */
export async function installJobQueue(db: IDatabase, backend: 'postgres' | 'pglite'): Promise<void> {
  const instance = boss(db, backend, null, true);
  await instance.start();
  try {
    if (!(await instance.getQueue(PERIODIC_QUEUE))) {
      await instance.createQueue(PERIODIC_QUEUE, {
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
    }
  } finally {
    await instance.stop({ graceful: false });
  }
}

/** Starts the schedules and the worker of one server process; stop() waits for a running job before the database closes. */
export async function startJobQueue(deps: {
  db: IDatabase;
  backend: 'postgres' | 'pglite';
  log: FastifyBaseLogger;
  jobs: TPeriodicJob[];
  /**
   * How often the worker looks for due jobs (default 2 s). It takes one job per look, and at the top of the hour
   * nine periodic jobs fall due at once: at 10 s a process fell about 90 s behind, past a scheduled bulk
   * email's "within a minute" (found by jobs-two-process.test).
   */
  pollingIntervalSeconds?: number;
}): Promise<TJobQueue> {
  const instance = boss(deps.db, deps.backend, deps.log);
  await instance.start();
  const byName = new Map(deps.jobs.map((job) => [job.name, job]));
  for (const job of deps.jobs)
    await instance.schedule(PERIODIC_QUEUE, job.cron, { job: job.name }, { key: job.name });
  await instance.work<{ job: string }>(
    PERIODIC_QUEUE,
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      const periodic = job ? byName.get(job.data.job) : undefined;
      if (!periodic) return;
      try {
        const count = await periodic.run();
        if (count > 0) deps.log.info({ job: periodic.name, count }, 'job done');
      } catch (error) {
        deps.log.error({ err: error, job: periodic.name }, 'job failed; pg-boss retries it');
        throw error;
      }
    },
  );
  return {
    runNow: async (name, options) => {
      if (!byName.has(name)) throw new Error(`unknown job ${name}`);
      await instance.send(PERIODIC_QUEUE, { job: name }, options ?? {});
    },
    retry: async (queue, id) => {
      // pg-boss's CommandResponse type declares no fields; its value carries how many jobs the call changed.
      const response = (await instance.retry(queue, id)) as { affected?: number };
      return (response.affected ?? 0) > 0;
    },
    stop: () => instance.stop({ graceful: true, timeout: 10_000 }),
  };
}
