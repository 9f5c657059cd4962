import {
  SAML_ADMIN_ENDPOINTS,
  type TCreateSamlProviderRequest,
  type TUpdateSamlProviderRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = { all: ['sso', 'saml-providers'] as const };

/** GET /api/admin/sso/saml-providers: the cluster's SAML identity providers (sso-settings). */
export function samlProvidersQueryOptions() {
  return queryOptions({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      callEndpoint(SAML_ADMIN_ENDPOINTS.list, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useSamlProviders() {
  return useQuery(samlProvidersQueryOptions());
}

/** Every list of the page: the domain rules pick among all providers, SAML ones included. */
function useSamlProvidersChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['sso'] });
}

/** POST: a provider from the IdP's metadata XML; field messages come back on metadataXml and name. */
export function useCreateSamlProvider() {
  const changed = useSamlProvidersChanged();
  return useMutation({
    mutationFn: (body: TCreateSamlProviderRequest) =>
      callEndpoint(SAML_ADMIN_ENDPOINTS.create, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

/** PATCH: name, on or off, attribute mapping, or new metadata. */
export function useUpdateSamlProvider() {
  const changed = useSamlProvidersChanged();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateSamlProviderRequest }) =>
      callEndpoint(SAML_ADMIN_ENDPOINTS.update, {
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => changed(),
  });
}

export function useDeleteSamlProvider() {
  const changed = useSamlProvidersChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(SAML_ADMIN_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => changed(),
  });
}

/** Test connection: the server answers the IdP URL of a test sign-in, which the browser opens. */
export function useTestSamlProvider() {
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(SAML_ADMIN_ENDPOINTS.test, { params: { id }, isErrorToastSuppressed: true }),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}
