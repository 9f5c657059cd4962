import { LRUCache } from 'lru-cache';

/** A tenant's hub, as the server resolved it for the request (never a client-supplied value). */
export type THubScope = { clusterId: string; hubId: number };

/**
 * Reads that are the same for every member of a hub (the home's hub-wide widgets: latest questions, upcoming
 * events, recommended answers, resources and videos), kept a short while in this process so a busy hub's
 * homes do not repeat them (issue #18 benchmark). A successful write request in the hub forgets the hub's
 * entries at once (request-context onHubWrite), so its author sees the change on their next read; another
 * server process sees it within the TTL. A read that raced a write is not kept (the hub's generation moved).
 */
export type THubReadCache = {
  read<T>(scope: THubScope, key: string, load: () => Promise<T>): Promise<T>;
  forgetHub(scope: THubScope): void;
};

/** How long a hub-wide read is kept; other processes may show a change this much later. */
export const HUB_READ_CACHE_TTL_MS = 20_000;
/** Entries kept at once (hubs × keys); the least recently read go first. */
const HUB_READ_CACHE_MAX = 5_000;

export function createHubReadCache(options: { ttlMs?: number; max?: number } = {}): THubReadCache {
  const entries = new LRUCache<string, { value: unknown }>({
    max: options.max ?? HUB_READ_CACHE_MAX,
    ttl: options.ttlMs ?? HUB_READ_CACHE_TTL_MS,
  });
  // Per hub, how many writes this process has seen: a read that started before one is not kept.
  const generations = new Map<string, number>();
  const hubKey = (scope: THubScope) => `${scope.clusterId}:${scope.hubId}`;
  return {
    async read<T>(scope: THubScope, key: string, load: () => Promise<T>): Promise<T> {
      const hub = hubKey(scope);
      const entryKey = `${hub}:${key}`;
      const hit = entries.get(entryKey);
      if (hit) return hit.value as T;
      const generation = generations.get(hub) ?? 0;
      const value = await load();
      if ((generations.get(hub) ?? 0) === generation) entries.set(entryKey, { value });
      return value;
    },
    forgetHub(scope: THubScope): void {
      const hub = hubKey(scope);
      generations.set(hub, (generations.get(hub) ?? 0) + 1);
      for (const key of entries.keys()) if (key.startsWith(`${hub}:`)) entries.delete(key);
    },
  };
}
