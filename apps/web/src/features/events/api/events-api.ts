import {
  EVENT_PATHS,
  ZAttendeeList,
  ZEventListResponse,
  ZEventResponse,
  ZEventSettings,
  ZFeedUrlResponse,
  ZMyRegistrationResponse,
  type TCreateEventRequest,
  type TUpdateEventRequest,
} from '@commons/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';


export type TEventWhen = 'upcoming' | 'past' | 'mine';

/** Cursor-paged events of the hub or a group. */
export function eventListQueryOptions(options: { when: TEventWhen; groupId: string | null; q: string }, hubId?: string) {
  return infiniteQueryOptions({
    queryKey: ['events', 'list', options, hubId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(EVENT_PATHS.events, {
        schema: ZEventListResponse,
        signal,
        ...contentHubOption(hubId),
        query: { when: options.when, groupId: options.groupId ?? undefined, q: options.q.trim() === '' ? undefined : options.q.trim(), cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useEventList(options: { when: TEventWhen; groupId: string | null; q: string }) {
  const hubId = useContentHub();
  return useInfiniteQuery({ ...eventListQueryOptions(options, hubId), placeholderData: (previous) => previous });
}

export function eventQueryOptions(id: string) {
  return queryOptions({ queryKey: ['events', 'detail', id], queryFn: ({ signal }) => apiRequest(fillPath(EVENT_PATHS.event, { id }), { schema: ZEventResponse, signal }) });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

export function useEventSettings(groupId: string | null) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: ['events', 'settings', groupId, hubId],
    queryFn: ({ signal }) => apiRequest(EVENT_PATHS.settings, { schema: ZEventSettings, signal, query: { groupId: groupId ?? undefined }, ...contentHubOption(hubId) }),
  });
}

export function useAttendees(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['events', 'attendees', id],
    queryFn: ({ signal }) => apiRequest(fillPath(EVENT_PATHS.registrations, { id }), { schema: ZAttendeeList, signal }),
    enabled: isEnabled,
  });
}

export function useEventApprovals(isEnabled: boolean) {
  return useQuery({ queryKey: ['events', 'approvals'], queryFn: ({ signal }) => apiRequest(EVENT_PATHS.approvals, { schema: ZEventListResponse, signal }), enabled: isEnabled });
}

export function useFeedUrl(isEnabled: boolean) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: ['events', 'feed-url', hubId],
    queryFn: ({ signal }) => apiRequest(EVENT_PATHS.feedUrl, { schema: ZFeedUrlResponse, signal, ...contentHubOption(hubId) }),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/** Replaces my calendar feed URL of the hub; the old URL stops working at once. */
export function useRotateFeedUrl() {
  const client = useQueryClient();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: () => apiRequest(EVENT_PATHS.rotateFeedUrl, { method: 'POST', schema: ZFeedUrlResponse, isErrorToastSuppressed: true, ...contentHubOption(hubId) }),
    onSuccess: (data) => client.setQueryData(['events', 'feed-url', hubId], data),
  });
}

function useInvalidateEvents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['events'] });
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  const hubId = useContentHub();
  return useMutation({ mutationFn: (body: TCreateEventRequest) => apiRequest(EVENT_PATHS.events, { method: 'POST', body, schema: ZEventResponse, ...contentHubOption(hubId) }), onSuccess: invalidate });
}

export function useUpdateEvent(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: (body: TUpdateEventRequest) => apiRequest(fillPath(EVENT_PATHS.event, { id }), { method: 'PATCH', body, schema: ZEventResponse }), onSuccess: invalidate });
}

export function useRegister(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (answers: Record<string, string>) => apiRequest(fillPath(EVENT_PATHS.registrations, { id }), { method: 'POST', body: { answers }, schema: ZMyRegistrationResponse }),
    onSuccess: invalidate,
  });
}

export function useCancelRegistration(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: () => apiRequest(fillPath(EVENT_PATHS.myRegistration, { id }), { method: 'DELETE', schema: ZEventResponse }), onSuccess: invalidate });
}

export function useDecideRegistration(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { registrationId: string; decision: 'approve' | 'decline' }) =>
      apiRequest(fillPath(EVENT_PATHS.registration, { id, registrationId: options.registrationId }), { method: 'POST', body: { decision: options.decision } }),
    onSuccess: invalidate,
  });
}

export function useCheckIn(id: string) {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { registrationId: string; isCheckedIn: boolean }) =>
      apiRequest(fillPath(EVENT_PATHS.checkIn, { id, registrationId: options.registrationId }), { method: 'POST', body: { isCheckedIn: options.isCheckedIn } }),
    onSuccess: invalidate,
  });
}

export function useDecideEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (options: { id: string; decision: 'approve' | 'reject' }) => apiRequest(fillPath(EVENT_PATHS.decision, { id: options.id }), { method: 'POST', body: { decision: options.decision }, schema: ZEventResponse }),
    onSuccess: invalidate,
  });
}

/** Downloads the event's .ics file with the bearer token. */
export function downloadInvite(id: string): Promise<void> {
  return apiDownload(fillPath(EVENT_PATHS.inviteIcs, { id }), `event-${id}.ics`);
}

/** Downloads the attendee CSV (organisers). */
export function downloadAttendees(id: string): Promise<void> {
  return apiDownload(fillPath(EVENT_PATHS.attendeesCsv, { id }), `attendees-${id}.csv`);
}
