import { SSO_ENDPOINTS } from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const identitiesKey = ['account', 'sso-identities'] as const;

/** The member's linked sign-in accounts and what they may link. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: identitiesKey,
    queryFn: ({ signal }) => callEndpoint(SSO_ENDPOINTS.identities, { signal, isErrorToastSuppressed: true }),
  });
}

/** Starts linking: the server answers the provider's URL, which the browser then opens. */
export function useStartLink() {
  return useMutation({
    mutationFn: (providerId: string) =>
      callEndpoint(SSO_ENDPOINTS.oidcLink, { params: { providerId }, isErrorToastSuppressed: true }),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}

export function useUnlinkIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(SSO_ENDPOINTS.unlink, { params: { id }, isErrorToastSuppressed: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: identitiesKey }),
  });
}
