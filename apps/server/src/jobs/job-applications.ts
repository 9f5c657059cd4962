import {
  projectToday,
  stateOnDate,
  type TApplicantProjectStatus,
  type TDataRegion,
  type TJobApprovalStatus,
} from '@commons/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { jobApplications, userFiles } from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import type { TFileStorage } from '../lib/storage.js';
import { refreshProjectStatus } from '../modules/job-applications/job-applications.commands.js';

/** An application attachment nobody used is removed this long after its upload. */
export const UNUSED_APPLICATION_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type TCalendarRow = {
  id: string;
  work_status: TApplicantProjectStatus;
  post_id: string;
  start_date: string | null;
  due_date: string | null;
  approval_status: TJobApprovalStatus;
  closed_at: string | null;
  expires_at: string;
  timezone: string;
};

/**
 * The calendar's moves in one cluster (spec 4 Projects, domain stateOnDate): a hired project's work becomes
 * inProgress on its start date and submitForReview on its due date, days of the owner's time zone. Each
 * application is updated only from the state read (a move made meanwhile wins), and each project whose
 * applications moved gets its spec 4 status recomputed. Answers the applications moved.
 */
async function advanceCluster(tx: TTx, now: Date): Promise<number> {
  // A day ahead of UTC covers every time zone's today; stateOnDate decides per owner.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const rows = await queryRows<TCalendarRow>(
    tx,
    sql`select a.id, a.work_status, p.id as post_id, p.start_date::text as start_date, p.due_date::text as due_date,
               p.approval_status, p.closed_at, p.expires_at, u.timezone
        from job_applications a
        join job_posts p on p.id = a.post_id
        join users u on u.id = p.owner_user_id
        where a.status = 'hired' and p.job_flow = 'project'
          and ((a.work_status = 'notStarted' and (p.start_date is null or p.start_date <= ${horizon}::date))
            or (a.work_status = 'inProgress' and p.due_date <= ${horizon}::date))`,
  );
  const moved = new Map<string, TCalendarRow>();
  for (const row of rows) {
    const dates = { startDate: row.start_date, dueDate: row.due_date };
    const target = stateOnDate({
      flow: 'project',
      state: row.work_status,
      dates,
      today: projectToday(now, row.timezone),
    });
    if (target === row.work_status) continue;
    const updated = await tx
      .update(jobApplications)
      .set({ workStatus: target as TApplicantProjectStatus, statusChangedAt: now, updatedAt: now })
      .where(and(eq(jobApplications.id, row.id), eq(jobApplications.workStatus, row.work_status)))
      .returning({ id: jobApplications.id });
    if (updated.length > 0) moved.set(row.post_id, row);
  }
  for (const [postId, row] of moved) {
    await refreshProjectStatus(tx, {
      post: {
        id: postId,
        jobFlow: 'project',
        approvalStatus: row.approval_status,
        closedAt: row.closed_at === null ? null : new Date(row.closed_at),
        expiresAt: new Date(row.expires_at),
        startDate: row.start_date,
        dueDate: row.due_date,
        ownerTimezone: row.timezone,
      },
      now,
    });
  }
  return moved.size;
}

/**
 * Moves hired projects along their calendar in every cluster (hourly): the presented state is already the
 * day's (job-applications policy currentState), this stores it so filters and the project status agree.
 * Idempotent and safe with several processes (conditional updates). Answers the projects whose work moved.
 */
export async function advanceProjectCalendars(db: TDb, now: Date): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, (tx) => advanceCluster(tx, now));
  }
  return total;
}

/**
 * Removes the application attachments (a resume or work uploaded for an application) that no application
 * names a day after their upload, rows first and then their bytes, cluster by cluster. Answers how many.
 */
export async function removeUnusedApplicationFiles(
  db: TDb,
  storage: TFileStorage,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_APPLICATION_FILE_MAX_AGE_MS);
  let removed = 0;
  for (const clusterId of await listClusterIds(db)) {
    const gone = await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      tx
        .delete(userFiles)
        .where(
          and(
            eq(userFiles.kind, 'attachment'),
            lt(userFiles.createdAt, cutoff),
            sql`not exists (select 1 from job_applications a where a.resume_file_id = ${userFiles.id})`,
            sql`not exists (select 1 from job_applications a where a.submission_file_id = ${userFiles.id})`,
          ),
        )
        .returning({ region: userFiles.region, storageKey: userFiles.storageKey }),
    );
    for (const file of gone) await storage.remove(file.region as TDataRegion, file.storageKey);
    removed += gone.length;
  }
  return removed;
}
