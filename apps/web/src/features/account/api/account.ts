import {
  ACCOUNT_PATHS,
  ZAccountSettingsResponse,
  ZDeleteAccountResponse,
  ZMagicLinkResponse,
  type TAccountSettingsRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';

const settingsQueryOptions = queryOptions({
  queryKey: ['account', 'settings'],
  queryFn: ({ signal }) => apiRequest(ACCOUNT_PATHS.settings, { schema: ZAccountSettingsResponse, signal }),
});

/** GET /api/me/settings: time zone, presence and email digest preference as stored. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}

/** PATCH /api/me/settings: time zone, always-offline presence and the email digest frequency. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAccountSettingsRequest) =>
      apiRequest(ACCOUNT_PATHS.settings, { method: 'PATCH', body: input, schema: ZAccountSettingsResponse }),
    onSuccess: (result) => {
      client.setQueryData(settingsQueryOptions.queryKey, result);
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** POST /api/me/password: ends the user's other sessions (ASVS 7.4.3); the form shows failures. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest(ACCOUNT_PATHS.password, { method: 'POST', body: input, isErrorToastSuppressed: true }),
  });
}

/** POST /api/me/email: re-authenticates and mails a verification link to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { newEmail: string; password: string }) =>
      apiRequest(ACCOUNT_PATHS.email, {
        method: 'POST',
        body: input,
        schema: ZMagicLinkResponse,
        isErrorToastSuppressed: true,
      }),
  });
}

/** POST /api/me/email/verify with the token of the emailed link. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(ACCOUNT_PATHS.emailVerify, {
        method: 'POST',
        body: { token },
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** DELETE /api/me with the password: the account is erased after the grace period. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(ACCOUNT_PATHS.deleteAccount, {
        method: 'DELETE',
        body: { password },
        schema: ZDeleteAccountResponse,
        isErrorToastSuppressed: true,
      }),
  });
}

/** GET /api/me/export: a ZIP of everything stored about the user, saved as commons-my-data.zip. */
export function useExportData() {
  return useMutation({ mutationFn: () => apiDownload(ACCOUNT_PATHS.exportData, 'commons-my-data.zip') });
}
