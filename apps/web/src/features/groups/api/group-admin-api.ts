/**
 * Group administration (issue #6 Group admin, Organizations): edit the group, decide on members, questions,
 * CSV invite and export, announcements and their unsubscribe link.
 */
import {
  endpointPath,
  GROUP_ADMIN_ENDPOINTS,
  GROUP_ENDPOINTS,
  GROUP_TOOL_ENDPOINTS,
  type TCsvInviteRequest,
  type TGroupAnnouncementRequest,
  type TProgramQuestionInput,
  type TUpdateGroupRequest,
  type TUpdateMemberRequest,
} from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

/** Reloads everything shown about one group (page, members, questions). */
function useRefreshGroup(identifier: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: groupKeys.detail(identifier) });
    void client.invalidateQueries({ queryKey: groupKeys.members(identifier) });
    void client.invalidateQueries({ queryKey: groupKeys.questions(identifier) });
    void client.invalidateQueries({ queryKey: groupKeys.program(identifier) });
  };
}

/** PATCH /api/groups/{identifier}: about, policy, visibility and settings. */
export function useUpdateGroup(identifier: string) {
  const client = useQueryClient();
  const refresh = useRefreshGroup(identifier);
  return useMutation({
    mutationFn: (body: TUpdateGroupRequest) =>
      callEndpoint(GROUP_ENDPOINTS.update, {
        params: { identifier },
        body,
        isErrorToastSuppressed: true,
      }).then((r) => r.group),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(identifier), group);
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
      const params = { identifier, userId: action.userId };
      if (action.kind === 'update')
        await callEndpoint(GROUP_ADMIN_ENDPOINTS.updateMember, { params, body: action.changes });
      else if (action.kind === 'remove') await callEndpoint(GROUP_ADMIN_ENDPOINTS.removeMember, { params });
      else if (action.kind === 'approve') await callEndpoint(GROUP_ADMIN_ENDPOINTS.approveMember, { params });
      else await callEndpoint(GROUP_ADMIN_ENDPOINTS.rejectMember, { params });
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
        await callEndpoint(GROUP_ADMIN_ENDPOINTS.createQuestion, {
          params: { identifier },
          body: action.body,
          isErrorToastSuppressed: true,
        });
      } else if (action.kind === 'update') {
        await callEndpoint(GROUP_ADMIN_ENDPOINTS.updateQuestion, {
          params: { identifier, questionId: action.questionId },
          body: action.body,
          isErrorToastSuppressed: true,
        });
      } else {
        await callEndpoint(GROUP_ADMIN_ENDPOINTS.deleteQuestion, {
          params: { identifier, questionId: action.questionId },
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
      callEndpoint(GROUP_TOOL_ENDPOINTS.inviteCsv, {
        params: { identifier },
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (result) => {
      if (!result.dryRun) refresh();
    },
  });
}

/** GET …/members/export: downloads the members CSV. */
export function downloadMembersCsv(identifier: string): Promise<void> {
  return apiDownload(
    endpointPath(GROUP_TOOL_ENDPOINTS.exportCsv.path, { identifier }),
    `${identifier}-members.csv`,
  );
}

/** GET …/announcements: history, recipients and today's remaining sends. */
export function useAnnouncements(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: groupKeys.announcements(identifier),
    queryFn: ({ signal }) =>
      callEndpoint(GROUP_TOOL_ENDPOINTS.announcements, { params: { identifier }, signal }),
    enabled: isEnabled,
  });
}

/** POST …/announcements: sends one announcement. */
export function useSendAnnouncement(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGroupAnnouncementRequest) =>
      callEndpoint(GROUP_TOOL_ENDPOINTS.sendAnnouncement, {
        params: { identifier },
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.announcements(identifier) }),
  });
}

/** POST /api/group-announcements/unsubscribe: honours an unsubscribe link. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      callEndpoint(GROUP_TOOL_ENDPOINTS.unsubscribe, {
        body: { token },
        isErrorToastSuppressed: true,
        hubId: null,
      }),
  });
}
