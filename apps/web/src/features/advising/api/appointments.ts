import { ADVISING_ENDPOINTS, endpointPath, MEETING_ENDPOINTS } from '@commons/contract';
import type { TStaffAdvisingStatus } from '@commons/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { advisingKeys } from './advising-keys';

/** Whose appointments a list shows: mine as the student, mine as the adviser, or (advising admins) the hub's. */
export type TAppointmentRole = 'student' | 'adviser' | 'all';
/** Upcoming (soonest first) or past (latest first). */
export type TAppointmentWhen = 'upcoming' | 'past';

/** GET /api/advising/appointments: one role's upcoming or past appointments, a page at a time. */
export function appointmentsQueryOptions(
  hubIdentifier: string,
  filter: { role: TAppointmentRole; when: TAppointmentWhen },
) {
  return infiniteQueryOptions({
    queryKey: advisingKeys.appointments(hubIdentifier, filter),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.appointments, {
        hubId: hubIdentifier,
        query: { ...filter, cursor: pageParam ?? undefined },
        signal,
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAppointments(
  hubIdentifier: string,
  filter: { role: TAppointmentRole; when: TAppointmentWhen },
  isEnabled = true,
) {
  return useInfiniteQuery({ ...appointmentsQueryOptions(hubIdentifier, filter), enabled: isEnabled });
}

/** Refreshes every advising query of the hub after a change of one appointment (lists, slots, counts). */
function useInvalidateAdvising(hubIdentifier: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: advisingKeys.all(hubIdentifier) });
}

/** PATCH /api/advising/appointments/{id}: advising staff check in, mark completed or no-show, keep notes, give the follow-up. */
export function useUpdateAppointment(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: {
      id: string;
      advisingStatus?: TStaffAdvisingStatus;
      staffNotes?: string | null;
      followUp?: string | null;
    }) =>
      callEndpoint(ADVISING_ENDPOINTS.update, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: {
          ...(input.advisingStatus === undefined ? {} : { advisingStatus: input.advisingStatus }),
          ...(input.staffNotes === undefined ? {} : { staffNotes: input.staffNotes }),
          ...(input.followUp === undefined ? {} : { followUp: input.followUp }),
        },
        isErrorToastSuppressed: true,
      }).then((answer) => answer.appointment),
    onSuccess: invalidate,
  });
}

/** POST /api/advising/appointments/{id}/cancel with an optional reason told to the other side. */
export function useCancelAppointment(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      callEndpoint(ADVISING_ENDPOINTS.cancel, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: input.reason.trim() === '' ? {} : { reason: input.reason.trim() },
        isErrorToastSuppressed: true,
      }).then((answer) => answer.appointment),
    onSuccess: invalidate,
  });
}

/** POST /api/advising/appointments/{id}/reschedule to another free slot of the same adviser and type. */
export function useRescheduleAppointment(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: { id: string; start: string; timezone: string }) =>
      callEndpoint(ADVISING_ENDPOINTS.reschedule, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: { start: input.start, timezone: input.timezone },
        isErrorToastSuppressed: true,
      }).then((answer) => answer.appointment),
    // A 409 (the slot was just taken) refreshes the slots too.
    onSettled: invalidate,
  });
}

/** Downloads the appointment's calendar invite (its meeting's .ics). */
export function downloadAppointmentInvite(meetingId: string): Promise<void> {
  return apiDownload(
    endpointPath(MEETING_ENDPOINTS.invite.path, { id: meetingId }),
    'advising-appointment.ics',
  );
}
