import { ACTION_ITEM_TYPES } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText } from './common.js';
import { defineEndpoint } from './endpoint.js';

export const ZActionItemType = z.enum(ACTION_ITEM_TYPES);

/**
 * One hub's admin edits of an action item (spec 3: header, description, button, images, reflection
 * prompt), stored in hub settings `moduleSettings.actionItems[type]`. `isEnabled: false` hides the item in
 * the hub; custom_manual_action is shown only when the admins turned it on (`isEnabled: true`) and gave it a
 * `link`. Parsed leniently: a malformed entry counts as none.
 */
export const ZActionItemSetting = z.object({
  isEnabled: z.boolean().optional(),
  title: z.string().max(200).nullable().optional(),
  description: z.string().max(1000).nullable().optional(),
  buttonLabel: z.string().max(100).nullable().optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  mobileImageUrl: z.string().max(2000).nullable().optional(),
  reflectionPrompt: z.string().max(1000).nullable().optional(),
  /** Where custom_manual_action leads (a web path or an absolute http(s) URL). */
  link: z.string().max(2000).nullable().optional(),
});
export type TActionItemSetting = z.infer<typeof ZActionItemSetting>;

/** One open action item of the viewer in the hub: the banner as shown (admin edits applied). */
export const ZActionItem = z.object({
  type: ZActionItemType,
  heading: z.string(),
  title: z.string(),
  description: z.string(),
  buttonLabel: z.string(),
  clickAction: z.enum(['modal', 'link', 'group', 'pathway', 'link-or-highlight']),
  /** Web path (starting with '/'), hub-relative path (without it) or absolute http(s) URL; null when none. */
  link: z.string().nullable(),
  imageUrl: z.string().nullable(),
  mobileImageUrl: z.string().nullable(),
  reflectionPrompt: z.string().nullable(),
  /** Whether the viewer completes it by hand (POST …/complete): only custom_manual_action. */
  isManual: z.boolean(),
});
export type TActionItem = z.infer<typeof ZActionItem>;

export const ZActionItemsResponse = z.object({ items: z.array(ZActionItem) });
export type TActionItemsResponse = z.infer<typeof ZActionItemsResponse>;

export const ZActionItemTypeParams = z.object({ type: ZActionItemType });

export const ZCompleteActionItemResponse = z.object({
  type: ZActionItemType,
  /** False when it was already completed (completing is idempotent). */
  isNewlyCompleted: z.boolean(),
});
export type TCompleteActionItemResponse = z.infer<typeof ZCompleteActionItemResponse>;

/** Banner images of an action item: at most 120 kB (spec 3 / issue #18 item 4). */
export const ACTION_ITEM_IMAGE_MAX_BYTES = 120 * 1024;
export const ACTION_ITEM_IMAGE_TOO_LARGE = 'The image must be 120 kB or smaller.';
export const ACTION_ITEM_IMAGE_UNKNOWN = 'Upload the image again.';

/** An image uploaded through the rich-text image endpoint (never a hot-linked URL). */
const ZActionItemImageUrl = z
  .string()
  .regex(/^\/api\/rich-text\/images\/[a-f0-9]{32}$/, ACTION_ITEM_IMAGE_UNKNOWN)
  .nullable();

/**
 * A hub admin's edits of one action item (spec 3: header, description, button, images, reflection
 * prompt); blank or null text keeps the default copy. `link` is where custom_manual_action leads.
 */
export const ZUpdateActionItemSettingRequest = z.object({
  isEnabled: z.boolean(),
  title: singleLineText().max(200).nullable(),
  description: multiLineText().max(1000).nullable(),
  buttonLabel: singleLineText().max(100).nullable(),
  imageUrl: ZActionItemImageUrl,
  mobileImageUrl: ZActionItemImageUrl,
  reflectionPrompt: multiLineText().max(1000).nullable(),
  link: singleLineText()
    .max(2000)
    .regex(/^(https?:\/\/|\/)/, 'Enter a link that starts with http://, https:// or /.')
    .nullable(),
});
export type TUpdateActionItemSettingRequest = z.infer<typeof ZUpdateActionItemSettingRequest>;

/** Action item endpoints (issue #18 item 4, spec 3 Action items). */
export const ACTION_ITEM_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/action-items',
    operationId: 'listActionItems',
    summary: 'My open action items in the hub, as banners with the hub’s edits',
    description:
      'Items whose feature exists and that are not completed yet, respecting showLimit; each completes by ' +
      'itself from the event that fulfils it, custom_manual_action by hand.',
    tag: 'hubs',
    response: ZActionItemsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/action-items/:type/complete',
    operationId: 'completeActionItem',
    summary: 'Mark a manual action item (custom_manual_action) done',
    tag: 'hubs',
    params: ZActionItemTypeParams,
    response: ZCompleteActionItemResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateSetting: defineEndpoint({
    method: 'PUT',
    path: '/api/action-items/:type/settings',
    operationId: 'updateActionItemSetting',
    summary: 'Edit an action item’s banner in the hub (hub admins with branding-settings)',
    description:
      'Header, description, button label, images (uploaded rich-text images of at most 120 kB) and reflection ' +
      'prompt; isEnabled turns the item off in the hub (custom_manual_action on, with a link).',
    tag: 'hubs',
    params: ZActionItemTypeParams,
    body: ZUpdateActionItemSettingRequest,
    response: ZActionItem,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
