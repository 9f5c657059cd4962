import { BADGE_MAX_THRESHOLD, BADGE_RULE_KINDS } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZProfileParams } from './profiles.js';

export const ZBadgeRuleKind = z.enum(BADGE_RULE_KINDS);

/** A badge's earning rule (packages/domain badges.ts): the kind it counts and the count it takes. */
export const ZBadgeRule = z.object({
  kind: ZBadgeRuleKind,
  threshold: z
    .number()
    .int('Enter a whole number from 1.')
    .min(1, 'Enter a whole number from 1.')
    .max(BADGE_MAX_THRESHOLD, `Enter a number up to ${BADGE_MAX_THRESHOLD}.`),
});
export type TBadgeRuleInput = z.infer<typeof ZBadgeRule>;

/** Badge images: uploaded to the hub through the rich-text image endpoint, at most 120 kB (spec 5 images). */
export const BADGE_IMAGE_MAX_BYTES = 120 * 1024;
export const BADGE_IMAGE_TOO_LARGE = 'The image must be 120 kB or smaller.';
export const BADGE_IMAGE_UNKNOWN = 'Upload the image again.';
export const BADGE_TITLE_REQUIRED = 'Enter a title.';
export const BADGE_DESCRIPTION_REQUIRED = 'Say what the badge is for.';

/** A hub's badge (spec 3 Badge: title, createdAt), as admins and members see it. */
export const ZBadge = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  /** An uploaded image of the hub; null shows the default medal. */
  imageUrl: z.string().nullable(),
  rule: ZBadgeRule,
  /** What earns it, in words ("5 answers"). */
  ruleDescription: z.string(),
  isEnabled: z.boolean(),
  createdAt: ZIsoDateTime,
  /** When the viewer earned it; null when not (yet). */
  earnedAt: ZIsoDateTime.nullable(),
  can: z.object({ edit: z.boolean() }),
});
export type TBadge = z.infer<typeof ZBadge>;

/** A badge a member earned in a hub (the profile section badges, spec 2). */
export const ZEarnedBadge = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  ruleDescription: z.string(),
  earnedAt: ZIsoDateTime,
});
export type TEarnedBadge = z.infer<typeof ZEarnedBadge>;

export const ZBadgesResponse = zPage(ZBadge);
export type TBadgesResponse = z.infer<typeof ZBadgesResponse>;
/**
 * A member's earned badges. `isEnabled` is false while the hub that decides the profile has its compass and
 * achievements feature off (spec 6 Feature flags per hub): the list is then empty and the section is not shown.
 */
export const ZEarnedBadgesResponse = zPage(ZEarnedBadge).extend({ isEnabled: z.boolean() });
export type TEarnedBadgesResponse = z.infer<typeof ZEarnedBadgesResponse>;

/** An uploaded rich-text image of the hub (never a hot-linked URL), or null for none. */
const ZBadgeImageUrl = z
  .string()
  .regex(/^\/api\/rich-text\/images\/[a-f0-9]{32}$/, BADGE_IMAGE_UNKNOWN)
  .nullable();

/** A hub admin's badge: title, description, image, earning rule and whether it is awarded. */
export const ZSaveBadgeRequest = z.object({
  title: singleLineText().min(1, BADGE_TITLE_REQUIRED).max(80, 'Keep the title to 80 characters.'),
  description: multiLineText()
    .min(1, BADGE_DESCRIPTION_REQUIRED)
    .max(500, 'Keep the description to 500 characters.'),
  imageUrl: ZBadgeImageUrl,
  rule: ZBadgeRule,
  isEnabled: z.boolean(),
});
export type TSaveBadgeRequest = z.infer<typeof ZSaveBadgeRequest>;

export const ZUpdateBadgeRequest = ZSaveBadgeRequest.partial().refine(
  (body) => Object.keys(body).length > 0,
  { message: 'Nothing to change' },
);
export type TUpdateBadgeRequest = z.infer<typeof ZUpdateBadgeRequest>;

export const ZBadgeParams = z.object({ id: z.string().uuid() });
export const ZBadgeDeleteResponse = z.object({ id: ZId });

/** Badge endpoints (issue #18 items 5 and 7, spec 3 Badge, spec 4 'Earned badge'). */
export const BADGE_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/badges',
    operationId: 'listBadges',
    summary: 'The hub’s badges: every one for admins with manage-badges, the enabled ones for members',
    description:
      'Newest first; each carries earnedAt, when the viewer earned it. `isEarned=true` answers only the ' +
      'viewer’s earned badges (disabled ones included: an earned badge stays).',
    tag: 'hubs',
    query: ZPageQuery.extend({ isEarned: z.enum(['true', 'false']).optional() }),
    response: ZBadgesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  profileBadges: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:identifier/badges',
    operationId: 'listProfileBadges',
    summary: 'The badges a member earned in the hub that decides their profile (profile section badges)',
    description: 'Visible to whoever may see the profile and its badges section; newest first.',
    tag: 'profiles',
    params: ZProfileParams,
    query: ZPageQuery,
    response: ZEarnedBadgesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'optional',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/badges',
    operationId: 'createBadge',
    summary: 'Create a badge in the hub (hub admins with manage-badges)',
    tag: 'hubs',
    body: ZSaveBadgeRequest,
    response: ZBadge,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/badges/:id',
    operationId: 'updateBadge',
    summary: 'Edit or disable a badge of the hub (hub admins with manage-badges)',
    description: 'A disabled badge is no longer awarded; the badges already earned stay.',
    tag: 'hubs',
    params: ZBadgeParams,
    body: ZUpdateBadgeRequest,
    response: ZBadge,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/badges/:id',
    operationId: 'deleteBadge',
    summary: 'Delete a badge of the hub and every earned copy of it (hub admins with manage-badges)',
    tag: 'hubs',
    params: ZBadgeParams,
    response: ZBadgeDeleteResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
