import type { Redis } from 'ioredis';
import type { TConnectionState, TPresence } from '@commons/domain';

/** One user's durable event as it travels on the bus (already committed to realtime_events). */
export type TBusEvent = {
  userId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
};

/**
 * What the gateways of every process tell each other about one cluster. Durable events were written to
 * the database first; presence, typing, room and signal messages are ephemeral.
 */
export type TBusMessage =
  | { kind: 'events'; events: TBusEvent[] }
  | { kind: 'presence'; userId: string; status: TPresence; lastOnlineAt: string | null }
  | { kind: 'typing'; threadId: string; userId: string; toUserIds: string[]; at: string }
  | {
      kind: 'room';
      threadId: string;
      userId: string;
      toUserIds: string[];
      isConnected: boolean;
      isReply: boolean;
      /** A question (room.peek): not shown to anyone; present participants answer as to a newcomer. */
      isPeek?: boolean;
    }
  | {
      kind: 'signal';
      threadId: string;
      fromUserId: string;
      toUserIds: string[];
      data: Record<string, unknown>;
    }
  /** Sessions of a user ended (sign-out, password change, deletion): their sockets close everywhere. */
  | { kind: 'sessions-revoked'; userId: string; sessionIds: string[] | null; exceptSessionId: string | null };

export type TBusHandler = (message: TBusMessage) => void;

