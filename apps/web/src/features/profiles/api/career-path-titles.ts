import { CAREER_PATH_ENDPOINTS } from '@commons/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/career-paths/titles: the cluster's active career path titles, the choices of the profile's career
 * path expertise (issue #20 item 2). Loaded only while the editor is open; a failure leaves the current values.
 */
export function useCareerPathTitles(isEnabled: boolean) {
  return useQuery({
    queryKey: ['career-paths', 'titles'],
    queryFn: ({ signal }) =>
      callEndpoint(CAREER_PATH_ENDPOINTS.titles, { signal, isErrorToastSuppressed: true }).then(
        (body) => body.titles,
      ),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
