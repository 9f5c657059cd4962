import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, ZDateOnly } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * One approvals page (issue #22 item 2): people waiting to join the hub, job posts, questions and events
 * waiting for review, each kind for admins holding its right (spec 6: approve-users, approve-job-posts,
 * approve-questions, approve-events), with filters and bulk decisions.
 */

export const APPROVAL_KINDS = ['users', 'job-posts', 'questions', 'events'] as const;
export const ZApprovalKind = z.enum(APPROVAL_KINDS);
export type TApprovalKind = z.infer<typeof ZApprovalKind>;

/** The hub access right each kind needs (spec 6 hub access groups). */
export const APPROVAL_KIND_RIGHTS = {
  users: 'approve-users',
  'job-posts': 'approve-job-posts',
  questions: 'approve-questions',
  events: 'approve-events',
} as const satisfies Record<TApprovalKind, string>;

const ZDay = ZDateOnly;

export const ZAdminApprovalsQuery = ZPageQuery.extend({
  kind: ZApprovalKind,
  /** Words in the name, email or title. */
  q: z.string().trim().max(100).optional(),
  /** First and last day (UTC) the item was submitted. */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TAdminApprovalsQuery = z.input<typeof ZAdminApprovalsQuery>;

export const ZPendingApprovalItem = z.object({
  id: ZId,
  kind: ZApprovalKind,
  /** The member's name, or the post's, question's or event's title. */
  title: z.string(),
  /** Email and user type of a member; company or author of a post; start of an event. */
  detail: z.string(),
  /** Who submitted it (null when their account is gone). */
  submittedBy: z.string().nullable(),
  submittedAt: ZIsoDateTime,
  /** Where the item can be read in full, a web path; null for members. */
  link: z.string().nullable(),
});
export type TPendingApprovalItem = z.infer<typeof ZPendingApprovalItem>;

export const ZAdminApprovalsPage = z.object({
  items: z.array(ZPendingApprovalItem),
  nextCursor: z.string().nullable(),
  /** The kinds the viewer may review, in tab order. */
  kinds: z.array(ZApprovalKind),
});
export type TAdminApprovalsPage = z.infer<typeof ZAdminApprovalsPage>;

/** Most items one bulk decision takes. */
export const BULK_APPROVAL_MAX = 100;

export const ZBulkApprovalRequest = z.object({
  kind: ZApprovalKind,
  decision: z.enum(['approve', 'reject']),
  ids: z
    .array(z.string().uuid())
    .min(1, 'Select at least one item.')
    .max(BULK_APPROVAL_MAX, `Select at most ${BULK_APPROVAL_MAX} items.`),
});
export type TBulkApprovalRequest = z.infer<typeof ZBulkApprovalRequest>;

export const ZBulkApprovalResult = z.object({
  id: ZId,
  /** done: the decision was applied; skipped: someone had already decided it (nothing changed). */
  outcome: z.enum(['done', 'skipped']),
  message: z.string(),
});
export type TBulkApprovalResult = z.infer<typeof ZBulkApprovalResult>;

export const ZBulkApprovalResponse = z.object({
  results: z.array(ZBulkApprovalResult),
  doneCount: z.number().int(),
  skippedCount: z.number().int(),
});
export type TBulkApprovalResponse = z.infer<typeof ZBulkApprovalResponse>;

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

export const ADMIN_APPROVAL_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/approvals',
    operationId: 'listAdminApprovals',
    summary: 'Items of one kind waiting for approval in the hub, oldest first, with search and days',
    query: ZAdminApprovalsQuery,
    response: ZAdminApprovalsPage,
    errors: [400, 401, 403, 404],
  }),
  bulk: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/approvals/bulk',
    operationId: 'decideAdminApprovals',
    summary:
      'Approve or reject several items of one kind in one transaction: every id is checked first (404 if one is not in the hub); already decided ones are skipped',
    body: ZBulkApprovalRequest,
    response: ZBulkApprovalResponse,
    errors: [400, 401, 403, 404],
  }),
};
