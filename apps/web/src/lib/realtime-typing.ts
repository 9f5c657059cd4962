/**
 * Typing indicator timing (spec 4 Presence, spec 9 Presence): the writer sends at most one typing
 * message per thread every 2 seconds; the reader shows '… is typing' until 3 seconds pass without a
 * new one. The rules are the domain's (shouldWriteTyping, TYPING_INDICATOR_TIMEOUT_MS).
 */
import { shouldWriteTyping, TYPING_INDICATOR_TIMEOUT_MS } from '@commons/domain';

/** Throttle of the writer: answers whether a keystroke in a thread should be sent as a typing message now. */
export function createTypingThrottle(now: () => Date = () => new Date()) {
  const lastWrites = new Map<string, Date>();
  return {
    /** True at most once per 2 seconds per thread (spec 9); records the write when true. */
    shouldSend(threadId: string): boolean {
      const at = now();
      if (!shouldWriteTyping({ lastWriteAt: lastWrites.get(threadId), now: at })) return false;
      lastWrites.set(threadId, at);
      return true;
    },
    /** After sending a message the next keystroke announces typing again at once. */
    reset(threadId: string): void {
      lastWrites.delete(threadId);
    },
  };
}

/** Who is typing in which thread, each entry cleared 3 seconds after its last typing message (spec 9). */
export function createTypingTracker(options: {
  onChange: (threadId: string, userIds: readonly string[]) => void;
}) {
  const timers = new Map<string, Map<string, ReturnType<typeof setTimeout>>>();
  const typingIn = (threadId: string): string[] => [...(timers.get(threadId)?.keys() ?? [])];
  const remove = (threadId: string, userId: string): void => {
    const users = timers.get(threadId);
    const timer = users?.get(userId);
    if (users === undefined || timer === undefined) return;
    clearTimeout(timer);
    users.delete(userId);
    if (users.size === 0) timers.delete(threadId);
    options.onChange(threadId, typingIn(threadId));
  };
  return {
    /** A typing message arrived: show the user as typing and (re)start the 3-second clear timer. */
    record(threadId: string, userId: string): void {
      const users = timers.get(threadId) ?? new Map<string, ReturnType<typeof setTimeout>>();
      const existing = users.get(userId);
      if (existing !== undefined) clearTimeout(existing);
      users.set(
        userId,
        setTimeout(() => remove(threadId, userId), TYPING_INDICATOR_TIMEOUT_MS),
      );
      timers.set(threadId, users);
      if (existing === undefined) options.onChange(threadId, typingIn(threadId));
    },
    /** The user's message arrived: they stopped typing. */
    clear: remove,
    typingIn,
    /** Stops every timer (the page closed). */
    dispose(): void {
      for (const users of timers.values()) for (const timer of users.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The text of the indicator: '{name} is typing…', or null when nobody is. */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0] ?? ''} is typing…`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''} are typing…`;
}
