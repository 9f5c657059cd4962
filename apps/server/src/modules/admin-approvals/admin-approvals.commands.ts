import {
  APPROVAL_KIND_RIGHTS,
  type TBulkApprovalRequest,
  type TBulkApprovalResponse,
  type TBulkApprovalResult,
} from '@commons/contract';
import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { decideApproval } from '../approvals/approvals.commands.js';
import { decideQuestion } from '../discussions/discussions.commands.js';
import { decideEvent } from '../events/events.commands.js';
import { decideJobPost, requireJobPostRow } from '../jobs/jobs.commands.js';
import { approvalStates } from './admin-approvals.queries.js';

/**
 * Approves or rejects several items of one kind (issue #22 item 2) with the command each kind already has
 * (membership approvals, job post review, question and event decisions), so every item gets its usual
 * mail, notification and audit entry. Every id is checked first: one that is not the hub's answers 404 and
 * nothing changes; items someone already decided are skipped and reported. The rest change in the request's
 * one transaction.
 */
export async function bulkDecide(
  ctx: TRequestContext,
  input: TBulkApprovalRequest & { publicUrl: string },
): Promise<TBulkApprovalResponse> {
  ctx.requireHub();
  ctx.requireRight(APPROVAL_KIND_RIGHTS[input.kind]);
  const ids = [...new Set(input.ids)];
  const states = await approvalStates(ctx, input.kind, ids);
  const unknown = ids.filter((id) => !states.has(id));
  if (unknown.length > 0) {
    throw new AppError({
      statusCode: 404,
      code: 'not_found',
      message: `Not found in this hub: ${unknown.join(', ')}`,
      userMessage: `${unknown.length} of the selected items no longer exist here. Nothing was changed; please reload the list.`,
    });
  }
  const isApproved = input.decision === 'approve';
  const results: TBulkApprovalResult[] = [];
  for (const id of ids) {
    if (!states.get(id)?.isPending) {
      results.push({ id, outcome: 'skipped', message: 'Already decided by someone else' });
      continue;
    }
    if (input.kind === 'users')
      await decideApproval(ctx, { userId: id, isApproved, publicUrl: input.publicUrl });
    else if (input.kind === 'job-posts')
      await decideJobPost(ctx, {
        post: await requireJobPostRow(ctx, id),
        decision: input.decision,
        publicUrl: input.publicUrl,
      });
    else if (input.kind === 'questions') await decideQuestion(ctx, { id, decision: input.decision });
    else await decideEvent(ctx, { id, decision: input.decision });
    results.push({ id, outcome: 'done', message: isApproved ? 'Approved' : 'Rejected' });
  }
  const done = results.filter((r) => r.outcome === 'done');
  await ctx.audit({
    action: `approvals.bulk_${input.decision}`,
    targetType: input.kind,
    data: {
      before: { status: 'pending', ids: done.map((r) => r.id) },
      after: { status: isApproved ? 'approved' : 'rejected', ids: done.map((r) => r.id) },
      skipped: results.filter((r) => r.outcome === 'skipped').map((r) => r.id),
    },
  });
  return { results, doneCount: done.length, skippedCount: results.length - done.length };
}
