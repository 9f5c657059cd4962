import {
  HUB_ADMIN_SETTINGS_ENDPOINTS,
  type TUpdateHubBrandingRequest,
  type TUpdateHubModulesRequest,
  type TUpdateSignupSettingsRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { hubQueryOptions } from '../../../lib/hub-query';

const keyOf = (hubIdentifier: string, part: string) =>
  ['hub', hubIdentifier, 'admin-settings', part] as const;

/** GET /api/admin/modules: every navigation module in the hub's order, on or off (branding-settings). */
export function hubModulesQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'modules'),
    queryFn: ({ signal }) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.modules, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useHubModules(hubIdentifier: string) {
  return useQuery(hubModulesQueryOptions(hubIdentifier));
}

/** GET /api/admin/branding: the hub's colours, logo and banner (branding-settings). */
export function hubBrandingQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'branding'),
    queryFn: ({ signal }) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.branding, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useHubBranding(hubIdentifier: string) {
  return useQuery(hubBrandingQueryOptions(hubIdentifier));
}

/** GET /api/admin/signup-settings: methods, approval, auto-approval per type, required fields (signup-settings). */
export function signupSettingsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'signup'),
    queryFn: ({ signal }) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.signupSettings, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useSignupSettings(hubIdentifier: string) {
  return useQuery(signupSettingsQueryOptions(hubIdentifier));
}

/** The member view of the hub (tabs, theme, signup page) reloads after a hub settings save. */
function refreshHub(client: QueryClient, hubIdentifier: string) {
  return client.invalidateQueries({ queryKey: hubQueryOptions(hubIdentifier).queryKey, exact: true });
}

/** PUT /api/admin/modules; the hub's tabs reload after. */
export function useUpdateHubModules(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateHubModulesRequest) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.updateModules, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(hubModulesQueryOptions(hubIdentifier).queryKey, answer);
      return refreshHub(client, hubIdentifier);
    },
  });
}

/** PUT /api/admin/branding; the app's theme (from the hub) reloads after. */
export function useUpdateHubBranding(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateHubBrandingRequest) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.updateBranding, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(hubBrandingQueryOptions(hubIdentifier).queryKey, answer);
      return refreshHub(client, hubIdentifier);
    },
  });
}

/** PUT /api/admin/signup-settings. */
export function useUpdateSignupSettings(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSignupSettingsRequest) =>
      callEndpoint(HUB_ADMIN_SETTINGS_ENDPOINTS.updateSignupSettings, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(signupSettingsQueryOptions(hubIdentifier).queryKey, answer);
      return refreshHub(client, hubIdentifier);
    },
  });
}
