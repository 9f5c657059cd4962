import {
  SCIM_ADMIN_ENDPOINTS,
  type TCreateScimTokenRequest,
  type TScimGroupMappingRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = { settings: ['sso', 'scim'] as const };

/** GET /api/admin/scim: the cluster's SCIM tokens, pushed groups and the hubs a group may map to. */
export function scimSettingsQueryOptions() {
  return queryOptions({
    queryKey: keys.settings,
    queryFn: ({ signal }) =>
      callEndpoint(SCIM_ADMIN_ENDPOINTS.settings, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useScimSettings() {
  return useQuery(scimSettingsQueryOptions());
}

function useScimSettingsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.settings });
}

/** POST: a new token; the answer holds it, shown this once. */
export function useCreateScimToken() {
  const changed = useScimSettingsChanged();
  return useMutation({
    mutationFn: (body: TCreateScimTokenRequest) =>
      callEndpoint(SCIM_ADMIN_ENDPOINTS.createToken, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useRevokeScimToken() {
  const changed = useScimSettingsChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(SCIM_ADMIN_ENDPOINTS.revokeToken, { params: { id } }),
    onSuccess: () => changed(),
  });
}

export function useMapScimGroup() {
  const changed = useScimSettingsChanged();
  return useMutation({
    mutationFn: (input: { id: string; body: TScimGroupMappingRequest }) =>
      callEndpoint(SCIM_ADMIN_ENDPOINTS.mapGroup, {
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => changed(),
  });
}
