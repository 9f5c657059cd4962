import {
  EVENT_ENDPOINTS,
  endpointPath,
  type TCreateEventRequest,
  type TUpdateEventRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';
import { eventKeys } from './events-keys';

export type TEventWhen = 'upcoming' | 'past' | 'mine';

/** Cursor-paged events of the hub or a group. */
export function eventListQueryOptions(
  options: { when: TEventWhen; groupId: string | null; q: string },
  hubId?: string,
) {
  return infiniteQueryOptions({
    queryKey: eventKeys.list(options, hubId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(EVENT_ENDPOINTS.list, {
        signal,
        ...contentHubOption(hubId),
        query: {
          when: options.when,
          groupId: options.groupId ?? undefined,
          q: options.q.trim() === '' ? undefined : options.q.trim(),
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useEventList(options: { when: TEventWhen; groupId: string | null; q: string }) {
  const hubId = useContentHub();
  return useInfiniteQuery({
    ...eventListQueryOptions(options, hubId),
    placeholderData: (previous) => previous,
  });
}

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(EVENT_ENDPOINTS.get, { params: { id }, signal }),
  });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

export function useEventSettings(groupId: string | null) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: eventKeys.settings(groupId, hubId),
    queryFn: ({ signal }) =>
      callEndpoint(EVENT_ENDPOINTS.settings, {
        signal,
        query: { groupId: groupId ?? undefined },
        ...contentHubOption(hubId),
      }),
  });
}

export function useAttendees(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: eventKeys.attendees(id),
    queryFn: ({ signal }) => callEndpoint(EVENT_ENDPOINTS.attendees, { params: { id }, signal }),
    enabled: isEnabled,
  });
}

export function useEventApprovals(isEnabled: boolean) {
  return useQuery({
    queryKey: eventKeys.approvals(),
    queryFn: ({ signal }) => callEndpoint(EVENT_ENDPOINTS.approvals, { signal }),
    enabled: isEnabled,
  });
}

export function useFeedUrl(isEnabled: boolean) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: eventKeys.feedUrl(hubId),
    queryFn: ({ signal }) => callEndpoint(EVENT_ENDPOINTS.feedUrl, { signal, ...contentHubOption(hubId) }),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/** Replaces my calendar feed URL of the hub; the old URL stops working at once. */
export function useRotateFeedUrl() {
  const client = useQueryClient();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: () =>
      callEndpoint(EVENT_ENDPOINTS.rotateFeedUrl, {
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }),
    onSuccess: (data) => client.setQueryData(eventKeys.feedUrl(hubId), data),
  });
}

function useInvalidateEvents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: eventKeys.all });
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: (body: TCreateEventRequest) =>
      callEndpoint(EVENT_ENDPOINTS.create, { body, ...contentHubOption(hubId) }),
    onSuccess: invalidate,
  });
}

export function useUpdateEvent(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: TUpdateEventRequest) => callEndpoint(EVENT_ENDPOINTS.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/**
 * Registers the viewer (registered, waitlisted or waiting for the organiser, by the server's rules). The
 * caller shows a failure next to its button, so no toast; it stays pending until the lists are fresh.
 */
export function useRegister(id: string) {
  const invalidate = useInvalidateEvents();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: (answers: Record<string, string>) =>
      callEndpoint(EVENT_ENDPOINTS.register, {
        params: { id },
        body: { answers },
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }),
    onSuccess: invalidate,
  });
}

/** Cancels the viewer's registration; like useRegister, the caller shows a failure itself. */
export function useCancelRegistration(id: string) {
  const invalidate = useInvalidateEvents();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: () =>
      callEndpoint(EVENT_ENDPOINTS.cancelRegistration, {
        params: { id },
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }),
    onSuccess: invalidate,
  });
}

export function useDecideRegistration(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { registrationId: string; decision: 'approve' | 'decline' }) =>
      callEndpoint(EVENT_ENDPOINTS.decideRegistration, {
        params: { id, registrationId: options.registrationId },
        body: { decision: options.decision },
      }),
    onSuccess: invalidate,
  });
}

export function useCheckIn(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { registrationId: string; isCheckedIn: boolean }) =>
      callEndpoint(EVENT_ENDPOINTS.checkIn, {
        params: { id, registrationId: options.registrationId },
        body: { isCheckedIn: options.isCheckedIn },
      }),
    onSuccess: invalidate,
  });
}

export function useDecideEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { id: string; decision: 'approve' | 'reject' }) =>
      callEndpoint(EVENT_ENDPOINTS.decide, {
        params: { id: options.id },
        body: { decision: options.decision },
      }),
    onSuccess: invalidate,
  });
}

/** Downloads the event's .ics file with the bearer token. */
export function downloadInvite(id: string): Promise<void> {
  return apiDownload(endpointPath(EVENT_ENDPOINTS.inviteIcs.path, { id }), `event-${id}.ics`);
}

/** Downloads the attendee CSV (organisers). */
export function downloadAttendees(id: string): Promise<void> {
  return apiDownload(endpointPath(EVENT_ENDPOINTS.attendeesCsv.path, { id }), `attendees-${id}.csv`);
}
