import { ADVISING_ENDPOINTS, type TBookAppointmentRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { advisingKeys } from './advising-keys';

/** GET /api/advising/me: my adviser card when I advise in the hub, whether I may book and manage advising. */
export function advisingMeQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: advisingKeys.me(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.me, { hubId: hubIdentifier, signal, isErrorToastSuppressed: true }),
    staleTime: 60_000,
  });
}

export function useAdvisingMe(hubIdentifier: string) {
  return useQuery(advisingMeQueryOptions(hubIdentifier));
}

/** GET /api/advising/topics: the topics of quick booking with how many advisers cover each. */
export function useAdvisingTopics(hubIdentifier: string) {
  return useQuery({
    queryKey: advisingKeys.topics(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.topics, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }).then((body) => body.items),
  });
}

/** GET /api/advising/advisers: the active advisers, of one topic when `topicId` is given. */
export function useAdvisers(hubIdentifier: string, topicId: string | null, isEnabled = true) {
  return useQuery({
    queryKey: advisingKeys.advisers(hubIdentifier, topicId),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.advisers, {
        hubId: hubIdentifier,
        query: topicId === null ? {} : { topicId },
        signal,
        isErrorToastSuppressed: true,
      }).then((body) => body.items),
    enabled: isEnabled,
  });
}

/** GET /api/advising/advisers/{id}: one adviser (a Book link preselects them). A 404 shows on the page. */
export function useAdviser(hubIdentifier: string, adviserId: string | null) {
  return useQuery({
    queryKey: advisingKeys.adviser(hubIdentifier, adviserId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.adviser, {
        hubId: hubIdentifier,
        params: { id: adviserId ?? '' },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.adviser),
    enabled: adviserId !== null,
    retry: false,
  });
}

/**
 * GET /api/advising/advisers/{id}/slots: the adviser's free slots of one appointment type for the next 14 days,
 * by day of the viewer's zone. Kept fresh for a minute: others book meanwhile.
 */
export function useAdviserSlots(options: {
  hubIdentifier: string;
  adviserId: string;
  appointmentTypeId: string | null;
  timeZone: string;
  /** A reschedule: the appointment to move (its own time counts as free; an adviser may ask too). */
  appointmentId?: string | undefined;
}) {
  const { hubIdentifier, adviserId, appointmentTypeId, timeZone, appointmentId } = options;
  return useQuery({
    queryKey: advisingKeys.slots(hubIdentifier, adviserId, appointmentTypeId ?? '', timeZone, appointmentId),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.slots, {
        hubId: hubIdentifier,
        params: { id: adviserId },
        query: {
          appointmentTypeId: appointmentTypeId ?? '',
          tz: timeZone,
          ...(appointmentId === undefined ? {} : { appointmentId }),
        },
        signal,
        isErrorToastSuppressed: true,
      }),
    enabled: appointmentTypeId !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * POST /api/advising/appointments: books a free slot. The page shows a failure itself (409 slot_taken: the
 * slot was just taken), so no toast; every advising query of the hub refreshes afterwards, the slots too.
 */
export function useBookAppointment(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBookAppointmentRequest) =>
      callEndpoint(ADVISING_ENDPOINTS.book, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }).then((answer) => answer.appointment),
    onSettled: () => client.invalidateQueries({ queryKey: advisingKeys.all(hubIdentifier) }),
  });
}
