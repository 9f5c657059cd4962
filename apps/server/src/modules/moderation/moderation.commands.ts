import type { TModerationAction, TModerationItem, TReportReason, TReportTargetKind } from '@commons/contract';
import type { ZCreateReportRequest } from '@commons/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '../../db/client.js';
import { contentReports, users, type TReportStatus } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  isHideable,
  loadTargets,
  removeTarget,
  requireVisibleTarget,
  setHidden,
  type TReportTarget,
} from './moderation.targets.js';
import { authorColumns } from '../content/content.queries.js';
import { presentAuthor } from '../content/content.presenter.js';
import { requireHubReader } from '../content/content.policy.js';
import { requireModerator } from './moderation.policy.js';

export const REPORT_RECEIVED = 'Thank you. Our moderators will review this report.';

/**
 * Files a report of content the reporter can see. Reporting the same content again while the first
 * report is open changes nothing and answers the same (no duplicate in the queue).
 */
export async function createReport(
  ctx: TRequestContext,
  input: z.output<typeof ZCreateReportRequest>,
): Promise<{ id: string; isNew: boolean }> {
  requireHubReader(ctx);
  const reporterId = ctx.requireViewer().user.id;
  const target = await requireVisibleTarget(ctx, input.targetKind, input.targetId);
  if (target.authorId === reporterId)
    throw validationError({ targetId: 'You cannot report your own content.' });
  const [inserted] = await ctx.tx
    .insert(contentReports)
    .values({
      clusterId: ctx.clusterId,
      hubId: target.hubId,
      reporterId,
      targetKind: input.targetKind,
      targetId: input.targetId,
      targetAuthorId: target.authorId,
      targetExcerpt: target.excerpt,
      reason: input.reason,
      details: input.details,
      createdAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (inserted) {
    await ctx.audit({
      action: 'moderation.reported',
      targetType: input.targetKind,
      targetId: input.targetId,
      data: { reason: input.reason },
    });
    return { id: inserted.id, isNew: true };
  }
  const [existing] = await ctx.tx
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(
      and(
        eq(contentReports.targetKind, input.targetKind),
        eq(contentReports.targetId, input.targetId),
        eq(contentReports.reporterId, reporterId),
        eq(contentReports.status, 'open'),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('report conflict without an open report');
  return { id: existing.id, isNew: false };
}

const QUEUE_STATUSES: Record<'open' | 'hidden' | 'closed', TReportStatus[]> = {
  open: ['open'],
  hidden: ['hidden'],
  closed: ['dismissed', 'deleted'],
};

type TQueueRow = {
  target_kind: TReportTargetKind;
  target_id: string;
  report_count: number;
  last_reported_at: Date | string;
  reasons: TReportReason[];
  details: string[] | null;
  excerpt: string | null;
  author_id: string | null;
  status: TReportStatus;
};

/** The moderation queue: reported content with its reports gathered, most recently reported first. */
export async function moderationQueue(
  ctx: TRequestContext,
  options: { status: 'open' | 'hidden' | 'closed'; cursor?: string | undefined; limit: number },
): Promise<{ items: TModerationItem[]; nextCursor: string | null }> {
  requireModerator(ctx);
  const cursor = decodeCursor(options.cursor);
  const statuses = QUEUE_STATUSES[options.status];
  const rows = await queryRows<TQueueRow>(
    ctx.tx,
    sql`select target_kind, target_id, count(*)::int as report_count, max(created_at) as last_reported_at,
          array_agg(reason order by created_at) as reasons,
          array_agg(details order by created_at) filter (where details <> '') as details,
          (array_agg(target_excerpt order by created_at desc))[1] as excerpt,
          (array_agg(target_author_id order by created_at desc))[1] as author_id,
          (array_agg(status order by decided_at desc nulls last))[1] as status
        from ${contentReports}
        where hub_id = ${ctx.requireHub().id} and status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        group by target_kind, target_id
        ${cursor ? sql`having (max(created_at), target_id) < (${new Date(cursor.at)}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by max(created_at) desc, target_id desc
        limit ${options.limit + 1}`,
  );
  const page = rows.slice(0, options.limit);
  const targets = new Map<string, TReportTarget>();
  for (const kind of new Set(page.map((r) => r.target_kind))) {
    const loaded = await loadTargets(
      ctx,
      kind,
      page.filter((r) => r.target_kind === kind).map((r) => r.target_id),
    );
    for (const [id, target] of loaded) targets.set(`${kind}:${id}`, target);
  }
  const authorIds = [...new Set(page.map((r) => r.author_id).filter((id): id is string => id !== null))];
  const authors =
    authorIds.length === 0
      ? []
      : await ctx.tx.select(authorColumns).from(users).where(inArray(users.id, authorIds));
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const items = page.map((row): TModerationItem => {
    const target = targets.get(`${row.target_kind}:${row.target_id}`);
    const reasonCounts = new Map<TReportReason, number>();
    for (const reason of row.reasons) reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + 1);
    return {
      targetKind: row.target_kind,
      targetId: row.target_id,
      excerpt: row.status === 'deleted' ? null : (target?.excerpt ?? row.excerpt),
      href: row.status === 'deleted' ? null : (target?.href ?? null),
      author: presentAuthor(row.author_id ? (authorById.get(row.author_id) ?? null) : null),
      isHidden: target?.isHidden ?? false,
      reportCount: row.report_count,
      reasons: [...reasonCounts].map(([reason, count]) => ({ reason, count })),
      details: row.details ?? [],
      lastReportedAt: new Date(row.last_reported_at).toISOString(),
      status: row.status,
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ at: new Date(last.last_reported_at).toISOString(), id: last.target_id })
        : null,
  };
}

/** Which reports a decision closes, and the status they get. */
const DECISIONS: Record<
  TModerationAction,
  { from: TReportStatus[]; to: 'hidden' | 'dismissed' | 'deleted' }
> = {
  hide: { from: ['open'], to: 'hidden' },
  restore: { from: ['hidden'], to: 'dismissed' },
  dismiss: { from: ['open'], to: 'dismissed' },
  delete: { from: ['open', 'hidden'], to: 'deleted' },
};

/**
 * A moderator's decision on reported content: hide (reversible), restore, dismiss the reports, or
 * delete for good. Only reported content of this hub can be decided here; every decision is audited.
 */
export async function decide(
  ctx: TRequestContext,
  options: { kind: TReportTargetKind; id: string; action: TModerationAction },
): Promise<{ status: 'hidden' | 'dismissed' | 'deleted'; closedReports: number }> {
  requireModerator(ctx);
  const hubId = ctx.requireHub().id;
  const reports = await ctx.tx
    .select({ id: contentReports.id, status: contentReports.status })
    .from(contentReports)
    .where(
      and(
        eq(contentReports.hubId, hubId),
        eq(contentReports.targetKind, options.kind),
        eq(contentReports.targetId, options.id),
      ),
    )
    .for('update');
  if (reports.length === 0) throw notFound('Report');
  const decision = DECISIONS[options.action];
  const closing = reports.filter((r) => decision.from.includes(r.status));
  if (closing.length === 0)
    throw new AppError({
      statusCode: 409,
      code: 'conflict',
      message: 'Nothing to decide',
      userMessage: 'This report was already handled.',
    });
  if ((options.action === 'hide' || options.action === 'restore') && !isHideable(options.kind)) {
    throw validationError({
      action:
        options.kind === 'profile'
          ? 'Profiles cannot be hidden: dismiss the reports, or act on the account as a hub admin.'
          : 'Private messages can be removed or the report dismissed, not hidden.',
    });
  }
  const target =
    options.kind === 'message' ? null : (await loadTargets(ctx, options.kind, [options.id])).get(options.id);
  if (options.kind !== 'message' && !target && options.action !== 'dismiss') throw notFound('Content');
  if (isHideable(options.kind) && (options.action === 'hide' || options.action === 'restore')) {
    await setHidden(ctx, { kind: options.kind, id: options.id }, options.action === 'hide');
  }
  if (options.action === 'delete') {
    await removeTarget(
      ctx,
      target ?? {
        kind: options.kind,
        id: options.id,
        hubId,
        groupId: null,
        authorId: null,
        isHidden: false,
        excerpt: '',
        href: null,
      },
    );
  }
  await ctx.tx
    .update(contentReports)
    .set({ status: decision.to, decidedByUserId: ctx.requireViewer().user.id, decidedAt: ctx.now })
    .where(
      inArray(
        contentReports.id,
        closing.map((r) => r.id),
      ),
    );
  await ctx.audit({
    action: `moderation.${options.action}`,
    targetType: options.kind,
    targetId: options.id,
    data: { closedReports: closing.length },
  });
  return { status: decision.to, closedReports: closing.length };
}
