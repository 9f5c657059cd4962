/** Job alert emails (issue #19 item 4): a saved search mailed daily or weekly with the posts new since the last one. */
import { JOB_ENDPOINTS, webPaths, type TJobListFilters } from '@commons/contract';
import { endpointPath } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { jobAlerts } from '../../db/schema/index.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { hiddenFlowsOf } from './jobs.policy.js';
import { getJobSettings, searchJobPosts } from './jobs.queries.js';

/** Posts one alert email lists at most (the board link shows the rest). */
export const JOB_ALERT_MAIL_LIMIT = 10;
/** Alerts one run of the job mails at most per cluster; the next run takes the rest. */
const ALERTS_PER_RUN = 200;

const EMPTY_FILTERS: TJobListFilters = { industry: [], jobFunction: [], employmentType: [], location: [] };

type TDueAlert = {
  id: string;
  hub_id: number;
  user_id: string;
  query: string;
  filters: Partial<TJobListFilters>;
  frequency: 'daily' | 'weekly';
  unsubscribe_token: string;
  last_sent_at: string | Date | null;
  created_at: string | Date;
  email: string;
  first_name: string;
  hub_identifier: string;
  hub_name: string;
  user_type_id: string | null;
};

/**
 * Mails the alerts of one cluster that are due (a day or a week since the last mail, or since they were made),
 * in the cluster-wide scope. Each alert is claimed first by moving last_sent_at from the value read (a
 * compare-and-set): a second process running the same job waits on the row lock, then finds it moved and
 * skips it, so an alert is mailed once per period whatever the number of processes. Only the posts made since
 * the last mail that the member may see now (listed, their audience, shown flows) are listed; no mail when
 * none is new. Members who are no longer approved in the hub get nothing. Answers the number of mails queued.
 */
export async function mailDueJobAlerts(
  tx: TTx,
  options: { clusterId: string; now: Date; publicUrl: string },
): Promise<number> {
  const now = options.now.toISOString();
  const due = await queryRows<TDueAlert>(
    tx,
    sql`select a.id, a.hub_id, a.user_id, a.query, a.filters, a.frequency, a.unsubscribe_token, a.last_sent_at,
               a.created_at, u.email, u.first_name, h.identifier as hub_identifier, h.name as hub_name,
               m.user_type_id
        from job_alerts a
        join users u on u.id = a.user_id
        join hubs h on h.id = a.hub_id
        join hub_memberships m on m.hub_id = a.hub_id and m.user_id = a.user_id
        where a.cluster_id = ${options.clusterId}::uuid and a.is_active
          and m.approved is true and m.import_status = 'joined' and m.signup_stage is null
          and coalesce(a.last_sent_at, a.created_at) <=
              ${now}::timestamptz - case a.frequency when 'daily' then interval '1 day' else interval '7 days' end
        order by coalesce(a.last_sent_at, a.created_at), a.id
        limit ${ALERTS_PER_RUN}`,
  );
  let mailed = 0;
  const settingsOf = new Map<number, Awaited<ReturnType<typeof getJobSettings>>>();
  for (const alert of due) {
    const previous = alert.last_sent_at === null ? null : new Date(alert.last_sent_at);
    const claimed = await tx
      .update(jobAlerts)
      .set({ lastSentAt: options.now })
      .where(
        and(
          eq(jobAlerts.id, alert.id),
          previous === null
            ? sql`${jobAlerts.lastSentAt} is null`
            : sql`${jobAlerts.lastSentAt} = ${previous.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: jobAlerts.id });
    if (claimed.length === 0) continue;
    const settings = settingsOf.get(alert.hub_id) ?? (await getJobSettings(tx, alert.hub_id));
    settingsOf.set(alert.hub_id, settings);
    const filters = { ...EMPTY_FILTERS, ...alert.filters };
    const result = await searchJobPosts(tx, {
      hubId: alert.hub_id,
      query: { ...filters, q: alert.query, limit: JOB_ALERT_MAIL_LIMIT },
      viewer: { userId: alert.user_id, userTypeId: alert.user_type_id, isAdmin: false },
      now: options.now,
      hiddenFlows: hiddenFlowsOf(settings),
      isListedOnly: true,
      createdAfter: previous ?? new Date(alert.created_at),
    });
    if (result.total === 0) continue;
    const boardUrl = `${options.publicUrl}${webPaths.hub.jobs(alert.hub_identifier, { q: alert.query || undefined })}`;
    const pageUrl = `${options.publicUrl}${webPaths.jobAlertUnsubscribe(alert.unsubscribe_token)}`;
    const oneClickUrl = `${options.publicUrl}${endpointPath(JOB_ENDPOINTS.unsubscribeAlert.path, { token: alert.unsubscribe_token })}`;
    const search = alert.query ? `“${alert.query}”` : 'your saved search';
    const lines = [
      `Hi ${alert.first_name},`,
      '',
      `${result.total === 1 ? 'A new post matches' : `${result.total} new posts match`} ${search} on ${alert.hub_name}:`,
      '',
      ...result.rows.flatMap((post) => [
        `${post.title}${post.organisation ? ` — ${post.organisation}` : ''}${post.location ? ` (${post.location})` : post.is_remote ? ' (remote)' : ''}`,
        `${options.publicUrl}${webPaths.hub.jobDetail(alert.hub_identifier, post.id, { isProject: post.job_flow === 'project' })}`,
        '',
      ]),
      ...(result.total > result.rows.length ? [`See all ${result.total}: ${boardUrl}`, ''] : []),
      `You get this ${alert.frequency === 'daily' ? 'daily' : 'weekly'} job alert from ${alert.hub_name}.`,
      `Unsubscribe: ${pageUrl}`,
    ];
    await enqueueMail(tx, options.clusterId, {
      to: alert.email,
      subject: `${result.total === 1 ? 'A new post' : `${result.total} new posts`} for ${search} on ${alert.hub_name}`,
      text: lines.join('\n'),
      headers: {
        'List-Unsubscribe': `<${oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    mailed += 1;
  }
  return mailed;
}
