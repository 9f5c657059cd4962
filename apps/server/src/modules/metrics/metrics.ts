import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TConfig } from '../../config.js';
import { queryRows, type TDatabase } from '../../db/client.js';
import { mailOutbox, notifications, realtimeEvents, users } from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import { notFound, unauthorized } from '../../lib/app-error.js';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail-delivery.js';
import type { TRealtime } from '../realtime/realtime.service.js';

/** Where Prometheus scrapes, on the app's port (with METRICS_TOKEN) and on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

type TQueueCounts = {
  mail_pending: number;
  mail_oldest_seconds: number | null;
  mail_failed: number;
  digest_pending: number;
  realtime_pending: number;
  realtime_oldest_seconds: number | null;
  erasure_due: number;
};

/**
 * Prometheus metrics (issue #14) with prom-client: request durations by route pattern, the database pool,
 * realtime connections, the backlog of the durable jobs, and Node's process metrics. Never public by
 * default: on the app's port /metrics answers only a `Bearer METRICS_TOKEN`; METRICS_PORT serves it on
 * its own listener (METRICS_HOST, loopback by default), with the token too when one is set. Neither set:
 * 404. Call after the error handler is set and before the routes, so the timing hook sees every route.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { config: TConfig; database: TDatabase; realtime: TRealtime },
): void {
  const { config, database, realtime } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'commons_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern (unmatched: no route), method and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const poolLabels = { driver: database.kind };
  const poolGauge = (name: string, help: string, read: () => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['driver'],
      registers: [registry],
      collect() {
        const value = read();
        if (value === null) this.reset();
        else this.set(poolLabels, value);
      },
    });
  poolGauge(
    'commons_db_pool_connections',
    'Open database connections of this process (PGlite: one)',
    () => database.poolStats().size,
  );
  poolGauge(
    'commons_db_pool_max',
    'Most database connections this process opens',
    () => database.poolStats().max,
  );
  poolGauge(
    'commons_db_pool_idle',
    'Open database connections waiting for work (PostgreSQL only)',
    () => database.poolStats().idle,
  );
  poolGauge(
    'commons_db_pool_waiting',
    'Queries waiting for a free connection (PostgreSQL only)',
    () => database.poolStats().waiting,
  );

  new Gauge({
    name: 'commons_realtime_connections',
    help: 'WebSocket connections of this process that said hello',
    registers: [registry],
    collect() {
      this.set(realtime.gateway.connectionCount());
    },
  });

  const queuePending = new Gauge({
    name: 'commons_job_queue_pending',
    help: 'Work waiting for a background job: mail to send, digest notifications to email, realtime events to publish, accounts due for erasure',
    labelNames: ['queue'],
    registers: [registry],
  });
  const queueOldest = new Gauge({
    name: 'commons_job_queue_oldest_seconds',
    help: 'Age of the oldest waiting item of a queue that should drain within seconds (mail, realtime outbox)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const mailFailed = new Gauge({
    name: 'commons_mail_failed',
    help: `Mail left unsent after ${MAIL_MAX_ATTEMPTS} delivery attempts`,
    registers: [registry],
  });

  /** One cluster-wide read per cluster (row-level security applies to jobs too). */
  async function refreshQueues(): Promise<void> {
    const totals: TQueueCounts = {
      mail_pending: 0,
      mail_oldest_seconds: null,
      mail_failed: 0,
      digest_pending: 0,
      realtime_pending: 0,
      realtime_oldest_seconds: null,
      erasure_due: 0,
    };
    for (const clusterId of await listClusterIds(database.db)) {
      const [counts] = await withTenant(database.db, { clusterId, isClusterScope: true }, (tx) =>
        queryRows<TQueueCounts>(
          tx,
          sql`SELECT
            (SELECT count(*)::int FROM ${mailOutbox} WHERE sent_at IS NULL AND attempts < ${MAIL_MAX_ATTEMPTS}) AS mail_pending,
            (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM ${mailOutbox} WHERE sent_at IS NULL AND attempts < ${MAIL_MAX_ATTEMPTS}) AS mail_oldest_seconds,
            (SELECT count(*)::int FROM ${mailOutbox} WHERE sent_at IS NULL AND attempts >= ${MAIL_MAX_ATTEMPTS}) AS mail_failed,
            (SELECT count(*)::int FROM ${notifications} WHERE is_email_pending) AS digest_pending,
            (SELECT count(*)::int FROM ${realtimeEvents} WHERE published_at IS NULL) AS realtime_pending,
            (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM ${realtimeEvents} WHERE published_at IS NULL) AS realtime_oldest_seconds,
            (SELECT count(*)::int FROM ${users} WHERE delete_requested_at < now() - make_interval(days => ${ACCOUNT_DELETION_GRACE_DAYS})) AS erasure_due`,
        ),
      );
      if (!counts) continue;
      totals.mail_pending += counts.mail_pending;
      totals.mail_failed += counts.mail_failed;
      totals.digest_pending += counts.digest_pending;
      totals.realtime_pending += counts.realtime_pending;
      totals.erasure_due += counts.erasure_due;
      totals.mail_oldest_seconds = oldest(totals.mail_oldest_seconds, counts.mail_oldest_seconds);
      totals.realtime_oldest_seconds = oldest(totals.realtime_oldest_seconds, counts.realtime_oldest_seconds);
    }
    queuePending.set({ queue: 'mail' }, totals.mail_pending);
    queuePending.set({ queue: 'email_digest' }, totals.digest_pending);
    queuePending.set({ queue: 'realtime_outbox' }, totals.realtime_pending);
    queuePending.set({ queue: 'account_erasure' }, totals.erasure_due);
    queueOldest.set({ queue: 'mail' }, totals.mail_oldest_seconds ?? 0);
    queueOldest.set({ queue: 'realtime_outbox' }, totals.realtime_oldest_seconds ?? 0);
    mailFailed.set(totals.mail_failed);
  }

  /** The exposition text; a database that does not answer drops the queue gauges, not the whole scrape. */
  async function exposition(): Promise<string> {
    try {
      await refreshQueues();
    } catch (error) {
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'metrics: job queue counts unavailable',
      );
      queuePending.reset();
      queueOldest.reset();
      mailFailed.reset();
    }
    return registry.metrics();
  }

  const isTokenValid = (header: string | undefined) =>
    config.metrics.token !== null && bearerMatches(header, config.metrics.token);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (config.metrics.token === null) throw notFound('Route');
    if (!isTokenValid(request.headers.authorization))
      throw unauthorized('A valid METRICS_TOKEN bearer token is required');
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await exposition());
  });

  if (config.metrics.port !== null) {
    const port = config.metrics.port;
    let server: Server | null = null;
    // onReady: a METRICS_PORT that cannot be bound stops the start instead of being ignored.
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        void answerMetricsPort(
          request,
          config.metrics.token === null || isTokenValid(request.headers.authorization),
          exposition,
        ).then(({ status, type, body }) =>
          response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, config.metrics.host, () => resolve());
      });
      app.log.info({ address: listening.address() }, 'metrics listener');
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  }
}

async function answerMetricsPort(
  request: IncomingMessage,
  isAllowed: boolean,
  exposition: () => Promise<string>,
): Promise<{ status: number; type: string; body: string }> {
  const pathname = (request.url ?? '/').split('?')[0];
  if (request.method !== 'GET' || pathname !== METRICS_PATH)
    return { status: 404, type: 'text/plain', body: 'Not found\n' };
  if (!isAllowed)
    return { status: 401, type: 'text/plain', body: 'A valid METRICS_TOKEN bearer token is required\n' };
  try {
    return { status: 200, type: 'text/plain; version=0.0.4; charset=utf-8', body: await exposition() };
  } catch {
    return { status: 500, type: 'text/plain', body: 'Metrics unavailable\n' };
  }
}

/** Compares a `Bearer …` header with the token in constant time (hashes make the lengths equal). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

function oldest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
