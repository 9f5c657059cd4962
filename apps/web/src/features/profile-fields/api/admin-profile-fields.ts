import {
  ADMIN_PROFILE_FIELDS_ENDPOINTS,
  ORGANIZATION_PROFILE_FIELDS_ENDPOINTS,
  type TAdminProfileField,
  type TAdminProfileFieldsResponse,
  type TCreateProfileFieldRequest,
  type TOrganizationProfileFieldsResponse,
  type TUpdateProfileFieldRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * Whose fields the editor works on: the hub's own (organization null, admins with standard-fields) or one
 * organisation's of the hub (its console's custom-fields; spec 6 Organisation admins). One editor, two scopes.
 */
export interface TProfileFieldsScope {
  hubIdentifier: string;
  organization: string | null;
}

/** The list as the editor reads it; an organisation's also names the organisation. */
export type TProfileFieldsList = TAdminProfileFieldsResponse &
  Partial<Pick<TOrganizationProfileFieldsResponse, 'organization'>>;

/** GET /api/admin/profile-fields or /api/admin/organizations/:identifier/profile-fields: the fields in order. */
export function adminProfileFieldsQueryOptions(scope: TProfileFieldsScope) {
  return queryOptions({
    queryKey: ['hub', scope.hubIdentifier, 'admin-profile-fields', scope.organization ?? ''],
    queryFn: ({ signal }): Promise<TProfileFieldsList> => {
      const common = { hubId: scope.hubIdentifier, signal, isErrorToastSuppressed: true };
      return scope.organization === null
        ? callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.list, common)
        : callEndpoint(ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.list, {
            ...common,
            params: { identifier: scope.organization },
          });
    },
    retry: false,
  });
}

export function useAdminProfileFields(scope: TProfileFieldsScope) {
  return useQuery(adminProfileFieldsQueryOptions(scope));
}

/** After a write the list reloads, and so do profiles (their Additional information follows the fields). */
function useInvalidateAfterWrite(scope: TProfileFieldsScope) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => query.queryKey[1] === scope.hubIdentifier || query.queryKey[0] === 'profiles',
    });
}

/** POST a new field at the end of the scope's list. */
export function useCreateProfileField(scope: TProfileFieldsScope) {
  const invalidate = useInvalidateAfterWrite(scope);
  return useMutation({
    mutationFn: (body: TCreateProfileFieldRequest): Promise<TAdminProfileField> => {
      const common = { hubId: scope.hubIdentifier, body, isErrorToastSuppressed: true };
      return scope.organization === null
        ? callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.create, common)
        : callEndpoint(ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.create, {
            ...common,
            params: { identifier: scope.organization },
          });
    },
    onSuccess: invalidate,
  });
}

/** DELETE a field of the scope: it goes with every member's answer to it. */
export function useDeleteProfileField(scope: TProfileFieldsScope) {
  const invalidate = useInvalidateAfterWrite(scope);
  return useMutation({
    mutationFn: (id: string): Promise<undefined> => {
      const common = { hubId: scope.hubIdentifier, isErrorToastSuppressed: true };
      return scope.organization === null
        ? callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.remove, { ...common, params: { id } })
        : callEndpoint(ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.remove, {
            ...common,
            params: { identifier: scope.organization, id },
          });
    },
    onSuccess: invalidate,
  });
}

/** PATCH a field of the scope (also archive and restore). */
export function useUpdateProfileField(scope: TProfileFieldsScope) {
  const invalidate = useInvalidateAfterWrite(scope);
  return useMutation({
    mutationFn: (options: { id: string; body: TUpdateProfileFieldRequest }): Promise<TAdminProfileField> => {
      const common = { hubId: scope.hubIdentifier, body: options.body, isErrorToastSuppressed: true };
      return scope.organization === null
        ? callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.update, { ...common, params: { id: options.id } })
        : callEndpoint(ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.update, {
            ...common,
            params: { identifier: scope.organization, id: options.id },
          });
    },
    onSuccess: invalidate,
  });
}

/** PUT the scope's fields in a new order. */
export function useReorderProfileFields(scope: TProfileFieldsScope) {
  const client = useQueryClient();
  const invalidate = useInvalidateAfterWrite(scope);
  return useMutation({
    mutationFn: (ids: string[]): Promise<TProfileFieldsList> =>
      scope.organization === null
        ? callEndpoint(ADMIN_PROFILE_FIELDS_ENDPOINTS.reorder, { hubId: scope.hubIdentifier, body: { ids } })
        : callEndpoint(ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.reorder, {
            hubId: scope.hubIdentifier,
            params: { identifier: scope.organization },
            body: { ids },
          }),
    onSuccess: (answer) => {
      client.setQueryData(adminProfileFieldsQueryOptions(scope).queryKey, answer);
      return invalidate();
    },
  });
}
