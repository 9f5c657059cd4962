import { sql } from 'drizzle-orm';
import { JOB_QUEUE_SCHEMA } from '../../jobs/job-queue.js';
import type { TTx } from '../client.js';

/** The demo's failed job's name: no periodic job has it, so a retry completes at once and does nothing. */
export const DEMO_FAILED_JOB_NAME = 'demo-failed-job';

/**
 * One failed job on the durable queue (issue #23 item 4), so the super admin's Failed jobs page is not empty for a
 * newcomer. It says what it is: seeded by the demo data, it never ran anything; Retry sends it through the queue
 * again, where it completes doing nothing (no periodic job has its name) and leaves the list.
 */
export async function seedDemoFailedJob(tx: TTx, options: { now: Date }): Promise<void> {
  const failedAt = new Date(options.now.getTime() - 60 * 60 * 1000);
  const queuedAt = new Date(failedAt.getTime() - 4 * 60 * 1000);
  const data = { job: DEMO_FAILED_JOB_NAME, note: 'Seeded by the demo data; it does nothing when run.' };
  const output = {
    message:
      'Demo: this job was seeded as failed by the demo data (there was no real failure). Retry runs it again; it then completes.',
  };
  await tx.execute(sql`
    INSERT INTO ${sql.raw(`"${JOB_QUEUE_SCHEMA}".job`)}
      (name, data, state, retry_count, retry_limit, output, created_on, start_after, started_on, completed_on)
    VALUES ('periodic', ${JSON.stringify(data)}::jsonb, 'failed', 4, 3, ${JSON.stringify(output)}::jsonb,
      ${queuedAt.toISOString()}::timestamptz, ${queuedAt.toISOString()}::timestamptz,
      ${failedAt.toISOString()}::timestamptz, ${failedAt.toISOString()}::timestamptz)`);
}
