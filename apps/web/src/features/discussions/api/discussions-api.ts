import {
  DISCUSSION_PATHS,
  NOTIFICATION_PATHS,
  notificationPath,
  ZAnswerResponse,
  ZNotificationList,
  ZCommentResponse,
  ZDiscussionSettings,
  ZFollowResponse,
  ZPinResponse,
  ZQuestionListResponse,
  ZQuestionResponse,
  ZTopicsResponse,
  ZVoteResponse,
  type TCreateQuestionRequest,
  type TPostKind,
  type TQuestionFilter,
  type TUpdatePostRequest,
} from '@commons/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';


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
    queryKey: ['discussions', 'questions', filters, hubId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(DISCUSSION_PATHS.questions, {
        schema: ZQuestionListResponse,
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
  return useInfiniteQuery({ ...questionListQueryOptions(filters, hubId), placeholderData: (previous) => previous });
}

/** One question with answers and comments. */
export function questionQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['discussions', 'question', id],
    queryFn: ({ signal }) => apiRequest(fillPath(DISCUSSION_PATHS.question, { id }), { schema: ZQuestionResponse, signal }),
  });
}

export function useQuestion(id: string) {
  return useQuery(questionQueryOptions(id));
}

/** The post-question title and approval settings of the hub. */
export function useDiscussionSettings() {
  const hubId = useContentHub();
  return useQuery({
    queryKey: ['discussions', 'settings', hubId],
    queryFn: ({ signal }) => apiRequest(DISCUSSION_PATHS.settings, { schema: ZDiscussionSettings, signal, ...contentHubOption(hubId) }),
    staleTime: 60_000,
  });
}

/** Topics (tags) with counts. */
export function useTopics(groupId: string | null) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: ['discussions', 'topics', groupId, hubId],
    queryFn: ({ signal }) => apiRequest(DISCUSSION_PATHS.topics, { schema: ZTopicsResponse, signal, query: { groupId: groupId ?? undefined }, ...contentHubOption(hubId) }),
  });
}

/** Questions waiting for approval (approvers only). */
export function useApprovalQueue(isEnabled: boolean) {
  return useQuery({
    queryKey: ['discussions', 'approvals'],
    queryFn: ({ signal }) => apiRequest(DISCUSSION_PATHS.approvals, { schema: z.object({ items: ZQuestionListResponse.shape.items }), signal }),
    enabled: isEnabled,
  });
}

/** Refreshes every discussion query after a change. */
function useInvalidateDiscussions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['discussions'] });
}

export function useAskQuestion() {
  const invalidate = useInvalidateDiscussions();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: (body: TCreateQuestionRequest) => apiRequest(DISCUSSION_PATHS.questions, { method: 'POST', body, schema: ZQuestionResponse, ...contentHubOption(hubId) }),
    onSuccess: invalidate,
  });
}

export function useAnswer(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: string) => apiRequest(fillPath(DISCUSSION_PATHS.answers, { id: questionId }), { method: 'POST', body: { body }, schema: ZAnswerResponse }),
    onSuccess: invalidate,
  });
}

export function useComment(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: { body: string; answerId?: string; parentId?: string }) =>
      apiRequest(fillPath(DISCUSSION_PATHS.comments, { id: questionId }), { method: 'POST', body, schema: ZCommentResponse }),
    onSuccess: invalidate,
  });
}

export function useFollow(questionId: string) {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (isFollowing: boolean) => apiRequest(fillPath(DISCUSSION_PATHS.follow, { id: questionId }), { method: 'POST', body: { isFollowing }, schema: ZFollowResponse }),
    onSuccess: invalidate,
  });
}

export function useVote() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; isUpvoted: boolean }) =>
      apiRequest(fillPath(DISCUSSION_PATHS.vote, options), { method: 'POST', body: { isUpvoted: options.isUpvoted }, schema: ZVoteResponse }),
    onSuccess: invalidate,
  });
}

export function usePin() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; isPinned: boolean }) =>
      apiRequest(fillPath(DISCUSSION_PATHS.pin, options), { method: 'POST', body: { isPinned: options.isPinned }, schema: ZPinResponse }),
    onSuccess: invalidate,
  });
}

export function useEditPost() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string; changes: TUpdatePostRequest }) =>
      apiRequest(fillPath(DISCUSSION_PATHS.post, options), { method: 'PATCH', body: options.changes, schema: ZQuestionResponse }),
    onSuccess: invalidate,
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { kind: TPostKind; id: string }) => apiRequest(fillPath(DISCUSSION_PATHS.post, options), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDecideQuestion() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (options: { id: string; decision: 'approve' | 'reject' }) =>
      apiRequest(fillPath(DISCUSSION_PATHS.decision, { id: options.id }), { method: 'POST', body: { decision: options.decision }, schema: ZQuestionResponse }),
    onSuccess: invalidate,
  });
}

/** My content notifications in the hub (mentions, answers to followed questions), refreshed every 15 s. */
export function useContentNotifications() {
  return useQuery({
    queryKey: ['notifications', 'content'],
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.list, { schema: ZNotificationList, signal, query: { category: 'content', limit: 10 } }),
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
