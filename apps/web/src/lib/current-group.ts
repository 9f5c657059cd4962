/**
 * The group, program or organization of the current group page (issue #6), shared by the group page
 * layout and its tab pages from every feature (discussion, resources, events and feed tabs read it
 * here, since features do not import each other).
 */
import { GROUP_ENDPOINTS, type TGroupDetail } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { callEndpoint } from './api-client';

/** Query key prefix of every group query; invalidate it after a membership change. */
export const GROUPS_QUERY_KEY = ['groups'] as const;

/** Query key of one group page. */
export function groupQueryKey(identifier: string) {
  return [...GROUPS_QUERY_KEY, 'detail', identifier] as const;
}

/** GET /api/groups/{identifier}: the group with its visible tabs, the viewer's membership and abilities. */
export function getGroup(identifier: string, signal?: AbortSignal): Promise<TGroupDetail> {
  return callEndpoint(GROUP_ENDPOINTS.get, { params: { identifier }, signal }).then(
    (response) => response.group,
  );
}

/** Query options of one group, shared by the route loader, the layout and the tabs. */
export function groupQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: groupQueryKey(identifier),
    queryFn: ({ signal }) => getGroup(identifier, signal),
  });
}

/** The group named by the route's :identifier (group, program and organization pages and their tabs). */
export function useCurrentGroup() {
  const { identifier = '' } = useParams();
  return useQuery({ ...groupQueryOptions(identifier), enabled: identifier !== '' });
}
