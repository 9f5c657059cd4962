import {
  ADVISING_ADMIN_ENDPOINTS,
  endpointPath,
  GROUP_ENDPOINTS,
  type TAppointmentTypeRequest,
  type TUpdateAppointmentTypeRequest,
} from '@commons/contract';
import type { TAdvisingReportGroup } from '@commons/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ZCreateAdviserRequest,
  ZTopicRequest,
  ZUpdateAdviserRequest,
  ZUpdateTopicRequest,
} from '@commons/contract';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { buildUrl } from '../../../lib/build-url';
import { advisingKeys } from './advising-keys';

/** A failure the admin screens show themselves (a 403 as "no right", field errors on their forms). */
const quiet = { isErrorToastSuppressed: true } as const;

/** After any admin change: the admin lists and what members see (topics, advisers, slots) refresh. */
function useInvalidateAdvising(hubIdentifier: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: advisingKeys.all(hubIdentifier) });
}

/** GET /api/advising/admin/advisers: every adviser of the hub, active or not. */
export function useAdminAdvisers(hubIdentifier: string) {
  return useQuery({
    queryKey: advisingKeys.adminAdvisers(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.advisers, { hubId: hubIdentifier, signal, ...quiet }).then(
        (body) => body.items,
      ),
    retry: false,
  });
}

/** GET /api/advising/admin/candidates?q=: approved members matching a name or email (at most 20). */
export function useAdviserCandidates(hubIdentifier: string, q: string) {
  return useQuery({
    queryKey: advisingKeys.candidates(hubIdentifier, q),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.candidates, {
        hubId: hubIdentifier,
        query: { q },
        signal,
        ...quiet,
      }).then((body) => body.items),
    enabled: q.trim().length >= 2,
    placeholderData: (previous) => previous,
  });
}

/** POST /api/advising/admin/advisers: makes a member an adviser. */
export function useCreateAdviser(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (body: z.input<typeof ZCreateAdviserRequest>) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.createAdviser, {
        hubId: hubIdentifier,
        body: body as z.output<typeof ZCreateAdviserRequest>,
        ...quiet,
      }).then((answer) => answer.adviser),
    onSuccess: invalidate,
  });
}

/** PATCH /api/advising/admin/advisers/{id}. */
export function useUpdateAdviser(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: { id: string; body: z.output<typeof ZUpdateAdviserRequest> }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.updateAdviser, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: input.body,
        ...quiet,
      }).then((answer) => answer.adviser),
    onSuccess: invalidate,
  });
}

/** DELETE /api/advising/admin/advisers/{id} (409 while they have upcoming appointments). */
export function useDeleteAdviser(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.deleteAdviser, {
        hubId: hubIdentifier,
        params: { id },
        ...quiet,
      }),
    onSuccess: invalidate,
  });
}

/** GET /api/advising/admin/topics: every topic, active or not. */
export function useAdminTopics(hubIdentifier: string) {
  return useQuery({
    queryKey: advisingKeys.adminTopics(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.topics, { hubId: hubIdentifier, signal, ...quiet }).then(
        (body) => body.items,
      ),
    retry: false,
  });
}

/** POST /api/advising/admin/topics, or PATCH …/{id} when `id` is given. */
export function useSaveTopic(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: { id: string | null; body: z.output<typeof ZTopicRequest> }) =>
      (input.id === null
        ? callEndpoint(ADVISING_ADMIN_ENDPOINTS.createTopic, {
            hubId: hubIdentifier,
            body: input.body,
            ...quiet,
          })
        : callEndpoint(ADVISING_ADMIN_ENDPOINTS.updateTopic, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body satisfies z.output<typeof ZUpdateTopicRequest>,
            ...quiet,
          })
      ).then((answer) => answer.topic),
    onSuccess: invalidate,
  });
}

/** DELETE /api/advising/admin/topics/{id} (409 once an appointment names it). */
export function useDeleteTopic(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.deleteTopic, { hubId: hubIdentifier, params: { id }, ...quiet }),
    onSuccess: invalidate,
  });
}

/** GET /api/advising/admin/appointment-types: every appointment type with its settings. */
export function useAdminAppointmentTypes(hubIdentifier: string) {
  return useQuery({
    queryKey: advisingKeys.adminAppointmentTypes(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.appointmentTypes, {
        hubId: hubIdentifier,
        signal,
        ...quiet,
      }).then((body) => body.items),
    retry: false,
  });
}

/** POST /api/advising/admin/appointment-types, or PATCH …/{id} when `id` is given. */
export function useSaveAppointmentType(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (input: { id: string | null; body: TAppointmentTypeRequest }) =>
      (input.id === null
        ? callEndpoint(ADVISING_ADMIN_ENDPOINTS.createAppointmentType, {
            hubId: hubIdentifier,
            body: input.body,
            ...quiet,
          })
        : callEndpoint(ADVISING_ADMIN_ENDPOINTS.updateAppointmentType, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body satisfies TUpdateAppointmentTypeRequest,
            ...quiet,
          })
      ).then((answer) => answer.appointmentType),
    onSuccess: invalidate,
  });
}

/** DELETE /api/advising/admin/appointment-types/{id} (409 once an appointment used it). */
export function useDeleteAppointmentType(hubIdentifier: string) {
  const invalidate = useInvalidateAdvising(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.deleteAppointmentType, {
        hubId: hubIdentifier,
        params: { id },
        ...quiet,
      }),
    onSuccess: invalidate,
  });
}

/** GET /api/groups?type=mentorshipProgram: the hub's programs, for "who may book". */
export function useHubPrograms(hubIdentifier: string) {
  return useQuery({
    queryKey: advisingKeys.programs(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(GROUP_ENDPOINTS.list, {
        hubId: hubIdentifier,
        query: { type: 'mentorshipProgram', limit: 100 },
        signal,
        ...quiet,
      }).then((body) => body.items),
    staleTime: 5 * 60_000,
  });
}

/** What a report asks for: its grouping, the days (of `tz`) and the zone. */
export type TReportRequest = { groupBy: TAdvisingReportGroup; from: string; to: string; tz: string };

/** GET /api/advising/admin/reports: appointments by topic, adviser, status or week, with counts per status. */
export function useAdvisingReport(hubIdentifier: string, request: TReportRequest) {
  return useQuery({
    queryKey: advisingKeys.report(hubIdentifier, request),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ADMIN_ENDPOINTS.report, {
        hubId: hubIdentifier,
        query: request,
        signal,
        ...quiet,
      }),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Downloads the same report as CSV with the bearer token. */
export function downloadAdvisingReportCsv(hubIdentifier: string, request: TReportRequest): Promise<void> {
  return apiDownload(
    buildUrl(endpointPath(ADVISING_ADMIN_ENDPOINTS.reportCsv.path), request),
    `advising-${hubIdentifier}-by-${request.groupBy}.csv`,
  );
}
