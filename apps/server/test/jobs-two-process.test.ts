import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestUser,
} from './factories.js';
import {
  freePort,
  httpCall,
  startServerProcess,
  stopServerProcess,
  type TServerProcess,
} from './server-process.js';
import { describeDb, openTestDatabase, spawnedServerDatabaseEnv, TEST_DB } from './test-app.js';

const START_TIMEOUT_MS = 90_000;
/** The every-minute jobs of jobs/scheduler.ts, each a keyed pg-boss schedule on the queue `periodic`. */
const EVERY_MINUTE = ['admin-data-imports', 'bulk-messages', 'webhook-deliveries', 'email-digests'] as const;
/** pg-boss's cron pass files each occurrence as one job of this queue (singleton key `periodic__<name>`, slot). */
const SEND_IT_QUEUE = '__pgboss__send-it';
/** A tick after both processes are up, plus two cron passes (30 s apart) and the workers' polls (5 s, 10 s). */
const SETTLE_TIMEOUT_MS = 130_000;

type TJobRow = {
  name: string;
  job: string | null;
  singleton_key: string | null;
  slot: string | null;
  state: string;
  retry_count: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
};

/**
 * The jobs of `periodic` that a cron occurrence (a send-it job) created: pg-boss's send-it worker inserts them
 * while the occurrence is active, so they were created between its start and its completion.
 */
function runsOf(jobs: TJobRow[], occurrence: TJobRow): TJobRow[] {
  const from = occurrence.started_on?.getTime() ?? Infinity;
  const to = occurrence.completed_on?.getTime() ?? Infinity;
  return jobs.filter(
    (j) =>
      j.name === 'periodic' &&
      j.job === occurrence.job &&
      j.created_on.getTime() >= from &&
      j.created_on.getTime() <= to,
  );
}

/** The jobs of `periodic` that no cron occurrence created (runNow). */
function oneOffRuns(jobs: TJobRow[]): TJobRow[] {
  const occurrences = jobs.filter((j) => j.name === SEND_IT_QUEUE);
  return jobs.filter((j) => j.name === 'periodic' && !occurrences.some((o) => runsOf([j], o).length > 0));
}

/**
 * Two real server processes on one PostgreSQL database (issue #23 item 4: "two server processes run each
 * scheduled job once"). Both start pg-boss's schedules and a worker; the test reads pg-boss's tables as the
 * database owner and counts the side effects of an every-minute job (a due bulk email) and of a queued
 * one-off run (a users import started through the API). Runs in the PostgreSQL project; without PostgreSQL
 * (global setup) it is skipped with a notice, and fails under REQUIRE_SERVICES=1.
 */
