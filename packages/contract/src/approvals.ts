import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ZId, ZIsoDateTime } from './common.js';

export const ZApprovalQueueQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const ZPendingMember = z.object({
  userId: ZId,
  identifier: z.string(),
  fullName: z.string(),
  email: z.string(),
  userType: z.object({ id: ZId, title: z.string() }).nullable(),
  requestedAt: ZIsoDateTime,
});
export const ZApprovalQueueResponse = z.object({
  items: z.array(ZPendingMember),
  nextCursor: z.string().nullable(),
});

export const ZApprovalDecisionParams = z.object({ userId: z.string().uuid() });
export const ZApprovalDecisionRequest = z.object({ decision: z.enum(['approve', 'reject']) });
export const ZApprovalDecisionResponse = z.object({ userId: ZId, approved: z.boolean() });

/** Hub approval queue (issue #4 item 1): admins with approve-users approve or reject pending members. */
export const APPROVAL_ENDPOINTS = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/hub/approvals',
    operationId: 'listPendingApprovals',
    summary: 'Members of the hub waiting for approval, oldest first (approve-users)',
    tag: 'approvals',
    query: ZApprovalQueueQuery,
    response: ZApprovalQueueResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/hub/approvals/:userId',
    operationId: 'decideApproval',
    summary: 'Approve or reject a member of the hub; the member is told by email',
    tag: 'approvals',
    params: ZApprovalDecisionParams,
    body: ZApprovalDecisionRequest,
    response: ZApprovalDecisionResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
