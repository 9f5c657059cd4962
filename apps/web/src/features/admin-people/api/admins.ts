import {
  ADMIN_PEOPLE_ENDPOINTS,
  type TMakeAdminRequest,
  type TSetAdminRightRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';

/** GET /api/admin/admins: the hub's admins with their rights (manage-admins). */
export function hubAdminsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: ['hub', hubIdentifier, 'admin-people', 'admins'],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.listAdmins, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useHubAdmins(hubIdentifier: string) {
  return useQuery(hubAdminsQueryOptions(hubIdentifier));
}

/** GET /api/admin/admins/candidates: approved members who are not admins, by name (or email). */
export function useAdminCandidates(hubIdentifier: string, q: string) {
  return useQuery({
    queryKey: ['hub', hubIdentifier, 'admin-people', 'candidates', q],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.adminCandidates, {
        hubId: hubIdentifier,
        query: { q },
        signal,
        isErrorToastSuppressed: true,
      }),
    enabled: q.trim() !== '',
    retry: false,
  });
}

/** Every admin-people query of the hub reloads after a change (the lists and the viewer's own rights). */
function useInvalidatePeople(hubIdentifier: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) =>
        (query.queryKey[0] === 'hub' &&
          query.queryKey[1] === hubIdentifier &&
          query.queryKey[2] === 'admin-people') ||
        (query.queryKey[0] === ME_QUERY_KEY[0] && query.queryKey[1] === ME_QUERY_KEY[1]),
    });
}

/** PUT /api/admin/admins/:userId/rights: grant or revoke one right. */
export function useSetAdminRight(hubIdentifier: string) {
  const invalidate = useInvalidatePeople(hubIdentifier);
  return useMutation({
    mutationFn: (options: { userId: string } & TSetAdminRightRequest) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.setRight, {
        hubId: hubIdentifier,
        params: { userId: options.userId },
        body: { right: options.right, isGranted: options.isGranted },
        isErrorToastSuppressed: true,
      }),
    onSettled: invalidate,
  });
}

/** POST /api/admin/admins: make a member a hub admin. */
export function useMakeAdmin(hubIdentifier: string) {
  const invalidate = useInvalidatePeople(hubIdentifier);
  return useMutation({
    mutationFn: (body: TMakeAdminRequest) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.makeAdmin, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/admins/:userId: remove a hub admin (they stay a member). */
export function useRemoveAdmin(hubIdentifier: string) {
  const invalidate = useInvalidatePeople(hubIdentifier);
  return useMutation({
    mutationFn: (userId: string) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.removeAdmin, {
        hubId: hubIdentifier,
        params: { userId },
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}
