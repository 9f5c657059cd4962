import { ACCOUNT_ENDPOINTS, type TAccountSettingsRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { accountKeys } from './account-keys';

const settingsQueryOptions = queryOptions({
  queryKey: accountKeys.settings(),
  queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.settings, { signal }),
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
      callEndpoint(ACCOUNT_ENDPOINTS.updateSettings, { body: input }),
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
      callEndpoint(ACCOUNT_ENDPOINTS.changePassword, { body: input, isErrorToastSuppressed: true }),
  });
}

/** POST /api/me/email: re-authenticates and mails a verification link to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { newEmail: string; password: string }) =>
      callEndpoint(ACCOUNT_ENDPOINTS.changeEmail, { body: input, isErrorToastSuppressed: true }),
  });
}

/** POST /api/me/email/verify with the token of the emailed link. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      callEndpoint(ACCOUNT_ENDPOINTS.verifyEmail, { body: { token }, isErrorToastSuppressed: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** DELETE /api/me with the password: the account is erased after the grace period. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      callEndpoint(ACCOUNT_ENDPOINTS.deleteAccount, { body: { password }, isErrorToastSuppressed: true }),
  });
}

/** GET /api/me/export: a ZIP of everything stored about the user, saved as commons-my-data.zip. */
export function useExportData() {
  return useMutation({
    mutationFn: () => apiDownload(ACCOUNT_ENDPOINTS.exportData.path, 'commons-my-data.zip'),
  });
}
