import {
  DISCUSSION_ENDPOINTS,
  NOTIFICATION_PATHS,
  notificationPath,
  ZNotificationList,
  type TCreateQuestionRequest,
  type TPostKind,
  type TQuestionFilter,
  type TUpdatePostRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '../../../lib/api-client';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';
import { discussionKeys } from './discussions-keys';

/** Filters of a question list. */
export interface TQuestionListFilters {
  filter: TQuestionFilter;
  q: string;
  tag: string | null;
  groupId: string | null;
}

/** Cursor-paged questions of the hub or a group (GET /api/discussions/questions). */
export function questionListQueryOptions(filters: TQuestionListFilters, hubId?: string) {
  return infiniteQueryOptions({
    queryKey: discussionKeys.questions(filters, hubId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.listQuestions, {
        signal,
        ...contentHubOption(hubId),
        query: {
          filter: filters.filter,
          q: filters.q.trim() === '' ? undefined : filters.q.trim(),
          tag: filters.tag ?? undefined,
          groupId: filters.groupId ?? undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The question list, page by page; earlier results stay while new ones load. */
export function useQuestionList(filters: TQuestionListFilters) {
  const hubId = useContentHub();
  return useInfiniteQuery({
    ...questionListQueryOptions(filters, hubId),
    placeholderData: (previous) => previous,
  });
}

/** One question with answers and comments. */
export function questionQueryOptions(id: string) {
  return queryOptions({
    queryKey: discussionKeys.question(id),
    queryFn: ({ signal }) => callEndpoint(DISCUSSION_ENDPOINTS.getQuestion, { params: { id }, signal }),
  });
}

export function useQuestion(id: string) {
  return useQuery(questionQueryOptions(id));
}

/** The post-question title and approval settings of the hub. */
export function useDiscussionSettings() {
  const hubId = useContentHub();
  return useQuery({
    queryKey: discussionKeys.settings(hubId),
    queryFn: ({ signal }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.settings, { signal, ...contentHubOption(hubId) }),
    staleTime: 60_000,
  });
}

/** Topics (tags) with counts. */
export function useTopics(groupId: string | null) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: discussionKeys.topics(groupId, hubId),
    queryFn: ({ signal }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.topics, {
        signal,
        query: { groupId: groupId ?? undefined },
        ...contentHubOption(hubId),
      }),
  });
}

/** Questions waiting for approval (approvers only). */
export function useApprovalQueue(isEnabled: boolean) {
  return useQuery({
    queryKey: discussionKeys.approvals(),
    queryFn: ({ signal }) => callEndpoint(DISCUSSION_ENDPOINTS.approvals, { signal }),
    enabled: isEnabled,
  });
}

/** Refreshes every discussion query after a change. */
function useInvalidateDiscussions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: discussionKeys.all });
}

export function useAskQuestion() {
  const invalidate = useInvalidateDiscussions();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: (body: TCreateQuestionRequest) =>
      callEndpoint(DISCUSSION_ENDPOINTS.createQuestion, { body, ...contentHubOption(hubId) }),
    onSuccess: invalidate,
  });
}

export function useAnswer(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: string) =>
      callEndpoint(DISCUSSION_ENDPOINTS.createAnswer, { params: { id: questionId }, body: { body } }),
    onSuccess: invalidate,
  });
}

export function useComment(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: { body: string; answerId?: string; parentId?: string }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.createComment, { params: { id: questionId }, body }),
    onSuccess: invalidate,
  });
}

export function useFollow(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (isFollowing: boolean) =>
      callEndpoint(DISCUSSION_ENDPOINTS.follow, { params: { id: questionId }, body: { isFollowing } }),
    onSuccess: invalidate,
  });
}

export function useVote() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; isUpvoted: boolean }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.vote, {
        params: { kind: options.kind, id: options.id },
        body: { isUpvoted: options.isUpvoted },
      }),
    onSuccess: invalidate,
  });
}

export function usePin() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; isPinned: boolean }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.pin, {
        params: { kind: options.kind, id: options.id },
        body: { isPinned: options.isPinned },
      }),
    onSuccess: invalidate,
  });
}

export function useEditPost() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; changes: TUpdatePostRequest }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.updatePost, {
        params: { kind: options.kind, id: options.id },
        body: options.changes,
      }),
    onSuccess: invalidate,
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.deletePost, { params: { kind: options.kind, id: options.id } }),
    onSuccess: invalidate,
  });
}

/**
 * Accepts an answer of the question, moves the acceptance to it, or takes it back (`answerId` null); the
 * server answers with the question page, which replaces the cached one at once (issue #16 item 18).
 */
export function useAcceptAnswer(questionId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (answerId: string | null) =>
      callEndpoint(DISCUSSION_ENDPOINTS.acceptAnswer, { params: { id: questionId }, body: { answerId } }),
    onSuccess: (page) => {
      client.setQueryData(discussionKeys.question(questionId), page);
      return invalidate();
    },
  });
}

export function useDecideQuestion() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { id: string; decision: 'approve' | 'reject' }) =>
      callEndpoint(DISCUSSION_ENDPOINTS.decide, {
        params: { id: options.id },
        body: { decision: options.decision },
      }),
    onSuccess: invalidate,
  });
}

/** My content notifications in the hub (mentions, answers to followed questions), refreshed every 15 s. */
export function useContentNotifications() {
  return useQuery({
    queryKey: ['notifications', 'content'],
    queryFn: ({ signal }) =>
      apiRequest(NOTIFICATION_PATHS.list, {
        schema: ZNotificationList,
        signal,
        query: { category: 'content', limit: 10 },
      }),
    refetchInterval: 15_000,
  });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id === undefined
        ? apiRequest(NOTIFICATION_PATHS.markAllRead, { method: 'POST', body: { category: 'content' } })
        : apiRequest(notificationPath.markRead(id), { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
