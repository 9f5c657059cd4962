import { ASSESSMENT_ENDPOINTS } from '@commons/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { assessmentKeys } from './assessment-keys';

/** GET /api/assessments: the hub's active assessments with my latest result, and the tab's name. */
export function assessmentsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: assessmentKeys.list(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ASSESSMENT_ENDPOINTS.list, { hubId: hubIdentifier, signal, isErrorToastSuppressed: true }),
  });
}

export function useAssessments(hubIdentifier: string) {
  return useQuery(assessmentsQueryOptions(hubIdentifier));
}

/**
 * GET /api/assessments/{slug}: one assessment with my latest result. While `isAwaitingResult` (back from the
 * provider, no result yet) it asks again every 2 seconds: the provider's webhook may arrive just after.
 */
export function useAssessment(hubIdentifier: string, slug: string, options: { isAwaitingResult: boolean }) {
  return useQuery({
    queryKey: assessmentKeys.one(hubIdentifier, slug),
    queryFn: ({ signal }) =>
      callEndpoint(ASSESSMENT_ENDPOINTS.get, {
        hubId: hubIdentifier,
        params: { slug },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    refetchInterval: (query) =>
      options.isAwaitingResult && query.state.data?.latestResult === null ? 2000 : false,
    retry: false,
  });
}

/** POST /api/assessments/{slug}/launch, then the browser goes to the provider with the signed token. */
export function useLaunchAssessment(hubIdentifier: string) {
  return useMutation({
    mutationFn: (slug: string) =>
      callEndpoint(ASSESSMENT_ENDPOINTS.launch, {
        hubId: hubIdentifier,
        params: { slug },
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      window.location.assign(answer.launchUrl);
    },
  });
}
