import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery } from './common.js';
import { ZIdParams, ZPinRequest, ZPostAuthor } from './discussions.js';
import { ZOkResponse } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { ZRichTextInput } from './rich-text.js';

/** What a feed item announces (issue #7 item 5): new questions, answers, resources, events, members, announcements. */
export const FEED_ITEM_KINDS = ['question', 'answer', 'resource', 'event', 'member', 'announcement'] as const;
export const ZFeedItemKind = z.enum(FEED_ITEM_KINDS);
export type TFeedItemKind = z.infer<typeof ZFeedItemKind>;

export const ZFeedQuery = ZPageQuery.extend({ groupId: z.string().uuid().optional() });
export type TFeedQuery = z.infer<typeof ZFeedQuery>;

/**
 * One feed entry: who did what, a title and a short plain-text excerpt, and where it lives. `html`
 * is sanitised rich text, present only for announcements (their whole body shows in the feed).
 */
export const ZFeedItem = z.object({
  id: ZId,
  kind: ZFeedItemKind,
  /** The content's own id (question, answer, resource, event, user or announcement). */
  targetId: ZId,
  actor: ZPostAuthor.nullable(),
  title: z.string(),
  excerpt: z.string(),
  html: z.string().nullable(),
  /** Web path of the content (the SPA's route, not an API URL). */
  href: z.string().nullable(),
  groupId: ZId.nullable(),
  createdAt: ZIsoDateTime,
  isPinned: z.boolean(),
  can: z.object({ pin: z.boolean(), delete: z.boolean(), report: z.boolean() }),
});
export type TFeedItem = z.infer<typeof ZFeedItem>;

export const ZFeedResponse = z.object({
  /** Pinned announcements lead the first page only. */
  pinned: z.array(ZFeedItem),
  items: z.array(ZFeedItem),
  nextCursor: z.string().nullable(),
  /** Whether the viewer may post an announcement here. */
  canAnnounce: z.boolean(),
});
export type TFeedResponse = z.infer<typeof ZFeedResponse>;

export const ZCreateAnnouncementRequest = z.object({
  title: singleLineText()
    .min(3, 'Please give the announcement a title.')
    .max(200, 'Please keep the title under 200 characters.'),
  body: ZRichTextInput,
  groupId: z.string().uuid().optional(),
  isPinned: z.boolean().default(false),
});
export type TCreateAnnouncementRequest = z.input<typeof ZCreateAnnouncementRequest>;
export const ZAnnouncementResponse = z.object({ item: ZFeedItem });

/** Feed and announcement endpoints (issue #7 item 5). */
export const FEED_ENDPOINTS = {
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/feed',
    operationId: 'getFeed',
    summary:
      'The hub feed, or a group’s feed with groupId: new questions, answers, resources, events, members and announcements, newest first',
    tag: 'feed',
    query: ZFeedQuery,
    response: ZFeedResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  createAnnouncement: defineEndpoint({
    method: 'POST',
    path: '/api/announcements',
    operationId: 'createAnnouncement',
    summary:
      'Post an announcement to the hub feed or a group’s feed (hub admins with the announcements right, group admins)',
    tag: 'feed',
    body: ZCreateAnnouncementRequest,
    response: ZAnnouncementResponse,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  pinAnnouncement: defineEndpoint({
    method: 'POST',
    path: '/api/announcements/:id/pin',
    operationId: 'pinAnnouncement',
    summary: 'Pin or unpin an announcement',
    tag: 'feed',
    params: ZIdParams,
    body: ZPinRequest,
    response: ZAnnouncementResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  deleteAnnouncement: defineEndpoint({
    method: 'DELETE',
    path: '/api/announcements/:id',
    operationId: 'deleteAnnouncement',
    summary: 'Delete an announcement (its author or an admin who may announce there)',
    tag: 'feed',
    params: ZIdParams,
    response: ZOkResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
