import type { TConfig } from './config.js';
import type { TDatabase } from './db/client.js';
import type { THubReadCache } from './lib/hub-read-cache.js';
import type { TFileStorage } from './lib/storage.js';
import type { TMailDelivery } from './modules/mail/mail-delivery.js';
import type { TRealtime } from './modules/realtime/realtime.service.js';
import type { TFailureCounter } from './plugins/failure-counter.js';

/**
 * What buildApp() hands the route modules that need more than the request (issue #15: in its own file, so
 * the modules do not import app.ts, which imports them).
 */
export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  mail: TMailDelivery;
  storage: TFileStorage;
  clock: () => Date;
  realtime: TRealtime;
  /** Failed sign-ins per account, and wrong current passwords per user (issue #13 items 8, 9). */
  failureCounters: { signIn: TFailureCounter; currentPassword: TFailureCounter };
  /** Hub-wide reads kept a short while in this process (the home's widgets); write requests forget their hub. */
  hubReadCache: THubReadCache;
};
