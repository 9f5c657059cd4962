/** Tenant-scoped reads of applications, their posts, files and conversations (issue #19 item 3). */
import {
  applicationState,
  storedApplicationState,
  type TApplicantProjectStatus,
  type TApplicationDecision,
  type TApplicationState,
  type TJobApplicationMethod,
  type TJobApprovalStatus,
  type TJobFlow,
  type TProjectStatusFilter,
} from '@commons/domain';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { jobApplications, jobPosts, threads, userFiles, users } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

const owners = alias(users, 'owners');
const applicants = alias(users, 'applicants');

/** What an application needs of its post: the rules of applying and moving, the dates and the owner. */
const POST_COLUMNS = {
  id: jobPosts.id,
  hubId: jobPosts.hubId,
  ownerUserId: jobPosts.ownerUserId,
  jobFlow: jobPosts.jobFlow,
  title: jobPosts.title,
  organisation: jobPosts.organisation,
  applicationMethod: jobPosts.applicationMethod,
  isResumeRequired: jobPosts.isResumeRequired,
  audienceUserTypeIds: jobPosts.audienceUserTypeIds,
  startDate: jobPosts.startDate,
  dueDate: jobPosts.dueDate,
  approvalStatus: jobPosts.approvalStatus,
  closedAt: jobPosts.closedAt,
  expiresAt: jobPosts.expiresAt,
  projectStatus: jobPosts.projectStatus,
};

const OWNER_COLUMNS = {
  id: owners.id,
  identifier: owners.identifier,
  firstName: owners.firstName,
  lastName: owners.lastName,
  photoUrl: owners.photoUrl,
  timezone: owners.timezone,
};

const APPLICANT_COLUMNS = {
  id: applicants.id,
  identifier: applicants.identifier,
  firstName: applicants.firstName,
  lastName: applicants.lastName,
  photoUrl: applicants.photoUrl,
  headline: applicants.headline,
};

/** A post as applications see it, with its owner. */
export type TApplicationPost = {
  id: string;
  hubId: number;
  ownerUserId: string;
  jobFlow: TJobFlow;
  title: string;
  organisation: string;
  applicationMethod: TJobApplicationMethod;
  isResumeRequired: boolean;
  audienceUserTypeIds: string[];
  startDate: string | null;
  dueDate: string | null;
  approvalStatus: TJobApprovalStatus;
  closedAt: Date | null;
  expiresAt: Date;
  projectStatus: string | null;
  owner: {
    id: string;
    identifier: string;
    firstName: string;
    lastName: string;
    photoUrl: string | null;
    timezone: string;
  };
};

/** A post of the hub with its owner, or null (RLS: a hub the request may see). */
export async function findApplicationPost(
  tx: TTx,
  options: { postId: string; hubId: number },
): Promise<TApplicationPost | null> {
  const [row] = await tx
    .select({ post: POST_COLUMNS, owner: OWNER_COLUMNS })
    .from(jobPosts)
    .innerJoin(owners, eq(owners.id, jobPosts.ownerUserId))
    .where(and(eq(jobPosts.id, options.postId), eq(jobPosts.hubId, options.hubId)))
    .limit(1);
  return row ? { ...row.post, owner: row.owner } : null;
}

export type TApplicationRow = typeof jobApplications.$inferSelect;

/** An application with its post, owner and applicant. */
export type TApplicationRecord = {
  application: TApplicationRow;
  state: TApplicationState;
  post: TApplicationPost;
  applicant: {
    id: string;
    identifier: string;
    firstName: string;
    lastName: string;
    photoUrl: string | null;
    headline: string | null;
  };
};

function selectApplications(tx: TTx) {
  return tx
    .select({
      application: jobApplications,
      post: POST_COLUMNS,
      owner: OWNER_COLUMNS,
      applicant: APPLICANT_COLUMNS,
    })
    .from(jobApplications)
    .innerJoin(jobPosts, eq(jobPosts.id, jobApplications.postId))
    .innerJoin(owners, eq(owners.id, jobPosts.ownerUserId))
    .innerJoin(applicants, eq(applicants.id, jobApplications.applicantUserId));
}

