import type { TMentionCandidate } from './debounced-mention-search';

/** What the mention list shows while the user types after '@'. */
export interface TMentionState {
  isOpen: boolean;
  items: TMentionCandidate[];
  selectedIndex: number;
  /** Where the caret is, to place the list under it. */
  rect: { left: number; bottom: number } | null;
  choose: ((item: TMentionCandidate) => void) | null;
}

const CLOSED: TMentionState = { isOpen: false, items: [], selectedIndex: 0, rect: null, choose: null };

/** A tiny external store bridging Tiptap's suggestion callbacks to React (useSyncExternalStore). */
export function createMentionStore() {
  let state = CLOSED;
  const listeners = new Set<() => void>();
  const set = (next: TMentionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (next: Omit<TMentionState, 'isOpen' | 'selectedIndex'>) =>
      set({
        ...next,
        isOpen: true,
        selectedIndex: Math.min(state.isOpen ? state.selectedIndex : 0, Math.max(0, next.items.length - 1)),
      }),
    close: () => set(CLOSED),
    /** Moves the highlighted person by `step`, wrapping around. */
    move: (step: number) => {
      if (state.items.length === 0) return;
      set({
        ...state,
        selectedIndex: (state.selectedIndex + step + state.items.length) % state.items.length,
      });
    },
    /** Inserts the highlighted person; false when nobody is listed. */
    chooseSelected: (): boolean => {
      const item = state.items[state.selectedIndex];
      if (!item || !state.choose) return false;
      state.choose(item);
      return true;
    },
  };
}

export type TMentionStore = ReturnType<typeof createMentionStore>;
