import { ACTION_ITEM_TYPES } from '@commons/domain';
import { z } from 'zod';
import { ZAdvisingFollowUpItem } from './advising.js';
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

/** A completed item whose reflection prompt the viewer has not answered or skipped yet. */
export const ZActionItemReflectionPrompt = z.object({
  type: ZActionItemType,
  /** The item's banner title, for context. */
  title: z.string(),
  prompt: z.string(),
});
export type TActionItemReflectionPrompt = z.infer<typeof ZActionItemReflectionPrompt>;

export const ZActionItemsResponse = z.object({
  items: z.array(ZActionItem),
  /** Reflection prompts of items the viewer completed in the hub and has not answered or skipped. */
  reflections: z.array(ZActionItemReflectionPrompt),
  /** Open follow-ups of the viewer's completed advising appointments in the hub (issue #21 item 4), newest first. */
  followUps: z.array(ZAdvisingFollowUpItem),
});
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
/** custom_manual_action turned on needs the link its button opens. */
export const ACTION_ITEM_LINK_REQUIRED = 'Give the link members open to do this step.';

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

/** The viewer's answer to a completed item's reflection prompt; null skips it. */
export const ZSaveActionItemReflectionRequest = z.object({
  reflection: multiLineText().max(2000).nullable(),
});
export type TSaveActionItemReflectionRequest = z.infer<typeof ZSaveActionItemReflectionRequest>;

export const ZSaveActionItemReflectionResponse = z.object({
  type: ZActionItemType,
  reflection: z.string().nullable(),
  reflectedAt: z.string(),
});
export type TSaveActionItemReflectionResponse = z.infer<typeof ZSaveActionItemReflectionResponse>;

/** One offered item as the hub's admins edit it: the stored edits and the default copy they replace. */
export const ZActionItemAdminEntry = z.object({
  type: ZActionItemType,
  heading: z.string(),
  clickAction: ZActionItem.shape.clickAction,
  /** The default banner copy (spec 3), shown where an edit is blank. */
  defaults: z.object({ title: z.string(), description: z.string(), buttonLabel: z.string() }),
  /** The stored edits as the admin last saved them; null fields keep the default. */
  setting: ZUpdateActionItemSettingRequest,
  /** The banner as members see it with the edits applied. */
  banner: ZActionItem,
});
export type TActionItemAdminEntry = z.infer<typeof ZActionItemAdminEntry>;

export const ZActionItemAdminListResponse = z.object({ items: z.array(ZActionItemAdminEntry) });
export type TActionItemAdminListResponse = z.infer<typeof ZActionItemAdminListResponse>;

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
  saveReflection: defineEndpoint({
    method: 'PUT',
    path: '/api/action-items/:type/reflection',
    operationId: 'saveActionItemReflection',
    summary: 'Answer (or skip, with null) the reflection prompt of an item I completed in the hub',
    tag: 'hubs',
    params: ZActionItemTypeParams,
    body: ZSaveActionItemReflectionRequest,
    response: ZSaveActionItemReflectionResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  listSettings: defineEndpoint({
    method: 'GET',
    path: '/api/action-items/settings',
    operationId: 'listActionItemSettings',
    summary: 'The items the hub can offer, with its admins’ edits (hub admins with branding-settings)',
    tag: 'hubs',
    response: ZActionItemAdminListResponse,
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
