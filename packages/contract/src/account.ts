import { z } from 'zod';
import { ZMagicLinkResponse, ZOkResponse } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { ZEmailDigestFrequency } from './notifications.js';

/** Days between a deletion request and the erasure of the account's data. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

export const ZAccountSettingsRequest = z
  .object({
    timezone: z.string().min(1).max(64),
    /** Presence always shows offline (spec 7 isAlwaysOffline). */
    isAlwaysOffline: z.boolean(),
    /** Email digests of unread messages (issue #5 item 4). */
    emailDigestFrequency: ZEmailDigestFrequency,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type TAccountSettingsRequest = z.input<typeof ZAccountSettingsRequest>;
export const ZAccountSettings = z.object({
  timezone: z.string(),
  isAlwaysOffline: z.boolean(),
  email: z.string(),
  emailVerified: z.boolean(),
  emailDigestFrequency: ZEmailDigestFrequency,
});
export const ZAccountSettingsResponse = z.object({ settings: ZAccountSettings });

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
});
export const ZChangeEmailRequest = z.object({
  newEmail: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export const ZVerifyEmailRequest = z.object({ token: z.string().min(16).max(200) });
export const ZDeleteAccountRequest = z.object({ password: z.string().min(1).max(200) });
export const ZDeleteAccountResponse = z.object({ deleteRequestedAt: z.string(), erasureAfter: z.string() });

const ACCOUNT_ERRORS = [400, 401, 403, 404, 409] as const;

/** Account settings of issue #4 item 7. */
export const ACCOUNT_ENDPOINTS = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/me/settings',
    operationId: 'getAccountSettings',
    summary: 'My account settings',
    tag: 'account',
    response: ZAccountSettingsResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  updateSettings: defineEndpoint({
    method: 'PATCH',
    path: '/api/me/settings',
    operationId: 'updateAccountSettings',
    summary: 'Time zone, always-offline presence and email digests of unread messages',
    tag: 'account',
    body: ZAccountSettingsRequest,
    response: ZAccountSettingsResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/me/password',
    operationId: 'changePassword',
    summary: 'Change my password; every other session ends',
    tag: 'account',
    body: ZChangePasswordRequest,
    response: ZOkResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/api/me/email',
    operationId: 'changeEmail',
    summary: 'Change my email (password required; the new address confirms by link)',
    tag: 'account',
    body: ZChangeEmailRequest,
    response: ZMagicLinkResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/api/me/email/verify',
    operationId: 'verifyEmailChange',
    summary: 'Confirm a new email address from its link',
    tag: 'account',
    body: ZVerifyEmailRequest,
    response: ZOkResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'optional',
    hub: 'none',
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/me',
    operationId: 'deleteAccount',
    summary: `Delete my account: it stops working now and is erased after ${ACCOUNT_DELETION_GRACE_DAYS} days`,
    tag: 'account',
    body: ZDeleteAccountRequest,
    response: ZDeleteAccountResponse,
    errors: ACCOUNT_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/api/me/export',
    operationId: 'exportMyData',
    summary: 'Download everything stored about me (ZIP of JSON files)',
    tag: 'account',
    response: null,
    produces: ['application/zip'],
    errors: [401],
    auth: 'required',
    hub: 'none',
  }),
};
