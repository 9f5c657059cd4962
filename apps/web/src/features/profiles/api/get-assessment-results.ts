import { ASSESSMENT_ENDPOINTS } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/assessments/results?userId=: a member's latest result of each career assessment of the hub (issue #20
 * item 4), for their profile. The key starts with 'assessments' and the hub, as the assessment pages' keys do, so
 * finishing an assessment refreshes it. A 404 means the viewer may not see them (only the member and admins).
 */
export function assessmentResultsQueryOptions(userId: string, hubId: string | undefined) {
  return queryOptions({
    queryKey: ['assessments', hubId ?? null, 'results', userId],
    queryFn: ({ signal }) =>
      callEndpoint(ASSESSMENT_ENDPOINTS.results, {
        query: { userId },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
        ...(hubId === undefined ? {} : { hubId }),
      }),
    retry: false,
  });
}

/** A member's career assessment results. */
export function useAssessmentResults(userId: string, hubId: string | undefined, isEnabled: boolean) {
  return useQuery({ ...assessmentResultsQueryOptions(userId, hubId), enabled: isEnabled });
}