type TSelectedApplication = Awaited<ReturnType<ReturnType<typeof selectApplications>['execute']>>[number];

function toRecord(row: TSelectedApplication): TApplicationRecord {
  return {
    application: row.application,
    state: applicationState({
      status: row.application.status as TApplicationDecision,
      workStatus: row.application.workStatus,
    }),
    post: { ...row.post, owner: row.owner },
    applicant: row.applicant,
  };
}

/**
 * One application of the hub, or null. RLS answers only the applicant's own, those of the viewer's posts and,
 * for the board's admins, the hub's (migration 0032).
 */
export async function findApplication(
  tx: TTx,
  options: { applicationId: string; hubId: number },
): Promise<TApplicationRecord | null> {
  const [row] = await selectApplications(tx)
    .where(and(eq(jobApplications.id, options.applicationId), eq(jobApplications.hubId, options.hubId)))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** Whether the user already applied to the post (one application per post and applicant). */
export async function hasApplied(tx: TTx, options: { postId: string; userId: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(
      and(eq(jobApplications.postId, options.postId), eq(jobApplications.applicantUserId, options.userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The SQL condition of one state on the stored decision and work status. */
function stateCondition(state: TApplicationState): SQL {
  const stored = storedApplicationState(state);
  return stored.workStatus === null
    ? sql`${jobApplications.status} = ${stored.status} and ${jobApplications.workStatus} is null`
    : sql`${jobApplications.status} = 'hired' and ${jobApplications.workStatus} = ${stored.workStatus}`;
}

/**
 * A page of a post's applications, oldest first (keyset on job_applications_post_idx), optionally of one
 * stored state. The calendar's moves (notStarted → inProgress → submitForReview) are stored by the hourly
 * job, so a filter on those states may lag the presented state by up to an hour after midnight.
 */
export async function postApplicationsPage(
  tx: TTx,
  options: {
    postId: string;
    state?: TApplicationState | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TApplicationRecord[]; nextCursor: string | null }> {
  const rows = await selectApplications(tx)
    .where(
      and(
        eq(jobApplications.postId, options.postId),
        options.state ? stateCondition(options.state) : undefined,
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: jobApplications.createdAt,
          id: jobApplications.id,
          kind: 'instant',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id))
    .limit(options.limit + 1);
  return keysetPage(rows.map(toRecord), options.limit, (r) => ({
    at: r.application.createdAt.toISOString(),
    id: r.application.id,
  }));
}

/** How many applications a post has in each stored state. */
export async function postApplicationCounts(
  tx: TTx,
  postId: string,
): Promise<Array<{ status: string; workStatus: TApplicantProjectStatus | null; count: number }>> {
  return tx
    .select({
      status: jobApplications.status,
      workStatus: jobApplications.workStatus,
      count: sql<number>`count(*)::int`,
    })
    .from(jobApplications)
    .where(eq(jobApplications.postId, postId))
    .groupBy(jobApplications.status, jobApplications.workStatus);
}

/** A page of the viewer's applications in the hub, newest first (keyset on job_applications_applicant_idx). */
export async function myApplicationsPage(
  tx: TTx,
  options: {
    userId: string;
    hubId: number;
    jobFlow?: TJobFlow | undefined;
    state?: TApplicationState | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TApplicationRecord[]; nextCursor: string | null }> {
  const rows = await selectApplications(tx)
    .where(
      and(
        eq(jobApplications.applicantUserId, options.userId),
        eq(jobApplications.hubId, options.hubId),
        options.jobFlow ? eq(jobPosts.jobFlow, options.jobFlow) : undefined,
        options.state ? stateCondition(options.state) : undefined,
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
  return keysetPage(rows.map(toRecord), options.limit, (r) => ({
    at: r.application.createdAt.toISOString(),
    id: r.application.id,
  }));
}

export type TApplicationFileRow = {
  id: string;
  userId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
};

/** Stored files by id (resumes and submitted work of the listed applications). */
export async function applicationFiles(
  tx: TTx,
  ids: readonly string[],
): Promise<Map<string, TApplicationFileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: userFiles.id,
      userId: userFiles.userId,
      name: userFiles.originalName,
      mimeType: userFiles.mimeType,
      sizeBytes: userFiles.sizeBytes,
    })
    .from(userFiles)
    .where(inArray(userFiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One of the user's own files an application may carry (a profile resume or document, or an application
 * attachment; never a photo), or null.
 */
export async function findOwnApplicationFile(
  tx: TTx,
  options: { fileId: string; userId: string },
): Promise<TApplicationFileRow | null> {
  const [row] = await tx
    .select({
      id: userFiles.id,
      userId: userFiles.userId,
      name: userFiles.originalName,
      mimeType: userFiles.mimeType,
      sizeBytes: userFiles.sizeBytes,
    })
    .from(userFiles)
    .where(
      and(
        eq(userFiles.id, options.fileId),
        eq(userFiles.userId, options.userId),
        inArray(userFiles.kind, ['resume', 'document', 'attachment']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A stored file with what it takes to read its bytes. */
export async function findStoredFile(tx: TTx, fileId: string) {
  const [row] = await tx.select().from(userFiles).where(eq(userFiles.id, fileId)).limit(1);
  return row ?? null;
}

/**
 * The viewer's open conversations (plain messages, accepted) with each of the other people in the hub, the
 * most recent one per person: where application notices go. RLS shows only the viewer's own threads.
 */
export async function conversationsWith(
  tx: TTx,
  options: { hubId: number; viewerId: string; otherUserIds: readonly string[] },
): Promise<Map<string, string>> {
  const others = [...new Set(options.otherUserIds)].filter((id) => id !== options.viewerId);
  if (others.length === 0) return new Map();
  const rows = await tx
    .select({ id: threads.id, fromUserId: threads.fromUserId, toUserId: threads.toUserId })
    .from(threads)
    .where(
      and(
        eq(threads.hubId, options.hubId),
        eq(threads.messageType, 'message'),
        eq(threads.status, 'accepted'),
        or(
          and(eq(threads.fromUserId, options.viewerId), inArray(threads.toUserId, others)),
          and(eq(threads.toUserId, options.viewerId), inArray(threads.fromUserId, others)),
        ),
      ),
    )
    .orderBy(desc(threads.lastMessageAt));
  const byOther = new Map<string, string>();
  for (const row of rows) {
    const other = row.fromUserId === options.viewerId ? row.toUserId : row.fromUserId;
    if (!byOther.has(other)) byOther.set(other, row.id);
  }
  return byOther;
}

/**
 * A page of the hub's projects, newest first, optionally only one owner's and one status of the wider filter
 * (spec 4; keyset on job_posts_hub_project_status_idx or job_posts_owner_idx): ids only, cards are read by id.
 */
export async function projectIdsPage(
  tx: TTx,
  options: {
    hubId: number;
    ownerUserId: string | null;
    status?: TProjectStatusFilter | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ ids: string[]; nextCursor: string | null }> {
  const rows = await tx
    .select({ id: jobPosts.id, createdAt: jobPosts.createdAt })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.hubId, options.hubId),
        eq(jobPosts.jobFlow, 'project'),
        options.ownerUserId === null ? undefined : eq(jobPosts.ownerUserId, options.ownerUserId),
        options.status ? eq(jobPosts.projectStatus, options.status) : undefined,
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: jobPosts.createdAt,
          id: jobPosts.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id))
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (r) => ({ at: r.createdAt.toISOString(), id: r.id }));
  return { ids: page.rows.map((r) => r.id), nextCursor: page.nextCursor };
}

/** How many applications each post has, and how many of them were hired. */
export async function applicationCountsByPost(
  tx: TTx,
  postIds: readonly string[],
): Promise<Map<string, { applicationCount: number; hiredCount: number }>> {
  if (postIds.length === 0) return new Map();
  const rows = await tx
    .select({
      postId: jobApplications.postId,
      applicationCount: sql<number>`count(*)::int`,
      hiredCount: sql<number>`(count(*) filter (where ${jobApplications.status} = 'hired'))::int`,
    })
    .from(jobApplications)
    .where(inArray(jobApplications.postId, [...postIds]))
    .groupBy(jobApplications.postId);
  return new Map(rows.map((r) => [r.postId, r]));
}
