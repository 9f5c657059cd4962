import { z } from 'zod';
import { ZId } from './common.js';
import { defineEndpoint } from './endpoint.js';

/*
 * What a visitor sees of a hub to sign up, apart from hub.ts: the sign-in and signup pages are part of the app's
 * first download, and this keeps the members' hub schemas (settings, branding, modules) out of it.
 */

export const STANDARD_USER_TYPES = [
  'Student',
  'Alumni',
  'Graduate Student',
  'Friend of',
  'Faculty & Staff',
  'Corporate Partner & Employer',
] as const;
export const ZStandardUserType = z.enum(STANDARD_USER_TYPES);
export type TStandardUserType = z.infer<typeof ZStandardUserType>;

export const SIGNUP_METHODS = ['google', 'linkedin', 'sso', 'email'] as const;
export const ZSignupMethod = z.enum(SIGNUP_METHODS);
export type TSignupMethod = z.infer<typeof ZSignupMethod>;

export const ZPublicHub = z.object({
  id: ZId,
  identifier: z.string(),
  name: z.string(),
  isStandardSignupEnabled: z.boolean(),
  signupMethods: z.array(z.enum(SIGNUP_METHODS)),
  userTypes: z.array(z.object({ id: ZId, title: z.string(), standardUserType: ZStandardUserType })),
});
export type TPublicHub = z.infer<typeof ZPublicHub>;
export const ZPublicHubResponse = z.object({ hub: ZPublicHub });
export const ZPublicHubParams = z.object({ identifier: z.string().min(1).max(100) });

export const ZDataRegion = z.enum(['au', 'eu', 'ca', 'us']);

/** GET /api/hubs/:identifier/public (HUB_ENDPOINTS.publicHub). */
export const PUBLIC_HUB_ENDPOINT = defineEndpoint({
  method: 'GET',
  path: '/api/hubs/:identifier/public',
  operationId: 'getPublicHub',
  summary: 'Name, signup methods and user types of a hub, for its signup page',
  tag: 'hubs',
  params: ZPublicHubParams,
  response: ZPublicHubResponse,
  errors: [400, 404],
  auth: 'public',
  hub: 'path',
});
