/**
 * React bindings of the realtime client (lib/realtime.ts): the connection's lifetime, presence of shown
 * users, the typing indicator and listeners for server messages.
 */
import type { TRealtimeServerMessage } from '@commons/contract';
import type { TPresence } from '@commons/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { realtime, type TRealtimeStatus } from './realtime';
import { createTypingThrottle, createTypingTracker } from './realtime-typing';

/** Keeps the tab's realtime connection open while `isSignedIn`. */
export function useRealtimeConnection(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    realtime.start();
    return () => realtime.stop();
  }, [isSignedIn]);
}

/** The connection's status (the video room needs a live socket); 'idle' in a page rendered on the server. */
export function useRealtimeStatus(): TRealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.subscribeStatus(listener),
    () => realtime.getStatus(),
    () => 'idle',
  );
}

/** Calls `listener` for every server message while mounted (the latest listener, without resubscribing). */
export function useRealtimeListener(listener: (message: TRealtimeServerMessage) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => realtime.subscribe((message) => ref.current(message)), []);
}

/** Presence of the given users (spec 4 Presence); 'offline' until the server tells otherwise. */
export function usePresence(userIds: readonly string[]): ReadonlyMap<string, TPresence> {
  const key = [...new Set(userIds)].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    return realtime.watchPresence(key.split(','));
  }, [key]);
  const snapshotOf = (presenceOf: (id: string) => TPresence) =>
    key
      .split(',')
      .map((id) => `${id}:${presenceOf(id)}`)
      .join('|');
  const snapshot = useSyncExternalStore(
    (listener) => realtime.subscribePresence(listener),
    () => snapshotOf((id) => realtime.presenceOf(id)?.status ?? 'offline'),
    // A page rendered on the server, and its hydration, show everyone offline; the socket tells the rest after.
    () => snapshotOf(() => 'offline'),
  );
  const result = new Map<string, TPresence>();
  for (const entry of snapshot.split('|')) {
    const [id, status] = entry.split(':');
    if (id !== undefined && id !== '' && status !== undefined) result.set(id, status as TPresence);
  }
  return result;
}

/**
 * Who is typing in a thread (spec 4: cleared after 3 seconds without a new typing message, or at once
 * when their message arrives).
 */
export function useTypingUsers(threadId: string): readonly string[] {
  const [typing, setTyping] = useState<readonly string[]>([]);
  const [tracker] = useState(() =>
    createTypingTracker({ onChange: (thread, users) => thread === threadId && setTyping(users) }),
  );
  useEffect(() => () => tracker.dispose(), [tracker]);
  useRealtimeListener((message) => {
    if (message.kind === 'typing' && message.threadId === threadId) tracker.record(threadId, message.userId);
    if (
      message.kind === 'event' &&
      message.type === 'inbox.message' &&
      message.payload['threadId'] === threadId
    ) {
      const from = message.payload['fromUserId'];
      if (typeof from === 'string') tracker.clear(threadId, from);
    }
  });
  return typing;
}

/** A function to call on every keystroke in a thread's composer: sends typing at most every 2 seconds (spec 9). */
export function useTypingNotifier(threadId: string): { notifyTyping: () => void; resetTyping: () => void } {
  const [throttle] = useState(() => createTypingThrottle());
  const notifyTyping = useCallback(() => {
    if (throttle.shouldSend(threadId) && !realtime.send({ kind: 'typing', threadId }))
      throttle.reset(threadId);
  }, [throttle, threadId]);
  const resetTyping = useCallback(() => throttle.reset(threadId), [throttle, threadId]);
  return { notifyTyping, resetTyping };
}
