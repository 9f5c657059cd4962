/**
 * Which TanStack Query keys a realtime event invalidates (ARCHITECTURE.md Realtime: events carry
 * invalidation hints; contract REALTIME_INVALIDATIONS). Pure, so the mapping is tested on its own.
 */
import { REALTIME_INVALIDATIONS, type TRealtimeEventType } from '@commons/contract';

function isEventType(type: string): type is TRealtimeEventType {
  return Object.hasOwn(REALTIME_INVALIDATIONS, type);
}

function startsWith(key: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
}

/**
 * The query key prefixes to invalidate for one event: the server's hints when it sent any, else the
 * contract's table for the type; duplicates and keys already covered by a shorter prefix are dropped.
 */
export function invalidationKeys(event: {
  type: string;
  invalidate?: readonly (readonly string[])[];
}): string[][] {
  const hinted = event.invalidate ?? [];
  const keys = hinted.length > 0 ? hinted : isEventType(event.type) ? REALTIME_INVALIDATIONS[event.type] : [];
  const sorted = [...keys].filter((key) => key.length > 0).sort((a, b) => a.length - b.length);
  const result: string[][] = [];
  for (const key of sorted) {
    if (!result.some((kept) => startsWith(key, kept))) result.push([...key]);
  }
  return result;
}
