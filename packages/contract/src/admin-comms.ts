import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZRichTextInput } from './rich-text.js';

/**
 * Bulk emails and announcements (issue #22 item 3; spec 6 hub access groups bulk-emails and announcements):
 * an admin writes a subject and a rich-text body (sanitised like every rich text of the app) for an audience
 * of user types or groups, previews it, and sends it now or at a chosen time. Emails leave out members who
 * unsubscribed and carry an unsubscribe link; announcements reach the audience in the app (a notification
 * and a banner on their hub's pages until dismissed).
 */

export const BULK_CHANNELS = ['email', 'announcement'] as const;
export const ZBulkChannel = z.enum(BULK_CHANNELS);
export type TBulkChannel = z.infer<typeof ZBulkChannel>;

/** The hub access right each channel needs (spec 6). */
export const BULK_CHANNEL_RIGHTS = {
  email: 'bulk-emails',
  announcement: 'announcements',
} as const satisfies Record<TBulkChannel, string>;

export const BULK_CHANNEL_LABELS: Readonly<Record<TBulkChannel, string>> = {
  email: 'Bulk email',
  announcement: 'Announcement',
};

/** Members of any of these user types or groups; both lists empty means every approved member of the hub. */
export const ZBulkAudience = z.object({
  userTypeIds: z.array(z.string().uuid()).max(50).default([]),
  groupIds: z.array(z.string().uuid()).max(50).default([]),
});
export type TBulkAudience = z.infer<typeof ZBulkAudience>;

export const ZBulkMessageDraft = z.object({
  channel: ZBulkChannel,
  subject: singleLineText()
    .min(3, 'Please write a subject of at least 3 characters.')
    .max(200, 'Please keep the subject under 200 characters.'),
  body: ZRichTextInput,
  audience: ZBulkAudience,
});
export type TBulkMessageDraft = z.input<typeof ZBulkMessageDraft>;

export const ZCreateBulkMessageRequest = ZBulkMessageDraft.extend({
  /** When to send it; null or absent sends it now. At most a year ahead. */
  sendAt: ZIsoDateTime.nullable().optional(),
});
export type TCreateBulkMessageRequest = z.input<typeof ZCreateBulkMessageRequest>;

export const ZBulkPreview = z.object({
  subject: z.string(),
  /** The body as members will get it (sanitised). */
  html: z.string(),
  /** Members of the audience it goes to now. */
  recipientCount: z.number().int(),
  /** Members of the audience left out because they unsubscribed (emails only). */
  unsubscribedCount: z.number().int(),
});
export type TBulkPreview = z.infer<typeof ZBulkPreview>;