/** Publish/subscribe by topic (one topic per cluster). */
export type TRealtimeBus = {
  kind: 'memory' | 'redis';
  publish(topic: string, message: TBusMessage): Promise<void>;
  /** Resolves once the subscription is active, so nothing published afterwards is missed. */
  subscribe(topic: string, handler: TBusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The topic of a cluster. */
export function clusterTopic(clusterId: string): string {
  return `commons:rt:${clusterId}`;
}

/** In-process bus: the default when REDIS_URL is not set (one server process). */
export function createMemoryBus(): TRealtimeBus {
  const handlers = new Map<string, Set<TBusHandler>>();
  return {
    kind: 'memory',
    publish: async (topic, message) => {
      for (const handler of handlers.get(topic) ?? []) {
        // Like Redis, the subscriber gets its own copy, decoupled from the publisher's call stack.
        queueMicrotask(() => handler(message));
      }
    },
    subscribe: async (topic, handler) => {
      const set = handlers.get(topic) ?? new Set<TBusHandler>();
      set.add(handler);
      handlers.set(topic, set);
      return async () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
      };
    },
    close: async () => handlers.clear(),
  };
}

/**
 * Redis pub/sub: every server process behind one address subscribes to the clusters its sockets belong
 * to, so a message committed through one process reaches the clients of another.
 */
export function createRedisBus(redis: Redis, log: { warn(obj: object, msg: string): void }): TRealtimeBus {
  const subscriber = redis.duplicate();
  const handlers = new Map<string, Set<TBusHandler>>();
  subscriber.on('message', (topic: string, raw: string) => {
    const set = handlers.get(topic);
    if (!set) return;
    let message: TBusMessage;
    try {
      message = JSON.parse(raw) as TBusMessage;
    } catch {
      log.warn({ topic }, 'realtime bus: unreadable message dropped');
      return;
    }
    for (const handler of set) handler(message);
  });
  subscriber.on('error', (error: Error) => log.warn({ err: error.message }, 'realtime bus subscriber error'));
  return {
    kind: 'redis',
    publish: async (topic, message) => {
      await redis.publish(topic, JSON.stringify(message));
    },
    subscribe: async (topic, handler) => {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        await subscriber.subscribe(topic);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(topic);
          await subscriber.unsubscribe(topic);
        }
      };
    },
    close: async () => {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}

/** Connection states of one user across every process. */
export type TPresenceStore = {
  setConnection(options: {
    clusterId: string;
    userId: string;
    connectionId: string;
    state: TConnectionState;
  }): Promise<void>;
  removeConnection(options: { clusterId: string; userId: string; connectionId: string }): Promise<void>;
  /** The live connection states of each user (users without connections are absent). */
  connections(clusterId: string, userIds: readonly string[]): Promise<Map<string, TConnectionState[]>>;
  /** Re-announces this process's live connections (entries of a crashed process expire). */
  heartbeat(
    entries: ReadonlyArray<{
      clusterId: string;
      userId: string;
      connectionId: string;
      state: TConnectionState;
    }>,
  ): Promise<void>;
  close(): Promise<void>;
};

/** In-memory presence: one process knows every connection. */
export function createMemoryPresenceStore(): TPresenceStore {
  const byUser = new Map<string, Map<string, TConnectionState>>();
  const key = (clusterId: string, userId: string) => `${clusterId}:${userId}`;
  return {
    setConnection: async ({ clusterId, userId, connectionId, state }) => {
      const k = key(clusterId, userId);
      const map = byUser.get(k) ?? new Map<string, TConnectionState>();
      map.set(connectionId, state);
      byUser.set(k, map);
    },
    removeConnection: async ({ clusterId, userId, connectionId }) => {
      const k = key(clusterId, userId);
      const map = byUser.get(k);
      map?.delete(connectionId);
      if (map && map.size === 0) byUser.delete(k);
    },
    connections: async (clusterId, userIds) => {
      const result = new Map<string, TConnectionState[]>();
      for (const userId of userIds) {
        const map = byUser.get(key(clusterId, userId));
        if (map && map.size > 0) result.set(userId, [...map.values()]);
      }
      return result;
    },
    heartbeat: async () => undefined,
    close: async () => byUser.clear(),
  };
}

/** A connection entry lives this long without a heartbeat (a crashed process's sockets fade out). */
export const PRESENCE_ENTRY_TTL_MS = 90_000;
/** Each process rewrites its entries this often. */
export const PRESENCE_HEARTBEAT_MS = 30_000;

/**
 * Presence in Redis: one hash per user, field = connection id, value = `state|expiresAtMs`. Each process
 * refreshes its own entries every 30 s; a reader ignores (and removes) expired ones.
 */
export function createRedisPresenceStore(redis: Redis, clock: () => Date): TPresenceStore {
  const key = (clusterId: string, userId: string) => `commons:presence:${clusterId}:${userId}`;
  const value = (state: TConnectionState) => `${state}|${clock().getTime() + PRESENCE_ENTRY_TTL_MS}`;
  const KEY_TTL_S = 24 * 60 * 60;
  return {
    setConnection: async ({ clusterId, userId, connectionId, state }) => {
      const k = key(clusterId, userId);
      await redis.multi().hset(k, connectionId, value(state)).expire(k, KEY_TTL_S).exec();
    },
    removeConnection: async ({ clusterId, userId, connectionId }) => {
      await redis.hdel(key(clusterId, userId), connectionId);
    },
    connections: async (clusterId, userIds) => {
      const result = new Map<string, TConnectionState[]>();
      if (userIds.length === 0) return result;
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.hgetall(key(clusterId, userId));
      const answers = (await pipeline.exec()) ?? [];
      const nowMs = clock().getTime();
      answers.forEach(([error, hash], index) => {
        const userId = userIds[index];
        if (error || !userId || !hash) return;
        const states: TConnectionState[] = [];
        const expired: string[] = [];
        for (const [connectionId, raw] of Object.entries(hash as Record<string, string>)) {
          const [state, expiresAt] = raw.split('|');
          if (Number(expiresAt) < nowMs) expired.push(connectionId);
          else if (state === 'online' || state === 'away') states.push(state);
        }
        if (expired.length > 0) void redis.hdel(key(clusterId, userId), ...expired).catch(() => undefined);
        if (states.length > 0) result.set(userId, states);
      });
      return result;
    },
    heartbeat: async (entries) => {
      if (entries.length === 0) return;
      const pipeline = redis.pipeline();
      for (const e of entries)
        pipeline
          .hset(key(e.clusterId, e.userId), e.connectionId, value(e.state))
          .expire(key(e.clusterId, e.userId), KEY_TTL_S);
      await pipeline.exec();
    },
    close: async () => undefined,
  };
}
