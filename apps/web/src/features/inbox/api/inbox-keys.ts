import type { TContactScope } from '../../../lib/contact-options';

/**
 * Query keys of the inbox feature. Every key starts with 'inbox' because the realtime events name that
 * prefix (contract REALTIME_INVALIDATIONS): a new message refetches lists, threads and counts at once.
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  threadLists: () => ['inbox', 'threads'] as const,
  threads: (tab: string) => ['inbox', 'threads', tab] as const,
  thread: (threadId: string) => ['inbox', 'thread', threadId] as const,
  messages: (threadId: string) => ['inbox', 'messages', threadId] as const,
  unreadCount: () => ['inbox', 'unread-count'] as const,
  search: (q: string) => ['inbox', 'search', q] as const,
  compose: (recipientId: string, scope: TContactScope = {}) =>
    ['inbox', 'compose', recipientId, scope.hubId ?? '', scope.groupId ?? ''] as const,
  recipients: (q: string) => ['inbox', 'recipients', q] as const,
};

/** Fills ':id' style parameters of a contract path. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
