import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { TDb } from '../../db/client.js';
import {
  createMemoryBus,
  createMemoryPresenceStore,
  createRedisBus,
  createRedisPresenceStore,
  type TRealtimeBus,
} from './realtime.bus.js';
import { createRealtimeGateway, type TRealtimeGateway } from './realtime.gateway.js';
import { createRealtimeRelay } from './realtime.relay.js';

export type TRealtime = {
  bus: TRealtimeBus;
  gateway: TRealtimeGateway;
  /** Publishes committed events now: call after a commit that emitted (the app does it after write requests). */
  kick(): void;
  /** Publishes everything committed and resolves when done (tests, jobs). */
  drain(): Promise<number>;
  close(): Promise<void>;
};

/**
 * The realtime parts of one process: an in-process bus and presence by default, Redis pub/sub and a
 * Redis presence store when the app is given a Redis connection (REDIS_URL), so several processes behind
 * one address deliver to each other's clients.
 */
export function createRealtime(deps: {
  db: TDb;
  redis: Redis | null;
  jwtSecret: Uint8Array;
  clock: () => Date;
  log: FastifyBaseLogger;
  relayIntervalMs?: number;
}): TRealtime {
  const bus = deps.redis ? createRedisBus(deps.redis, deps.log) : createMemoryBus();
  const presence = deps.redis
    ? createRedisPresenceStore(deps.redis, deps.clock)
    : createMemoryPresenceStore();
  const relay = createRealtimeRelay({
    db: deps.db,
    bus,
    log: deps.log,
    ...(deps.relayIntervalMs ? { intervalMs: deps.relayIntervalMs } : {}),
  });
  const gateway = createRealtimeGateway({
    db: deps.db,
    bus,
    presence,
    jwtSecret: deps.jwtSecret,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    bus,
    gateway,
    kick: relay.kick,
    drain: relay.drain,
    close: async () => {
      relay.stop();
      await gateway.close();
      await presence.close();
      await bus.close();
    },
  };
}
