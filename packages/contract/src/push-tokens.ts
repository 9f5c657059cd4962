import { z } from 'zod';
import { ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Push tokens of the native app (spec 7 'push token delete on logout (native app)', issue #16 item 19).
 * The native app hands its device token to the web app it hosts (bridge message PUSH_TOKEN); the web app
 * registers it for the signed-in user and deletes it at sign-out. A device receives the pushes of the
 * account last signed in on it, so a token is stored once.
 */
export const PUSH_TOKEN_PATHS = {
  /** POST registers my device's token; DELETE (body { token }) removes it. */
  tokens: '/api/push-tokens',
} as const;

/** Longest token accepted: FCM tokens are about 160 characters, APNs 64 and Expo about 45. */
export const PUSH_TOKEN_MAX_LENGTH = 512;

/** Platforms a native app may name when it registers its token. */
export const PUSH_PLATFORMS = ['ios', 'android'] as const;
export const ZPushPlatform = z.enum(PUSH_PLATFORMS);
export type TPushPlatform = z.infer<typeof ZPushPlatform>;

/** A device token: printable ASCII without spaces, as the push services issue them. */
export const ZPushToken = z
  .string()
  .trim()
  .min(1, 'A push token is required.')
  .max(PUSH_TOKEN_MAX_LENGTH, `A push token has at most ${PUSH_TOKEN_MAX_LENGTH} characters.`)
  .regex(/^[\x21-\x7e]+$/, 'A push token has only printable characters and no spaces.');

export const ZRegisterPushTokenRequest = z.object({
  token: ZPushToken,
  /** Left out when the native app does not say. */
  platform: ZPushPlatform.optional(),
});
export type TRegisterPushTokenRequest = z.infer<typeof ZRegisterPushTokenRequest>;

export const ZDeletePushTokenRequest = z.object({ token: ZPushToken });
export type TDeletePushTokenRequest = z.infer<typeof ZDeletePushTokenRequest>;

export const ZPushTokenResponse = z.object({
  pushToken: z.object({
    token: z.string(),
    platform: ZPushPlatform.nullable(),
    createdAt: ZIsoDateTime,
  }),
});
export type TPushTokenResponse = z.infer<typeof ZPushTokenResponse>;

export const PUSH_TOKEN_ENDPOINTS = {
  register: defineEndpoint({
    method: 'POST',
    path: PUSH_TOKEN_PATHS.tokens,
    operationId: 'registerPushToken',
    summary:
      "Register my native app device's push token (idempotent; the token moves to me if another account had it)",
    tag: 'notifications',
    body: ZRegisterPushTokenRequest,
    response: ZPushTokenResponse,
    errors: [400, 401],
    auth: 'required',
    hub: 'none',
  }),
  /**
   * 204 whether or not I had that token: an unknown token, or another user's, is left alone and the
   * answer is the same, so nobody learns whether a token exists.
   */
  delete: defineEndpoint({
    method: 'DELETE',
    path: PUSH_TOKEN_PATHS.tokens,
    operationId: 'deletePushToken',
    summary: 'Delete my push token at sign-out in the native app (spec 7); 204 also when I had no such token',
    tag: 'notifications',
    body: ZDeletePushTokenRequest,
    response: null,
    status: 204,
    errors: [400, 401],
    auth: 'required',
    hub: 'none',
  }),
};
