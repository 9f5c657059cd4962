import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client.js';
import { eraseDeletedAccounts } from './account-erasure.js';

const HOUR_MS = 60 * 60 * 1000;

/** Periodic jobs of one server process; each run is idempotent, so several processes may run them. */
export function startScheduledJobs(deps: { db: TDb; clock: () => Date; log: FastifyBaseLogger }): () => void {
  const timer = setInterval(() => {
    eraseDeletedAccounts(deps.db, deps.clock())
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'erased deleted accounts');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'account erasure failed'));
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
