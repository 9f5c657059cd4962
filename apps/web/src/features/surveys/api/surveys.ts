import {
  endpointPath,
  SURVEY_ENDPOINTS,
  type TCreateSurveyRequest,
  type TSurveyAnswerRequest,
  type TSurveyStatusRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';

const keys = {
  admin: (hub: string) => ['surveys', hub, 'admin'] as const,
  list: (hub: string) => ['surveys', hub, 'admin', 'list'] as const,
  audience: (hub: string) => ['surveys', hub, 'admin', 'audience'] as const,
  results: (hub: string, id: string) => ['surveys', hub, 'admin', 'results', id] as const,
  mine: (hub: string) => ['surveys', hub, 'mine'] as const,
};

/** GET /api/admin/surveys: the hub's surveys, newest first, with response counts (right surveys). */
export function useAdminSurveys(hubIdentifier: string, options: { isEnabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: keys.list(hubIdentifier),
      queryFn: ({ signal }) =>
        callEndpoint(SURVEY_ENDPOINTS.list, { hubId: hubIdentifier, signal, isErrorToastSuppressed: true }),
      retry: false,
      enabled: options.isEnabled ?? true,
    }),
  );
}

/** GET /api/admin/surveys/audience-options: the hub's user types and groups. */
export function useSurveyAudienceOptions(hubIdentifier: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.audience(hubIdentifier),
      queryFn: ({ signal }) =>
        callEndpoint(SURVEY_ENDPOINTS.audienceOptions, {
          hubId: hubIdentifier,
          signal,
          isErrorToastSuppressed: true,
        }),
      retry: false,
    }),
  );
}

/** POST /api/admin/surveys: creates a survey (the page shows field errors itself). */
export function useCreateSurvey(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateSurveyRequest) =>
      callEndpoint(SURVEY_ENDPOINTS.create, {
        hubId: hubIdentifier,
        body: input,
        isErrorToastSuppressed: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.admin(hubIdentifier) }),
  });
}

/** PUT /api/admin/surveys/{id}: rewrites a survey nobody has answered (409 once someone has). */
export function useUpdateSurvey(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & TCreateSurveyRequest) =>
      callEndpoint(SURVEY_ENDPOINTS.update, {
        hubId: hubIdentifier,
        params: { id },
        body: input,
        isErrorToastSuppressed: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.admin(hubIdentifier) }),
  });
}

/** PATCH /api/admin/surveys/{id}: closes a survey or opens it again. */
export function useSetSurveyStatus(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & TSurveyStatusRequest) =>
      callEndpoint(SURVEY_ENDPOINTS.setStatus, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: { status: input.status },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['surveys', hubIdentifier] }),
  });
}

/** DELETE /api/admin/surveys/{id}: deletes a survey with its answers. */
export function useDeleteSurvey(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(SURVEY_ENDPOINTS.remove, { hubId: hubIdentifier, params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['surveys', hubIdentifier] }),
  });
}

/** GET /api/admin/surveys/{id}/results: counts per option and text answers per question. */
export function useSurveyResults(hubIdentifier: string, id: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.results(hubIdentifier, id),
      queryFn: ({ signal }) =>
        callEndpoint(SURVEY_ENDPOINTS.results, {
          hubId: hubIdentifier,
          params: { id },
          signal,
          isErrorToastSuppressed: true,
          isNotFoundHandled: true,
        }),
      retry: false,
    }),
  );
}

/** Downloads a survey's answers as CSV, one row per member. */
export function downloadSurveyResults(id: string, title: string): Promise<void> {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'survey';
  return apiDownload(endpointPath(SURVEY_ENDPOINTS.resultsCsv.path, { id }), `${slug}-results.csv`);
}

/** GET /api/surveys: the open surveys addressed to the viewer, with whether they answered. */
export function useMySurveys(hubIdentifier: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.mine(hubIdentifier),
      queryFn: ({ signal }) =>
        callEndpoint(SURVEY_ENDPOINTS.mine, { hubId: hubIdentifier, signal, isErrorToastSuppressed: true }),
    }),
  );
}

/** POST /api/surveys/{id}/responses: the viewer's one answer (409 the second time). */
export function useAnswerSurvey(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & TSurveyAnswerRequest) =>
      callEndpoint(SURVEY_ENDPOINTS.answer, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: { answers: input.answers },
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine(hubIdentifier) }),
  });
}
