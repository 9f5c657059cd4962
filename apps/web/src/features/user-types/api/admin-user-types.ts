import {
  ADMIN_USER_TYPES_ENDPOINTS,
  type TCreateUserTypeRequest,
  type TUpdateUserTypeRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/user-types: the hub's user types in order (admins with standard-fields). */
export function adminUserTypesQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: ['hub', hubIdentifier, 'admin-user-types'],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_USER_TYPES_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useAdminUserTypes(hubIdentifier: string) {
  return useQuery(adminUserTypesQueryOptions(hubIdentifier));
}

/** After a write: the list reloads, and so does every hub read (tabs, titles and messaging follow user types). */
function useInvalidateAfterWrite(hubIdentifier: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (query) => query.queryKey[1] === hubIdentifier });
}

/** POST /api/admin/user-types. */
export function useCreateUserType(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (body: TCreateUserTypeRequest) =>
      callEndpoint(ADMIN_USER_TYPES_ENDPOINTS.create, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/admin/user-types/:id. */
export function useUpdateUserType(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (options: { id: string; body: TUpdateUserTypeRequest }) =>
      callEndpoint(ADMIN_USER_TYPES_ENDPOINTS.update, {
        hubId: hubIdentifier,
        params: { id: options.id },
        body: options.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** PUT /api/admin/user-types/order. */
export function useReorderUserTypes(hubIdentifier: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (ids: string[]) =>
      callEndpoint(ADMIN_USER_TYPES_ENDPOINTS.reorder, { hubId: hubIdentifier, body: { ids } }),
    onSuccess: (answer) => {
      client.setQueryData(adminUserTypesQueryOptions(hubIdentifier).queryKey, answer);
      return invalidate();
    },
  });
}

/** DELETE /api/admin/user-types/:id (only a type without members). */
export function useDeleteUserType(hubIdentifier: string) {
  const invalidate = useInvalidateAfterWrite(hubIdentifier);
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(ADMIN_USER_TYPES_ENDPOINTS.remove, { hubId: hubIdentifier, params: { id } }),
    onSuccess: invalidate,
  });
}
