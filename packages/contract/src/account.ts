import { z } from 'zod';
import { ZEmailDigestFrequency } from './notifications.js';

export const ACCOUNT_PATHS = {
  settings: '/api/me/settings',
  password: '/api/me/password',
  email: '/api/me/email',
  emailVerify: '/api/me/email/verify',
  deleteAccount: '/api/me',
  exportData: '/api/me/export',
} as const;

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

export const ZChangePasswordRequest = z.object({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) });
export const ZChangeEmailRequest = z.object({ newEmail: z.string().trim().toLowerCase().email().max(254), password: z.string().min(1).max(200) });
export const ZVerifyEmailRequest = z.object({ token: z.string().min(16).max(200) });
export const ZDeleteAccountRequest = z.object({ password: z.string().min(1).max(200) });
export const ZDeleteAccountResponse = z.object({ deleteRequestedAt: z.string(), erasureAfter: z.string() });