export const ZBulkMessageSummary = z.object({
  id: ZId,
  channel: ZBulkChannel,
  subject: z.string(),
  status: z.enum(['scheduled', 'sent', 'cancelled']),
  scheduledAt: ZIsoDateTime,
  sentAt: ZIsoDateTime.nullable(),
  /** The user types and groups it was for, by name; empty means every member. */
  audienceLabels: z.array(z.string()),
  createdBy: z.string().nullable(),
  /** Delivery counts: queued (not delivered yet), sent, failed (gave up); announcements count as sent. */
  counts: z.object({
    recipients: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  can: z.object({ cancel: z.boolean() }),
});
export type TBulkMessageSummary = z.infer<typeof ZBulkMessageSummary>;

export const ZBulkMessageListQuery = ZPageQuery.extend({ channel: ZBulkChannel.optional() });
export type TBulkMessageListQuery = z.input<typeof ZBulkMessageListQuery>;

export const ZBulkMessagePage = z.object({
  items: z.array(ZBulkMessageSummary),
  nextCursor: z.string().nullable(),
  /** The channels the viewer may send. */
  channels: z.array(ZBulkChannel),
});
export type TBulkMessagePage = z.infer<typeof ZBulkMessagePage>;

export const ZBulkAudienceOptions = z.object({
  userTypes: z.array(z.object({ id: ZId, title: z.string() })),
  groups: z.array(z.object({ id: ZId, name: z.string() })),
});
export type TBulkAudienceOptions = z.infer<typeof ZBulkAudienceOptions>;

export const ZBulkMessageParams = z.object({ id: z.string().uuid() });

/** An announcement addressed to the viewer in the request's hub. */
export const ZMyAnnouncement = z.object({
  id: ZId,
  subject: z.string(),
  body: z.string(),
  sentAt: ZIsoDateTime,
  isDismissed: z.boolean(),
});
export type TMyAnnouncement = z.infer<typeof ZMyAnnouncement>;
export const ZMyAnnouncements = z.object({ items: z.array(ZMyAnnouncement) });
export type TMyAnnouncements = z.infer<typeof ZMyAnnouncements>;

export const ZBulkUnsubscribeParams = z.object({ token: z.string().min(1).max(100) });
export const ZBulkUnsubscribeResponse = z.object({ isUnsubscribed: z.literal(true) });

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

export const BULK_MESSAGE_PATHS = {
  unsubscribe: '/api/bulk-emails/unsubscribe/:token',
} as const;

export const BULK_MESSAGE_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/bulk-messages',
    operationId: 'listBulkMessages',
    summary: 'Bulk emails and announcements of the hub, newest first, with delivery counts',
    query: ZBulkMessageListQuery,
    response: ZBulkMessagePage,
    errors: [400, 401, 403, 404],
  }),
  audienceOptions: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/bulk-messages/audience-options',
    operationId: 'listBulkAudienceOptions',
    summary: 'The user types and groups of the hub an audience is chosen from',
    response: ZBulkAudienceOptions,
    errors: [401, 403, 404],
  }),
  preview: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/bulk-messages/preview',
    operationId: 'previewBulkMessage',
    summary: 'The sanitised message and how many members it would reach now',
    body: ZBulkMessageDraft,
    response: ZBulkPreview,
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/bulk-messages',
    operationId: 'createBulkMessage',
    summary: 'Send a bulk email or announcement now, or schedule it',
    body: ZCreateBulkMessageRequest,
    response: ZBulkMessageSummary,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  cancel: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/bulk-messages/:id',
    operationId: 'cancelBulkMessage',
    summary: 'Cancel a scheduled message before it is sent',
    params: ZBulkMessageParams,
    response: ZBulkMessageSummary,
    errors: [401, 403, 404, 409],
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/announcements',
    operationId: 'listMyAnnouncements',
    summary: 'Announcements of the hub addressed to the viewer, newest first (the last 20)',
    tag: 'notifications',
    response: ZMyAnnouncements,
    errors: [401, 404],
    auth: 'required',
    hub: 'required',
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/api/announcements/:id/dismiss',
    operationId: 'dismissAnnouncement',
    summary: 'Hide an announcement from the viewer’s banner',
    tag: 'notifications',
    params: ZBulkMessageParams,
    response: ZMyAnnouncement,
    errors: [401, 404],
    auth: 'required',
    hub: 'required',
  }),
  unsubscribePage: defineEndpoint({
    method: 'GET',
    path: BULK_MESSAGE_PATHS.unsubscribe,
    operationId: 'getBulkUnsubscribePage',
    summary: 'Confirmation page of a bulk email unsubscribe link (a GET changes nothing: link scanners)',
    tag: 'notifications',
    params: ZBulkUnsubscribeParams,
    response: null,
    produces: ['text/html'],
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
  /** Answers a page to a browser form (Accept: text/html) and JSON otherwise. */
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: BULK_MESSAGE_PATHS.unsubscribe,
    operationId: 'unsubscribeBulkEmails',
    summary: 'One-click unsubscribe from bulk emails (RFC 8058; the signed link in each bulk email)',
    tag: 'notifications',
    params: ZBulkUnsubscribeParams,
    response: ZBulkUnsubscribeResponse,
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
};
