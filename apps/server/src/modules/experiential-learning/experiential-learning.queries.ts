/** Tenant-scoped reads of experiential learning (issue #19 item 5): interests, reports, applied and nearby posts. */
import {
  locationKey,
  type TElInterestKind,
  type TJobFlow,
  type TParticipationReportStatus,
} from '@commons/domain';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import {
  elInterests,
  hubStandardOptions,
  jobApplications,
  jobPosts,
  participationReports,
  users,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

/** The standard data categories an interest of each kind names. */
export const INTEREST_CATEGORIES = {
  industry: 'job-industries',
  jobFunction: 'job-functions',
} as const satisfies Partial<Record<TElInterestKind, string>>;

/** The viewer's interests in the hub, in the order they chose them. */
export async function listInterests(
  tx: TTx,
  options: { userId: string; hubId: number },
): Promise<Array<{ kind: TElInterestKind; value: string }>> {
  return tx
    .select({ kind: elInterests.kind, value: elInterests.value })
    .from(elInterests)
    .where(and(eq(elInterests.userId, options.userId), eq(elInterests.hubId, options.hubId)))
    .orderBy(asc(elInterests.createdAt), asc(elInterests.kind), asc(elInterests.value));
}

/** The hub's industries and job functions (standard data), in the admins' order. */
export async function interestOptions(
  tx: TTx,
  hubId: number,
): Promise<Record<keyof typeof INTEREST_CATEGORIES, Array<{ value: string; label: string }>>> {
  const rows = await tx
    .select({
      category: hubStandardOptions.category,
      value: hubStandardOptions.optionKey,
      label: hubStandardOptions.label,
    })
    .from(hubStandardOptions)
    .where(
      and(
        eq(hubStandardOptions.hubId, hubId),
        inArray(hubStandardOptions.category, Object.values(INTEREST_CATEGORIES)),
      ),
    )
    .orderBy(asc(hubStandardOptions.order), asc(hubStandardOptions.label));
  return {
    industry: rows.filter((r) => r.category === INTEREST_CATEGORIES.industry),
    jobFunction: rows.filter((r) => r.category === INTEREST_CATEGORIES.jobFunction),
  };
}

const members = alias(users, 'members');

export type TReportRecord = {
  report: typeof participationReports.$inferSelect;
  member: { id: string; identifier: string; firstName: string; lastName: string; photoUrl: string | null };
  post: { id: string; title: string; jobFlow: 'job' | 'project' } | null;
};

function selectReports(tx: TTx) {
  return tx
    .select({
      report: participationReports,
      member: {
        id: members.id,
        identifier: members.identifier,
        firstName: members.firstName,
        lastName: members.lastName,
        photoUrl: members.photoUrl,
      },
      postId: jobPosts.id,
      postTitle: jobPosts.title,
      postFlow: jobPosts.jobFlow,
    })
    .from(participationReports)
    .innerJoin(members, eq(members.id, participationReports.userId))
    .leftJoin(jobPosts, eq(jobPosts.id, participationReports.postId));
}

type TSelectedReport = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

function toReport(row: TSelectedReport): TReportRecord {
  return {
    report: row.report,
    member: row.member,
    post:
      row.postId !== null && row.postTitle !== null && row.postFlow !== null
        ? { id: row.postId, title: row.postTitle, jobFlow: row.postFlow }
        : null,
  };
}

/** One report of the hub (RLS: the member's own, or the hub's for its reviewers), or null. */
export async function findReport(
  tx: TTx,
  options: { id: string; hubId: number },
): Promise<TReportRecord | null> {
  const [row] = await selectReports(tx)
    .where(and(eq(participationReports.id, options.id), eq(participationReports.hubId, options.hubId)))
    .limit(1);
  return row ? toReport(row) : null;
}

/** The member's reports in the hub, newest first (keyset on participation_reports_user_idx). */
export async function myReportsPage(
  tx: TTx,
  options: { userId: string; hubId: number; cursor?: string | undefined; limit: number },
): Promise<{ rows: TReportRecord[]; nextCursor: string | null }> {
  const rows = await selectReports(tx)
    .where(
      and(
        eq(participationReports.userId, options.userId),
        eq(participationReports.hubId, options.hubId),
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: participationReports.createdAt,
          id: participationReports.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(participationReports.createdAt), desc(participationReports.id))
    .limit(options.limit + 1);
  return keysetPage(rows.map(toReport), options.limit, (r) => ({
    at: r.report.createdAt.toISOString(),
    id: r.report.id,
  }));
}

/** The hub's reports of one review status, oldest first (keyset on participation_reports_hub_status_idx). */
export async function hubReportsPage(
  tx: TTx,
  options: {
    hubId: number;
    status: TParticipationReportStatus;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TReportRecord[]; nextCursor: string | null }> {
  const rows = await selectReports(tx)
    .where(
      and(
        eq(participationReports.hubId, options.hubId),
        eq(participationReports.status, options.status),
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: participationReports.createdAt,
          id: participationReports.id,
          kind: 'instant',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(asc(participationReports.createdAt), asc(participationReports.id))
    .limit(options.limit + 1);
  return keysetPage(rows.map(toReport), options.limit, (r) => ({
    at: r.report.createdAt.toISOString(),
    id: r.report.id,
  }));
}

/**
 * The posts the viewer applied to in the hub, most recent application first (keyset on
 * job_applications_applicant_idx), among the flows the hub shows: ids only, the cards are read by id.
 */
export async function appliedPostIdsPage(
  tx: TTx,
  options: {
    userId: string;
    hubId: number;
    hiddenFlows: readonly TJobFlow[];
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ ids: string[]; nextCursor: string | null }> {
  const rows = await tx
    .select({ postId: jobApplications.postId, id: jobApplications.id, createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .innerJoin(jobPosts, eq(jobPosts.id, jobApplications.postId))
    .where(
      and(
        eq(jobApplications.applicantUserId, options.userId),
        eq(jobApplications.hubId, options.hubId),
        options.hiddenFlows.length > 0 ? notInArray(jobPosts.jobFlow, [...options.hiddenFlows]) : undefined,
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: jobApplications.createdAt,
          id: jobApplications.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (r) => ({ at: r.createdAt.toISOString(), id: r.id }));
  return { ids: page.rows.map((r) => r.postId), nextCursor: page.nextCursor };
}

/**
 * The locations of the hub's posts that name the same place as the viewer's (locationKey: the city part,
 * case and spacing aside), for "near you": at most 20 spellings, fed to the board's location filter.
 */
export async function nearbyLocations(
  tx: TTx,
  options: { hubId: number; location: string | null },
): Promise<string[]> {
  const key = locationKey(options.location);
  if (key === null) return [];
  const rows = await queryRows<{ location: string }>(
    tx,
    sql`select distinct p.location from job_posts p
        where p.hub_id = ${options.hubId} and p.location is not null
          and lower(regexp_replace(btrim(split_part(p.location, ',', 1)), '\\s+', ' ', 'g')) = ${key}
        order by p.location limit 20`,
  );
  return rows.map((r) => r.location);
}
