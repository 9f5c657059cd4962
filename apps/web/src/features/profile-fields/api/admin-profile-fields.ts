import {
  ADMIN_PROFILE_FIELDS_ENDPOINTS,
  type TCreateProfileFieldRequest,
  type TUpdateProfileFieldRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/profile-fields: the hub's custom profile fields in order (admins with standard-fields). */
export function adminProfileFieldsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: ['hub', hubIdentifier, 'admin-profile-fields'],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useAdminProfileFields(hubIdentifier: string) {
  return useQuery(adminProfileFieldsQueryOptions(hubIdentifier));
}

/** After a write the list reloads, and so do profiles (their Additional information follows the fields). */
function useInvalidateAfterWrite(hubIdentifier: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => query.queryKey[1] === hubIdentifier || query.queryKey[0] === 'profiles',
    });
}

/** POST /api/admin/profile-fields. */
export function useCreateProfileField(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (body: TCreateProfileFieldRequest) =>
      callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.create, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/profile-fields/:id: the field goes with every member's answer to it. */
export function useDeleteProfileField(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.remove, {
        hubId: hubIdentifier,
        params: { id },
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/admin/profile-fields/:id (also archive and restore). */
export function useUpdateProfileField(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (options: { id: string; body: TUpdateProfileFieldRequest }) =>
      callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.update, {
        hubId: hubIdentifier,
        params: { id: options.id },
        body: options.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** PUT /api/admin/profile-fields/order. */
export function useReorderProfileFields(hubIdentifier: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (ids: string[]) =>
      callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.reorder, { hubId: hubIdentifier, body: { ids } }),
    onSuccess: (answer) => {
      client.setQueryData(adminProfileFieldsQueryOptions(hubIdentifier).queryKey, answer);
      return invalidate();
    },
  });
}
