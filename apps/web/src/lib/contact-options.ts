import { CONTACT_OPTIONS_MAX_USERS, INBOX_ENDPOINTS, type TContactOptions } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/** Where a conversation would start: a hub other than the page's, and a group whose message types apply. */
export type TContactScope = { hubId?: string | undefined; groupId?: string | undefined };

/**
 * Under the inbox's 'inbox' prefix, so a sent message, a decided request or an inbox realtime event refreshes
 * the limits the contact actions show, as they refresh the rest of the inbox.
 */
export function contactOptionsKey(userId: string, scope: TContactScope) {
  return ['inbox', 'contact-options', userId, scope.hubId ?? '', scope.groupId ?? ''] as const;
}

/** What the viewer may do towards one member: null options when they cannot be contacted here. */
export type TContactAnswer = { unavailableReason: string | null; options: TContactOptions | null };

type TWaiting = {
  userId: string;
  resolve: (answer: TContactAnswer) => void;
  reject: (error: unknown) => void;
};

/** Members asked for during one render, per hub and group, answered by one call per page of cards. */
const waitingByScope = new Map<string, { scope: TContactScope; waiting: TWaiting[] }>();

async function answerBatch(scope: TContactScope, waiting: TWaiting[]): Promise<void> {
  for (let start = 0; start < waiting.length; start += CONTACT_OPTIONS_MAX_USERS) {
    const chunk = waiting.slice(start, start + CONTACT_OPTIONS_MAX_USERS);
    try {
      const response = await callEndpoint(INBOX_ENDPOINTS.contactOptions, {
        query: {
          userIds: [...new Set(chunk.map((w) => w.userId))],
          ...(scope.groupId === undefined ? {} : { groupId: scope.groupId }),
        },
        ...(scope.hubId === undefined ? {} : { hubId: scope.hubId }),
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      });
      for (const w of chunk) {
        w.resolve({
          unavailableReason: response.unavailableReason,
          options: response.items.find((item) => item.userId === w.userId) ?? null,
        });
      }
    } catch (error) {
      for (const w of chunk) w.reject(error);
    }
  }
}

/** Queues one member; the cards rendered together share the request sent once this task ends. */
function fetchContactOptions(userId: string, scope: TContactScope): Promise<TContactAnswer> {
  const key = `${scope.hubId ?? ''}|${scope.groupId ?? ''}`;
  return new Promise((resolve, reject) => {
    const queued = waitingByScope.get(key);
    if (queued) {
      queued.waiting.push({ userId, resolve, reject });
      return;
    }
    waitingByScope.set(key, { scope, waiting: [{ userId, resolve, reject }] });
    setTimeout(() => {
      const batch = waitingByScope.get(key);
      waitingByScope.delete(key);
      if (batch) void answerBatch(batch.scope, batch.waiting);
    }, 0);
  });
}

/**
 * GET /api/inbox/contact-options: the message types spec 6 allows between the viewer and this member (with
 * the spec's limit and availability messages) and booking a meeting, decided by the server for compose too.
 */
export function useContactOptions(userId: string, scope: TContactScope, isEnabled: boolean) {
  return useQuery({ ...contactOptionsQueryOptions(userId, scope), enabled: isEnabled });
}

/** The contact options of one member, for useContactOptions and a route loader's prefetch. */
export function contactOptionsQueryOptions(userId: string, scope: TContactScope) {
  return queryOptions({
    queryKey: contactOptionsKey(userId, scope),
    queryFn: () => fetchContactOptions(userId, scope),
    staleTime: 30_000,
  });
}
