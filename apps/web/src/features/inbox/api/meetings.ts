import {
  endpointPath,
  MEETING_ENDPOINTS,
  type TCreateMeetingRequest,
  type TMeeting,
  type TMeetingAction,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** Query keys of meetings; meeting changes invalidate `all`. */
export const meetingKeys = {
  all: ['meetings'] as const,
  thread: (threadId: string) => ['meetings', 'thread', threadId] as const,
  byToken: (token: string) => ['meetings', 'token', token] as const,
  slots: (options: { threadId: string; date: string; durationMinutes: number; timezone: string }) =>
    ['meetings', 'slots', options.threadId, options.date, options.durationMinutes, options.timezone] as const,
};

/** GET /api/inbox/threads/{id}/meetings: the thread's meetings, oldest first. */
export function threadMeetingsQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: meetingKeys.thread(threadId),
    queryFn: ({ signal }) =>
      callEndpoint(MEETING_ENDPOINTS.threadMeetings, { params: { id: threadId }, signal }).then(
        (b) => b.items,
      ),
  });
}

/** The meetings of one thread. */
export function useThreadMeetings(threadId: string) {
  return useQuery(threadMeetingsQueryOptions(threadId));
}

/** GET /api/meetings/by-token/{token}: my meeting by its token; 404 is shown by the page. */
export function meetingByTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: meetingKeys.byToken(token),
    queryFn: ({ signal }) =>
      callEndpoint(MEETING_ENDPOINTS.byToken, {
        params: { token },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((b) => b.meeting),
    retry: false,
  });
}

/** One meeting by its token. */
export function useMeetingByToken(token: string) {
  return useQuery(meetingByTokenQueryOptions(token));
}

/** GET /api/inbox/threads/{id}/meeting-slots: one day of the other participant's slots for the picker. */
export function useMeetingSlots(options: {
  threadId: string;
  date: string;
  durationMinutes: number;
  timezone: string;
  isEnabled: boolean;
}) {
  return useQuery({
    queryKey: meetingKeys.slots(options),
    queryFn: ({ signal }) =>
      callEndpoint(MEETING_ENDPOINTS.threadSlots, {
        params: { id: options.threadId },
        query: { date: options.date, durationMinutes: options.durationMinutes, timezone: options.timezone },
        signal,
      }),
    enabled: options.isEnabled && /^\d{4}-\d{2}-\d{2}$/.test(options.date),
  });
}

/** Inbox queries (threads and messages) change with every meeting change too: its messages move the thread. */
function useInvalidateMeetings() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: meetingKeys.all }),
      client.invalidateQueries({ queryKey: inboxKeys.all }),
    ]);
}

/** POST /api/inbox/threads/{id}/meetings: request a meeting; the dialog shows refusals itself. */
export function useRequestMeeting(threadId: string) {
  const invalidate = useInvalidateMeetings();
  return useMutation({
    mutationFn: (input: TCreateMeetingRequest) =>
      callEndpoint(MEETING_ENDPOINTS.create, {
        params: { id: threadId },
        body: input,
        isErrorToastSuppressed: true,
      }).then((b) => b.meeting),
    onSuccess: invalidate,
  });
}

/** Body of each meeting action. */
export type TMeetingActionInput =
  | { action: 'accept'; body: { time?: string } }
  | { action: 'propose'; body: { proposedTimes: string[]; timezone?: string; note?: string } }
  | { action: Exclude<TMeetingAction, 'accept' | 'propose'>; body: { note?: string } };

/** The endpoint of each action that takes only a note. */
const NOTE_ACTION_ENDPOINTS = {
  reject: MEETING_ENDPOINTS.reject,
  cancel: MEETING_ENDPOINTS.cancel,
  complete: MEETING_ENDPOINTS.complete,
  'no-show': MEETING_ENDPOINTS.noShow,
} as const;

function runMeetingAction(meetingId: string, input: TMeetingActionInput) {
  const options = { params: { id: meetingId }, isErrorToastSuppressed: true } as const;
  switch (input.action) {
    case 'accept':
      return callEndpoint(MEETING_ENDPOINTS.accept, { ...options, body: input.body });
    case 'propose':
      return callEndpoint(MEETING_ENDPOINTS.propose, { ...options, body: input.body });
    default:
      return callEndpoint(NOTE_ACTION_ENDPOINTS[input.action], { ...options, body: input.body });
  }
}

/** POST /api/meetings/{id}/{action}: accept, propose, reject, cancel, complete or no-show. */
export function useMeetingAction(meetingId: string) {
  const invalidate = useInvalidateMeetings();
  return useMutation({
    mutationFn: (input: TMeetingActionInput): Promise<TMeeting> =>
      runMeetingAction(meetingId, input).then((b) => b.meeting),
    onSuccess: invalidate,
  });
}

/** GET /api/meetings/{id}/invite.ics, saved as invite.ics for a calendar app. */
export function downloadMeetingInvite(meetingId: string): Promise<void> {
  return apiDownload(endpointPath(MEETING_ENDPOINTS.invite.path, { id: meetingId }), 'invite.ics');
}
