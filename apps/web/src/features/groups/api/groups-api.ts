import {
  GROUP_ENDPOINTS,
  type TCreateGroupRequest,
  type TGroupDetail,
  type TGroupMembersQuery,
  type TGroupTypeName,
  type TJoinGroupRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

/** Filters of a group list. */
export interface TGroupListFilters {
  type: TGroupTypeName;
  q: string;
  isMine: boolean;
}

/** GET /api/groups: one page of the hub's groups of a type (issue #6 lists). */
export function groupListQueryOptions(filters: TGroupListFilters) {
  return infiniteQueryOptions({
    queryKey: groupKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(GROUP_ENDPOINTS.list, {
        signal,
        query: {
          type: filters.type,
          q: filters.q.trim() === '' ? undefined : filters.q.trim(),
          mine: filters.isMine ? 'true' : undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The groups matching the filters, page by page; earlier results stay while new ones load. */
export function useGroupList(filters: TGroupListFilters) {
  return useInfiniteQuery({ ...groupListQueryOptions(filters), placeholderData: (previous) => previous });
}

/** Stores a fresh group answer and reloads the lists, whose membership badges changed. */
function useStoreGroup() {
  const client = useQueryClient();
  return (group: TGroupDetail) => {
    client.setQueryData(groupKeys.detail(group.identifier), group);
    void client.invalidateQueries({ queryKey: groupKeys.lists() });
    void client.invalidateQueries({ queryKey: groupKeys.members(group.identifier) });
  };
}

/** POST /api/groups: a new group, program or organization in the current hub. */
export function useCreateGroup() {
  const store = useStoreGroup();
  return useMutation({
    mutationFn: (body: TCreateGroupRequest) =>
      callEndpoint(GROUP_ENDPOINTS.create, { body }).then((r) => r.group),
    onSuccess: store,
  });
}

/** POST /api/groups/{identifier}/join: join, ask to join, accept an invitation or register. */
export function useJoinGroup(identifier: string) {
  const store = useStoreGroup();
  return useMutation({
    mutationFn: (body: TJoinGroupRequest) =>
      callEndpoint(GROUP_ENDPOINTS.join, { params: { identifier }, body, isErrorToastSuppressed: true }),
    onSuccess: (result) => store(result.group),
  });
}

/** POST /api/groups/{identifier}/leave: leave, withdraw a request or decline an invitation. */
export function useLeaveGroup(identifier: string) {
  const store = useStoreGroup();
  return useMutation({
    mutationFn: () => callEndpoint(GROUP_ENDPOINTS.leave, { params: { identifier } }).then((r) => r.group),
    onSuccess: store,
  });
}

/** GET /api/groups/{identifier}/members: members by role and status, page by page. */
export function groupMembersQueryOptions(
  identifier: string,
  filters: Omit<TGroupMembersQuery, 'cursor' | 'limit'>,
) {
  return infiniteQueryOptions({
    queryKey: groupKeys.memberList(identifier, filters),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(GROUP_ENDPOINTS.members, {
        params: { identifier },
        signal,
        query: {
          ...filters,
          q: filters.q?.trim() === '' ? undefined : filters.q,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Members of a group; idle until `isEnabled`. */
export function useGroupMembers(
  identifier: string,
  filters: Omit<TGroupMembersQuery, 'cursor' | 'limit'>,
  isEnabled = true,
) {
  return useInfiniteQuery({
    ...groupMembersQueryOptions(identifier, filters),
    enabled: isEnabled,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/groups/{identifier}/questions: a program's registration questions. */
export function programQuestionsQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: groupKeys.questions(identifier),
    queryFn: ({ signal }) =>
      callEndpoint(GROUP_ENDPOINTS.questions, { params: { identifier }, signal }).then((r) => r.items),
  });
}

/** A program's registration questions. */
export function useProgramQuestions(identifier: string, isEnabled = true) {
  return useQuery({ ...programQuestionsQueryOptions(identifier), enabled: isEnabled && identifier !== '' });
}
