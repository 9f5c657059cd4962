import { LRUCache } from 'lru-cache';

/** A tenant's hub, as the server resolved it for the request (never a client-supplied value). */
export type THubScope = { clusterId: string; hubId: number };

/**
 * Reads that are the same for every member of a hub (the home's hub-wide widgets: latest questions, upcoming
 * events, recommended answers, resources and videos), kept a short while in this process so a busy hub's
 * homes do not repeat them (issue #18 benchmark). A successful write request in the hub forgets the hub's
 * entries at once (request-context onHubWrite), so its author sees the change on their next read; another
 * server process sees it within the TTL and one reload. A read that raced a write is not kept (the hub's
 * generation moved). Reads that miss together share one load; once fresh time has passed, the first reader
 * loads again while the others still get the kept value (up to the stale window), so an expiry on a busy
 * hub delays one request, not every request arriving during the load.
 */
export type THubReadCache = {
  read<T>(scope: THubScope, key: string, load: () => Promise<T>): Promise<T>;
  forgetHub(scope: THubScope): void;
};

/** How long a hub-wide read is fresh; other processes' writes show within about this long. */
export const HUB_READ_CACHE_TTL_MS = 20_000;
/**
 * How long past its freshness a read may still answer while one request loads it again: a busy hub's
 * expiry costs one request a load instead of every request arriving during it (issue #18 home p99).
 */
const HUB_READ_CACHE_STALE_MS = 40_000;
/** Entries kept at once (hubs × keys); the least recently read go first. */
const HUB_READ_CACHE_MAX = 5_000;

export function createHubReadCache(
  options: { ttlMs?: number; staleMs?: number; max?: number } = {},
): THubReadCache {
  const ttlMs = options.ttlMs ?? HUB_READ_CACHE_TTL_MS;
  const entries = new LRUCache<string, { value: unknown; loadedAt: number }>({
    max: options.max ?? HUB_READ_CACHE_MAX,
    ttl: ttlMs + (options.staleMs ?? HUB_READ_CACHE_STALE_MS),
  });
  // Loads under way by entry key: requests that miss at the same moment share one load.
  const loading = new Map<string, Promise<unknown>>();
  // Per hub, how many writes this process has seen: a read that started before one is not kept.
  const generations = new Map<string, number>();
  const hubKey = (scope: THubScope) => `${scope.clusterId}:${scope.hubId}`;

  function startLoad<T>(hub: string, entryKey: string, load: () => Promise<T>): Promise<T> {
    const generation = generations.get(hub) ?? 0;
    const pending = load().then((value) => {
      if ((generations.get(hub) ?? 0) === generation) entries.set(entryKey, { value, loadedAt: Date.now() });
      return value;
    });
    loading.set(entryKey, pending);
    const settle = () => {
      if (loading.get(entryKey) === pending) loading.delete(entryKey);
    };
    pending.then(settle, settle);
    return pending;
  }

  return {
    async read<T>(scope: THubScope, key: string, load: () => Promise<T>): Promise<T> {
      const hub = hubKey(scope);
      const entryKey = `${hub}:${key}`;
      const hit = entries.get(entryKey);
      const underWay = loading.get(entryKey) as Promise<T> | undefined;
      if (hit && (Date.now() - hit.loadedAt < ttlMs || underWay)) return hit.value as T;
      // The load runs in the first asker's transaction; one that fails leaves the others to load their own.
      if (underWay) return underWay.catch(() => load());
      return startLoad(hub, entryKey, load);
    },
    forgetHub(scope: THubScope): void {
      const hub = hubKey(scope);
      generations.set(hub, (generations.get(hub) ?? 0) + 1);
      for (const key of entries.keys()) if (key.startsWith(`${hub}:`)) entries.delete(key);
      for (const key of loading.keys()) if (key.startsWith(`${hub}:`)) loading.delete(key);
    },
  };
}
