/**
 * Group administration (issue #6 Group admin, Organizations): edit the group, decide on members, questions,
 * CSV invite and export, announcements and their unsubscribe link.
 */
import {
  GROUP_PATHS,
  GROUP_TOOL_PATHS,
  ZCsvInviteResponse,
  ZGroupAnnouncementResponse,
  ZGroupAnnouncementsResponse,
  ZGroupMemberResponse,
  ZGroupResponse,
  ZGroupUnsubscribeResponse,
  ZProgramQuestionResponse,
  type TCsvInviteRequest,
  type TGroupAnnouncementRequest,
  type TProgramQuestionInput,
  type TUpdateGroupRequest,
  type TUpdateMemberRequest,
} from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { groupApiPath, groupQueryKey, GROUPS_QUERY_KEY } from '../../../lib/current-group';

const ZOk = z.object({ ok: z.literal(true) });

/** Reloads everything shown about one group (page, members, questions). */
function useRefreshGroup(identifier: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: groupQueryKey(identifier) });
    void client.invalidateQueries({ queryKey: [...GROUPS_QUERY_KEY, 'members', identifier] });
    void client.invalidateQueries({ queryKey: [...GROUPS_QUERY_KEY, 'questions', identifier] });
    void client.invalidateQueries({ queryKey: [...GROUPS_QUERY_KEY, 'program', identifier] });
  };
}

/** PATCH /api/groups/{identifier}: about, policy, visibility and settings. */
export function useUpdateGroup(identifier: string) {
  const client = useQueryClient();
  const refresh = useRefreshGroup(identifier);
  return useMutation({
    mutationFn: (body: TUpdateGroupRequest) =>
      apiRequest(groupApiPath(GROUP_PATHS.group, identifier), {
        method: 'PATCH',
        body,
        schema: ZGroupResponse,
        isErrorToastSuppressed: true,
      }).then((r) => r.group),
    onSuccess: (group) => {
      client.setQueryData(groupQueryKey(identifier), group);
      refresh();
    },
  });
}

/** Approve or decline a request, remove a member, or change role and admin flags. */
export function useMemberAction(identifier: string) {
  const refresh = useRefreshGroup(identifier);
  return useMutation({
    mutationFn: async (
      action: { userId: string } & (
        { kind: 'approve' | 'reject' | 'remove' } | { kind: 'update'; changes: TUpdateMemberRequest }
      ),
    ) => {
      const params = { userId: action.userId };
      if (action.kind === 'update') {
        await apiRequest(groupApiPath(GROUP_PATHS.member, identifier, params), {
          method: 'PATCH',
          body: action.changes,
          schema: ZGroupMemberResponse,
        });
      } else if (action.kind === 'remove') {
        await apiRequest(groupApiPath(GROUP_PATHS.member, identifier, params), {
          method: 'DELETE',
          schema: ZOk,
        });
      } else {
        const path = action.kind === 'approve' ? GROUP_PATHS.approveMember : GROUP_PATHS.rejectMember;
        await apiRequest(groupApiPath(path, identifier, params), { method: 'POST', schema: ZOk });
      }
    },
    onSuccess: refresh,
  });
}

/** Adds, changes or retires a registration question. */
export function useQuestionAction(identifier: string) {
  const refresh = useRefreshGroup(identifier);
  return useMutation({
    mutationFn: async (
      action:
        | { kind: 'create'; body: TProgramQuestionInput }
        | { kind: 'update'; questionId: string; body: TProgramQuestionInput }
        | { kind: 'delete'; questionId: string },
    ) => {
      if (action.kind === 'create') {
        await apiRequest(groupApiPath(GROUP_PATHS.questions, identifier), {
          method: 'POST',
          body: action.body,
          schema: ZProgramQuestionResponse,
          isErrorToastSuppressed: true,
        });
      } else if (action.kind === 'update') {
        await apiRequest(groupApiPath(GROUP_PATHS.question, identifier, { questionId: action.questionId }), {
          method: 'PUT',
          body: action.body,
          schema: ZProgramQuestionResponse,
          isErrorToastSuppressed: true,
        });
      } else {
        await apiRequest(groupApiPath(GROUP_PATHS.question, identifier, { questionId: action.questionId }), {
          method: 'DELETE',
          schema: ZOk,
        });
      }
    },
    onSuccess: refresh,
  });
}

/** POST …/invitations/csv: the dry-run report, or the invitations. */
export function useCsvInvite(identifier: string) {
  const refresh = useRefreshGroup(identifier);
  return useMutation({
    mutationFn: (body: TCsvInviteRequest) =>
      apiRequest(groupApiPath(GROUP_TOOL_PATHS.inviteCsv, identifier), {
        method: 'POST',
        body,
        schema: ZCsvInviteResponse,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (result) => {
      if (!result.dryRun) refresh();
    },
  });
}

/** GET …/members/export: downloads the members CSV. */
export function downloadMembersCsv(identifier: string): Promise<void> {
  return apiDownload(groupApiPath(GROUP_TOOL_PATHS.exportCsv, identifier), `${identifier}-members.csv`);
}

const announcementsKey = (identifier: string) => [...GROUPS_QUERY_KEY, 'announcements', identifier] as const;

/** GET …/announcements: history, recipients and today's remaining sends. */
export function useAnnouncements(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: announcementsKey(identifier),
    queryFn: ({ signal }) =>
      apiRequest(groupApiPath(GROUP_TOOL_PATHS.announcements, identifier), {
        schema: ZGroupAnnouncementsResponse,
        signal,
      }),
    enabled: isEnabled,
  });
}

/** POST …/announcements: sends one announcement. */
export function useSendAnnouncement(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGroupAnnouncementRequest) =>
      apiRequest(groupApiPath(GROUP_TOOL_PATHS.announcements, identifier), {
        method: 'POST',
        body,
        schema: ZGroupAnnouncementResponse,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: announcementsKey(identifier) }),
  });
}

/** POST /api/group-announcements/unsubscribe: honours an unsubscribe link. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(GROUP_TOOL_PATHS.unsubscribe, {
        method: 'POST',
        body: { token },
        schema: ZGroupUnsubscribeResponse,
        isErrorToastSuppressed: true,
        hubId: null,
      }),
  });
}
