import {
  ASSESSMENT_ADMIN_ENDPOINTS,
  type TCreateAssessmentRequest,
  type TUpdateAssessmentRequest,
} from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { assessmentKeys } from './assessment-keys';

/** GET /api/admin/assessments: the hub's assessments with launch and webhook addresses. */
export function useAdminAssessments(hubIdentifier: string) {
  return useQuery({
    queryKey: assessmentKeys.admin(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(ASSESSMENT_ADMIN_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
  });
}

function useInvalidateAssessments(hubIdentifier: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: assessmentKeys.all(hubIdentifier) });
}

/** POST /api/admin/assessments (no id) or PATCH /api/admin/assessments/{id}. */
export function useSaveAssessment(hubIdentifier: string) {
  const invalidate = useInvalidateAssessments(hubIdentifier);
  return useMutation({
    mutationFn: (
      input: { id: null; body: TCreateAssessmentRequest } | { id: string; body: TUpdateAssessmentRequest },
    ) =>
      input.id === null
        ? callEndpoint(ASSESSMENT_ADMIN_ENDPOINTS.create, {
            hubId: hubIdentifier,
            body: input.body,
            isErrorToastSuppressed: true,
          })
        : callEndpoint(ASSESSMENT_ADMIN_ENDPOINTS.update, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body,
            isErrorToastSuppressed: true,
          }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/assessments/{id}. */
export function useDeleteAssessment(hubIdentifier: string) {
  const invalidate = useInvalidateAssessments(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ASSESSMENT_ADMIN_ENDPOINTS.remove, {
        hubId: hubIdentifier,
        params: { id },
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** PUT /api/admin/assessments/settings: the tab's name. */
export function useSaveAssessmentSettings(hubIdentifier: string) {
  const invalidate = useInvalidateAssessments(hubIdentifier);
  return useMutation({
    mutationFn: (tabName: string) =>
      callEndpoint(ASSESSMENT_ADMIN_ENDPOINTS.settings, {
        hubId: hubIdentifier,
        body: { tabName },
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}
