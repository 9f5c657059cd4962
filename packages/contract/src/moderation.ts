import { z } from 'zod';
import { multiLineText, ZId, ZIsoDateTime, ZPageQuery, zPage } from './common.js';
import { ZPostAuthor } from './discussions.js';
import { defineEndpoint } from './endpoint.js';

/** Content a member can report; a profile is reported as a whole (the member behind it). */
export const REPORT_TARGET_KINDS = [
  'question',
  'answer',
  'comment',
  'resource',
  'event',
  'announcement',
  'message',
  'profile',
] as const;
export const ZReportTargetKind = z.enum(REPORT_TARGET_KINDS);
export type TReportTargetKind = z.infer<typeof ZReportTargetKind>;

/** Reasons offered to the reporter, with the label the report dialog shows. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  inappropriate: 'Inappropriate or explicit content',
  privacy: 'Shares private information',
  misinformation: 'False or misleading',
  other: 'Something else',
} as const;
export const ZReportReason = z.enum(
  Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...Array<keyof typeof REPORT_REASONS>],
);
export type TReportReason = z.infer<typeof ZReportReason>;

export const ZCreateReportRequest = z
  .object({
    targetKind: ZReportTargetKind,
    targetId: z.string().uuid(),
    reason: ZReportReason,
    details: multiLineText().max(1000, 'Please keep the details under 1,000 characters.').default(''),
  })
  .refine((r) => r.reason !== 'other' || r.details.length > 0, {
    path: ['details'],
    message: 'Please tell us what is wrong.',
  });
export type TCreateReportRequest = z.input<typeof ZCreateReportRequest>;
export const ZCreateReportResponse = z.object({ id: ZId, message: z.string() });

/** The moderator's decisions: hide keeps the content for a later restore; delete removes it for good. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export const ZModerationAction = z.enum(MODERATION_ACTIONS);
export type TModerationAction = z.infer<typeof ZModerationAction>;
export const ZModerationParams = z.object({
  kind: ZReportTargetKind,
  id: z.string().uuid(),
  action: ZModerationAction,
});

export const ZModerationQueueQuery = ZPageQuery.extend({
  status: z.enum(['open', 'hidden', 'closed']).default('open'),
});

/** One reported piece of content with its reports gathered. */
export const ZModerationItem = z.object({
  targetKind: ZReportTargetKind,
  targetId: ZId,
  /** Plain-text excerpt; null when the content was deleted. */
  excerpt: z.string().nullable(),
  href: z.string().nullable(),
  author: ZPostAuthor.nullable(),
  isHidden: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: ZReportReason, count: z.number().int() })),
  details: z.array(z.string()),
  lastReportedAt: ZIsoDateTime,
  status: z.enum(['open', 'hidden', 'dismissed', 'deleted']),
});
export type TModerationItem = z.infer<typeof ZModerationItem>;
export const ZModerationQueueResponse = zPage(ZModerationItem);
export type TModerationQueueResponse = z.infer<typeof ZModerationQueueResponse>;
export const ZModerationDecisionResponse = z.object({
  status: z.enum(['hidden', 'dismissed', 'deleted']),
  closedReports: z.number().int(),
});

/** Reports and the hub moderation queue (issue #7 item 6). */
export const MODERATION_ENDPOINTS = {
  createReport: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    operationId: 'createReport',
    summary:
      'Report a question, answer, comment, resource, event, announcement, message or profile with a reason (201 new, 200 already reported)',
    tag: 'moderation',
    body: ZCreateReportRequest,
    response: ZCreateReportResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/moderation/reports',
    operationId: 'listModerationReports',
    summary:
      'Reported content of the hub for its moderators (open, hidden or closed), most recently reported first',
    tag: 'moderation',
    query: ZModerationQueueQuery,
    response: ZModerationQueueResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/moderation/:kind/:id/:action',
    operationId: 'decideModeration',
    summary: 'Hide, restore, delete reported content or dismiss its reports (audited)',
    tag: 'moderation',
    params: ZModerationParams,
    response: ZModerationDecisionResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
};
