import { describe, expect, it } from 'vitest';
import { invalidationKeys } from './realtime-invalidations';

describe('invalidationKeys (realtime event → TanStack Query keys)', () => {
  it('refetches the thread list, the thread and its messages on a new message (every inbox query)', () => {
    expect(invalidationKeys({ type: 'inbox.message' })).toEqual([['inbox']]);
  });

  it('refetches only unread counts when another tab read a thread', () => {
    expect(invalidationKeys({ type: 'inbox.unread-removed' })).toEqual([['inbox', 'unread-count']]);
  });

  it('refetches inbox, meetings and advising on a meeting change, and event lists on an accepted registration', () => {
    // An advising appointment is a meeting: My appointments refresh when one is booked, moved or canceled.
    expect(invalidationKeys({ type: 'inbox.meeting' })).toEqual([['inbox'], ['meetings'], ['advising']]);
    expect(invalidationKeys({ type: 'event.registration-accepted' })).toEqual([['events']]);
    expect(invalidationKeys({ type: 'notification.created' })).toEqual([['notifications']]);
  });

  it("prefers the server's hints and drops keys a shorter prefix already covers", () => {
    expect(
      invalidationKeys({ type: 'inbox.message', invalidate: [['inbox', 'threads'], ['inbox'], ['inbox']] }),
    ).toEqual([['inbox']]);
    expect(invalidationKeys({ type: 'custom', invalidate: [['groups', '1']] })).toEqual([['groups', '1']]);
  });

  it('invalidates nothing for an unknown event without hints', () => {
    expect(invalidationKeys({ type: 'unknown.thing' })).toEqual([]);
    expect(invalidationKeys({ type: 'unknown.thing', invalidate: [] })).toEqual([]);
  });
});
