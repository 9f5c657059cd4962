import {
  SSO_ADMIN_ENDPOINTS,
  type TCreateOidcProviderRequest,
  type TCreateSsoDomainRequest,
  type TUpdateOidcProviderRequest,
  type TUpdateSsoSettingsRequest,
} from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Query keys of the sso-settings page (the SAML and SCIM sections keep theirs under ['sso', …] too). */
export const ssoKeys = {
  providers: ['sso', 'providers'] as const,
  settings: ['sso', 'settings'] as const,
};

/** GET /api/admin/sso/providers: every provider of the cluster (never a secret) and the redirect URI. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ssoKeys.providers,
    queryFn: ({ signal }) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.providers, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

function useProvidersChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['sso'] });
}

export function useCreateOidcProvider() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (body: TCreateOidcProviderRequest) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.createOidc, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useUpdateOidcProvider() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateOidcProviderRequest }) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.updateOidc, {
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => changed(),
  });
}

export function useRemoveOidcProvider() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(SSO_ADMIN_ENDPOINTS.removeOidc, { params: { id } }),
    onSuccess: () => changed(),
  });
}

/** Test connection: the answer says ok or why not; the list shows it afterwards too. */
export function useTestOidcProvider() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.testOidc, { params: { id }, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

/** GET /api/admin/sso/settings: hidden signup methods and SSO-required domains. */
export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKeys.settings,
    queryFn: ({ signal }) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.settings, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useUpdateSsoSettings() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (body: TUpdateSsoSettingsRequest) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.updateSettings, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useAddSsoDomain() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (body: TCreateSsoDomainRequest) =>
      callEndpoint(SSO_ADMIN_ENDPOINTS.addDomain, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useRemoveSsoDomain() {
  const changed = useProvidersChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(SSO_ADMIN_ENDPOINTS.removeDomain, { params: { id } }),
    onSuccess: () => changed(),
  });
}
