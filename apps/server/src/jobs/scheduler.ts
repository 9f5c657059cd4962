import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client.js';
import type { TFileStorage } from '../lib/storage.js';
import { eraseDeletedAccounts } from './account-erasure.js';
import { pruneRealtimeEvents } from './realtime-prune.js';
import { remindEventAttendees } from './event-reminders.js';

const HOUR_MS = 60 * 60 * 1000;

/** Periodic jobs of one server process; each run is idempotent, so several processes may run them. */
export function startScheduledJobs(deps: { db: TDb; clock: () => Date; log: FastifyBaseLogger; storage: TFileStorage; publicUrl?: string }): () => void {
  const timer = setInterval(() => {
    eraseDeletedAccounts(deps.db, deps.clock(), deps.storage)
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'erased deleted accounts');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'account erasure failed'));
    pruneRealtimeEvents(deps.db, deps.clock())
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'pruned realtime events');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'realtime event pruning failed'));
  }, HOUR_MS);
  timer.unref();
  // Event reminders (issue #7 item 4) look every ten minutes for events starting within a day.
  const reminders = setInterval(() => {
    remindEventAttendees(deps.db, deps.clock(), deps.publicUrl ?? '')
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'queued event reminders');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'event reminders failed'));
  }, 10 * 60 * 1000);
  reminders.unref();
  return () => {
    clearInterval(timer);
    clearInterval(reminders);
  };
}
