import { BADGE_HIGHLIGHT_MS } from '@commons/domain';
import { useSyncExternalStore } from 'react';

/**
 * The navbar highlight of spec 4 'Action item completed' (spec 9: 2 seconds): set when the realtime event
 * arrives, read by the header. A plain module store: one per tab, like the realtime connection.
 */
let isHighlighted = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Highlights the navbar for BADGE_HIGHLIGHT_MS (a new event restarts the 2 seconds). */
export function highlightNavbar(): void {
  if (timer !== null) clearTimeout(timer);
  isHighlighted = true;
  notify();
  timer = setTimeout(() => {
    timer = null;
    isHighlighted = false;
    notify();
  }, BADGE_HIGHLIGHT_MS);
}

/** The current state, outside React. */
export function isNavbarHighlighted(): boolean {
  return isHighlighted;
}

/** Calls `listener` whenever the highlight starts or ends; answers the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the navbar is highlighted right now. */
export function useIsNavbarHighlighted(): boolean {
  return useSyncExternalStore(subscribe, isNavbarHighlighted, () => false);
}