describeDb.skipIf(TEST_DB !== 'postgres')('periodic jobs across two spawned server processes', () => {
  const servers: TServerProcess[] = [];
  let owner: pg.Client | null = null;
  let closeDatabase: () => Promise<void> = async () => undefined;
  let cluster: TTestCluster;
  let hubIdentifier = '';
  let members: TTestUser[] = [];
  const tokens = new Map<string, string>();
  let emailer: TTestUser;
  let importer: TTestUser;
  /** The database's clock once both processes answered: every later cron pass ran with both scheduling. */
  let bothUpAt = new Date(0);

  beforeAll(
    async () => {
      const database = await openTestDatabase();
      closeDatabase = async () => {
        await database.close();
        await database.dropDatabase();
      };
      const databaseEnv = spawnedServerDatabaseEnv(database.appUrl);
      owner = new pg.Client({ connectionString: databaseEnv.DATABASE_URL });
      await owner.connect();

      const db = database.db;
      cluster = await createCluster(db);
      const hub = await createHub(db, cluster);
      hubIdentifier = hub.identifier;
      members = [
        await createUser(db, cluster, { hub, userType: 'student', firstName: 'Sam' }),
        await createUser(db, cluster, { hub, userType: 'alumni', firstName: 'Alex' }),
      ];
      emailer = await createUser(db, cluster, { hub, isHubAdmin: true, rights: ['bulk-emails'] });
      importer = await createUser(db, cluster, { hub, isHubAdmin: true, rights: ['import-data'] });

      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        ...databaseEnv,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO_DATA: 'never',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        HOST: '127.0.0.1',
      };
      delete env.REDIS_URL;
      // One after the other: each process runs the (already applied) migrations at start, and PostgreSQL
      // refuses two concurrent GRANT/ALTER runs on the same catalog rows ("tuple concurrently updated").
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        servers.push(
          await startServerProcess({
            env: {
              ...env,
              DATA_DIR: mkdtempSync(path.join(tmpdir(), `commons-jobs${i}-`)),
              PUBLIC_URL: `http://127.0.0.1:${port}`,
            },
            port,
            host: cluster.host,
          }),
        );
      }
      bothUpAt = (await owner.query<{ now: Date }>('SELECT now() AS now')).rows[0]?.now ?? new Date();
      for (const user of [emailer, importer]) {
        const signedIn = await httpCall({
          port: servers[0]?.port ?? 0,
          host: cluster.host,
          method: 'POST',
          path: '/api/auth/sign-in',
          body: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
        });
        expect(signedIn.status).toBe(200);
        tokens.set(user.id, signedIn.json<{ token: string }>().token);
      }
    },
    2 * START_TIMEOUT_MS + 30_000,
  );

  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await owner?.end();
    await closeDatabase();
  }, 60_000);

  const call = (i: number, user: TTestUser, method: 'GET' | 'POST', url: string, body?: object) =>
    httpCall({
      port: servers[i]?.port ?? 0,
      host: cluster.host,
      method,
      path: url,
      token: tokens.get(user.id),
      hubId: hubIdentifier,
      ...(body ? { body } : {}),
    });
  const query = async <T extends object>(text: string, values: unknown[] = []) => {
    if (!owner) throw new Error('no owner connection');
    return (await owner.query<T>(text, values)).rows;
  };

  it(
    'runs every tick of the every-minute jobs once across both processes, and a queued import once',
    async () => {
      // A bulk email that is due: the every-minute `bulk-messages` job must send it, once per recipient.
      const subject = `Two processes ${randomBytes(3).toString('hex')}`;
      const scheduled = await call(1, emailer, 'POST', '/api/admin/bulk-messages', {
        channel: 'email',
        subject,
        body: '<p>Sent by one process only</p>',
        audience: { userTypeIds: [], groupIds: [] },
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(scheduled.status, scheduled.text).toBe(201);
      const messageId = scheduled.json<{ id: string }>().id;
      // Due now (the API only schedules ahead): moved back as the owner, outside row-level security.
      await query(`UPDATE bulk_messages SET scheduled_at = now() - interval '1 second' WHERE id = $1`, [
        messageId,
      ]);

      // A users import: POST queues a one-off run of `admin-data-imports` (runNow) besides its minute sweep.
      const newcomer = `newcomer-${randomBytes(3).toString('hex')}@import.test`;
      const started = await call(0, importer, 'POST', '/api/admin/data/imports', {
        csv: ['email,first_name,last_name,user_type', `${newcomer},Ivy,Lo,Student`].join('\n'),
      });
      expect(started.status, started.text).toBe(202);
      const importId = started.json<{ id: string }>().id;

      // Settled: two cron passes claimed after both processes were up, an occurrence of each job filed after
      // that, no pg-boss job still waiting or running, the bulk email sent and the import finished.
      const passes = new Set<number>();
      const snapshot = await vi.waitFor(
        async () => {
          const [version] = await query<{ cron_on: Date | null }>('SELECT cron_on FROM pgboss.version');
          if (version?.cron_on && version.cron_on > bothUpAt) passes.add(version.cron_on.getTime());
          const jobs = await query<TJobRow>(
            `SELECT name, coalesce(data->>'job', data->'data'->>'job') AS job, singleton_key,
                    singleton_on::text AS slot, state::text AS state, retry_count, created_on, started_on,
                    completed_on
               FROM pgboss.job WHERE name IN ($1, 'periodic')`,
            [SEND_IT_QUEUE],
          );
          const [message] = await query<{ status: string; recipient_count: number }>(
            'SELECT status, recipient_count FROM bulk_messages WHERE id = $1',
            [messageId],
          );
          const [imported] = await query<{ status: string; created_count: number }>(
            'SELECT status, created_count FROM admin_imports WHERE id = $1',
            [importId],
          );
          expect(passes.size).toBeGreaterThanOrEqual(2);
          // For each job, the first occurrence filed after both processes were up, and its run, are done.
          for (const name of EVERY_MINUTE) {
            const occurrence = jobs.find(
              (j) => j.singleton_key === `periodic__${name}` && j.created_on > bothUpAt && j.completed_on,
            );
            expect(occurrence, `an occurrence of ${name} filed after both processes were up`).toBeDefined();
            expect(runsOf(jobs, occurrence as TJobRow).map((j) => j.state)).toContain('completed');
          }
          expect(message?.status).toBe('sent');
          expect(imported?.status).toBe('completed');
          expect(oneOffRuns(jobs).map((j) => j.state)).toEqual(['completed']);
          return { jobs, message, imported };
        },
        { timeout: SETTLE_TIMEOUT_MS, interval: 1000 },
      );

      const { jobs } = snapshot;
      expect(servers.map((s) => s.child.exitCode)).toEqual([null, null]);
      // One schedule per job, which both processes share (a per-process schedule would run each tick twice).
      const schedules = await query<{ key: string; job: string }>(
        `SELECT key, data->>'job' AS job FROM pgboss.schedule WHERE name = 'periodic'`,
      );
      expect(schedules.filter((row) => row.key !== row.job)).toEqual([]);
      expect(schedules.map((row) => row.key)).toEqual(expect.arrayContaining([...EVERY_MINUTE]));
      // Nothing failed, and nothing ran twice: a second attempt of a job counts in its retry_count.
      expect(jobs.filter((j) => j.state === 'failed' || j.retry_count !== 0)).toEqual([]);
      for (const name of EVERY_MINUTE) {
        const occurrences = jobs.filter((j) => j.name === SEND_IT_QUEUE && j.job === name);
        // One occurrence per minute slot, although both processes' cron passes saw every slot as due.
        const slots = occurrences.map((j) => `${j.job} ${j.slot}`);
        expect(new Set(slots).size, `${name}: occurrences ${slots.join(', ')}`).toBe(slots.length);
        // Each occurrence (once forwarded) became exactly one job of `periodic`.
        for (const occurrence of occurrences.filter((j) => j.started_on))
          expect(runsOf(jobs, occurrence), `${name} runs of slot ${occurrence.slot}`).toHaveLength(
            occurrences.filter((j) => j.started_on?.getTime() === occurrence.started_on?.getTime()).length,
          );
      }
      // The import's runNow is the one job of `periodic` that no cron occurrence forwarded.
      expect(oneOffRuns(jobs).map((j) => j.job)).toEqual(['admin-data-imports']);

      // The due bulk email went out once: one mail per recipient, however many ticks both processes ran.
      expect(snapshot.message?.recipient_count).toBeGreaterThanOrEqual(members.length);
      const mails = await query<{ to_address: string; n: number }>(
        'SELECT to_address, count(*)::int AS n FROM mail_outbox WHERE subject = $1 GROUP BY to_address',
        [subject],
      );
      expect(mails.filter((m) => m.n !== 1)).toEqual([]);
      expect(mails).toHaveLength(snapshot.message?.recipient_count ?? -1);
      expect(mails.map((m) => m.to_address)).toEqual(expect.arrayContaining(members.map((m) => m.email)));

      // The queued import ran once: one member created, one invitation.
      expect(snapshot.imported?.created_count).toBe(1);
      const [created] = await query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [
        newcomer,
      ]);
      expect(created?.n).toBe(1);
      const invited = await query<{ subject: string }>(
        'SELECT subject FROM mail_outbox WHERE to_address = $1',
        [newcomer],
      );
      // (The bulk email may reach the newcomer too, when it went out after the import: it is not an invitation.)
      expect(invited.map((m) => m.subject).filter((s) => s !== subject)).toEqual([
        expect.stringMatching(/^You are invited/),
      ]);
    },
    SETTLE_TIMEOUT_MS + 20_000,
  );
});
