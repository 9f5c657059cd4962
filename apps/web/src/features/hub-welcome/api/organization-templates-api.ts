import { ORGANIZATION_TEMPLATE_ENDPOINTS, type TPutOutreachTemplatesRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keyOf = (hubIdentifier: string, organization: string) =>
  ['hub', hubIdentifier, 'organization-admin', organization, 'templates'] as const;

/**
 * GET /api/admin/organizations/:identifier/outreach-templates: one organisation's templates per user type pair, the
 * hub's user types and the organisation's name (its templates right).
 */
export function organizationTemplatesQueryOptions(hubIdentifier: string, organization: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, organization),
    queryFn: ({ signal }) =>
      callEndpoint(ORGANIZATION_TEMPLATE_ENDPOINTS.templates, {
        hubId: hubIdentifier,
        params: { identifier: organization },
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useOrganizationTemplates(hubIdentifier: string, organization: string) {
  return useQuery(organizationTemplatesQueryOptions(hubIdentifier, organization));
}

/** PUT /api/admin/organizations/:identifier/outreach-templates: one pair's whole set; empty removes it. */
export function useReplaceOrganizationTemplates(hubIdentifier: string, organization: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutOutreachTemplatesRequest) =>
      callEndpoint(ORGANIZATION_TEMPLATE_ENDPOINTS.replaceTemplates, {
        hubId: hubIdentifier,
        params: { identifier: organization },
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(hubIdentifier, organization) }),
  });
}
