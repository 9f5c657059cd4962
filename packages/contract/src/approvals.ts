import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ZId, ZIsoDateTime } from './common.js';

export const APPROVAL_PATHS = {
  queue: '/api/hub/approvals',
  decide: '/api/hub/approvals/:userId',
} as const;

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
export const ZApprovalQueueResponse = z.object({ items: z.array(ZPendingMember), nextCursor: z.string().nullable() });

export const ZApprovalDecisionParams = z.object({ userId: z.string().uuid() });
export const ZApprovalDecisionRequest = z.object({ decision: z.enum(['approve', 'reject']) });
export const ZApprovalDecisionResponse = z.object({ userId: ZId, approved: z.boolean() });
