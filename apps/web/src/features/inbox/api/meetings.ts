import {
  MEETING_PATHS,
  ZMeetingListResponse,
  ZMeetingResponse,
  ZMeetingSlotsResponse,
  type TCreateMeetingRequest,
  type TMeeting,
  type TMeetingAction,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/** Query key prefix of every meeting query; meeting changes invalidate it. */
export const MEETINGS_QUERY_KEY = ['meetings'] as const;
/** Inbox queries (threads and messages) change with every meeting change: its messages move the thread. */
const INBOX_QUERY_KEY = ['inbox'] as const;

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** GET /api/inbox/threads/{id}/meetings: the thread's meetings, oldest first. */
export function threadMeetingsQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: [...MEETINGS_QUERY_KEY, 'thread', threadId],
    queryFn: ({ signal }) => apiRequest(withId(MEETING_PATHS.threadMeetings, threadId), { schema: ZMeetingListResponse, signal }).then((b) => b.items),
  });
}

/** The meetings of one thread. */
export function useThreadMeetings(threadId: string) {
  return useQuery(threadMeetingsQueryOptions(threadId));
}

/** GET /api/meetings/by-token/{token}: my meeting by its token; 404 is shown by the page. */
export function meetingByTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...MEETINGS_QUERY_KEY, 'token', token],
    queryFn: ({ signal }) =>
      apiRequest(MEETING_PATHS.byToken.replace(':token', encodeURIComponent(token)), {
        schema: ZMeetingResponse,
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
export function useMeetingSlots(options: { threadId: string; date: string; durationMinutes: number; timezone: string; isEnabled: boolean }) {
  return useQuery({
    queryKey: [...MEETINGS_QUERY_KEY, 'slots', options.threadId, options.date, options.durationMinutes, options.timezone],
    queryFn: ({ signal }) =>
      apiRequest(withId(MEETING_PATHS.threadSlots, options.threadId), {
        schema: ZMeetingSlotsResponse,
        query: { date: options.date, durationMinutes: options.durationMinutes, timezone: options.timezone },
        signal,
      }),
    enabled: options.isEnabled && /^\d{4}-\d{2}-\d{2}$/.test(options.date),
  });
}

function useInvalidateMeetings() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: MEETINGS_QUERY_KEY }), client.invalidateQueries({ queryKey: INBOX_QUERY_KEY })]);
}

/** POST /api/inbox/threads/{id}/meetings: request a meeting; the dialog shows refusals itself. */
export function useRequestMeeting(threadId: string) {
  const invalidate = useInvalidateMeetings();
  return useMutation({
    mutationFn: (input: TCreateMeetingRequest) =>
      apiRequest(withId(MEETING_PATHS.threadMeetings, threadId), { method: 'POST', body: input, schema: ZMeetingResponse, isErrorToastSuppressed: true }).then(
        (b) => b.meeting,
      ),
    onSuccess: invalidate,
  });
}

/** Body of each meeting action. */
export type TMeetingActionInput =
  | { action: 'accept'; body: { time?: string } }
  | { action: 'propose'; body: { proposedTimes: string[]; timezone?: string; note?: string } }
  | { action: Exclude<TMeetingAction, 'accept' | 'propose'>; body: { note?: string } };

/** POST /api/meetings/{id}/{action}: accept, propose, reject, cancel, complete or no-show. */
export function useMeetingAction(meetingId: string) {
  const invalidate = useInvalidateMeetings();
  return useMutation({
    mutationFn: (input: TMeetingActionInput): Promise<TMeeting> =>
      apiRequest(`${withId(MEETING_PATHS.meeting, meetingId)}/${input.action}`, {
        method: 'POST',
        body: input.body,
        schema: ZMeetingResponse,
        isErrorToastSuppressed: true,
      }).then((b) => b.meeting),
    onSuccess: invalidate,
  });
}

/** GET /api/meetings/{id}/invite.ics, saved as invite.ics for a calendar app. */
export function downloadMeetingInvite(meetingId: string): Promise<void> {
  return apiDownload(withId(MEETING_PATHS.invite, meetingId), 'invite.ics');
}
