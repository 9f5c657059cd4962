import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_METRICS,
  type TAnalyticsInterval,
  type TAnalyticsMetric,
  type TAnalyticsSeries,
  type TExportDataset,
} from '@commons/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { groups, hubMemberships, userTypes, users } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a date in UTC. */
function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The report's range: the given days, or the last 26 weeks or 12 months up to today (UTC); refused when the last
 * day is before the first or the range is longer than ANALYTICS_MAX_DAYS (the queries stay bounded).
 */
export function analyticsRange(options: {
  interval: TAnalyticsInterval;
  from: string | undefined;
  to: string | undefined;
  now: Date;
}): { from: string; to: string } {
  const to = options.to ?? dayOf(options.now);
  const toDate = new Date(`${to}T00:00:00Z`);
  let from = options.from;
  if (!from) {
    if (options.interval === 'week') from = dayOf(new Date(toDate.getTime() - 25 * 7 * DAY_MS));
    else from = `${dayOf(new Date(Date.UTC(toDate.getUTCFullYear(), toDate.getUTCMonth() - 11, 1)))}`;
  }
  const days = (toDate.getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS;
  if (Number.isNaN(days)) throw validationError({ from: 'Use real dates.' });
  if (days < 0) throw validationError({ to: 'The last day is before the first day.' });
  if (days > ANALYTICS_MAX_DAYS)
    throw validationError({ from: 'Choose at most two years (731 days) at a time.' });
  return { from, to };
}

/** The hub's user types and mentorship programs, the analytics filters' choices. */
export async function analyticsFilters(tx: TTx, hubId: number) {
  const types = await tx
    .select({ id: userTypes.id, title: userTypes.title })
    .from(userTypes)
    .where(eq(userTypes.hubId, hubId))
    .orderBy(asc(userTypes.order), asc(userTypes.title));
  const programs = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.hubId, hubId), eq(groups.groupType, 'mentorshipProgram')))
    .orderBy(asc(groups.sortName))
    .limit(500);
  return { userTypes: types, programs };
}

/**
 * Engagement counts of a hub by week or month (issue #22 item 4), aggregated in SQL by app_hub_engagement
 * (migration 0047: it checks the caller's reports or analytics right itself and answers counts only). With an
 * organizationId, the organisation's approved members only, through app_organization_engagement (migration 0060:
 * it lets the organisation's own admins in as well).
 */
export async function hubEngagement(
  tx: TTx,
  options: {
    hubId: number;
    interval: TAnalyticsInterval;
    from: string;
    to: string;
    userTypeId: string | null;
    programId: string | null;
    organizationId?: string;
  },
): Promise<TAnalyticsSeries[]> {
  const rows = await queryRows<{ metric: string; period: string | Date; value: string | number }>(
    tx,
    options.organizationId === undefined
      ? sql`SELECT metric, period::text AS period, value FROM app_hub_engagement(${options.hubId}::bigint, ${options.interval}, ${options.from}::date, ${options.to}::date, ${options.userTypeId}::uuid, ${options.programId}::uuid)`
      : sql`SELECT metric, period::text AS period, value FROM app_organization_engagement(${options.hubId}::bigint, ${options.organizationId}::uuid, ${options.interval}, ${options.from}::date, ${options.to}::date, ${options.userTypeId}::uuid)`,
  );
  const byMetric = new Map<TAnalyticsMetric, TAnalyticsSeries>(
    ANALYTICS_METRICS.map((metric) => [metric, { metric, total: 0, points: [] }]),
  );
  for (const row of rows) {
    const series = byMetric.get(row.metric as TAnalyticsMetric);
    if (!series) continue;
    const value = Number(row.value);
    const period = typeof row.period === 'string' ? row.period.slice(0, 10) : dayOf(row.period);
    series.points.push({ period, value });
    series.total += value;
  }
  return [...byMetric.values()];
}

/** Rows one export page reads (keyset on id); the answer streams page after page. */
export const EXPORT_PAGE_SIZE = 1000;

/** Header of each export's CSV, in column order. */
export const EXPORT_HEADERS: Record<TExportDataset, string[]> = {
  users: ['Email', 'First name', 'Last name', 'User type', 'Approved', 'Status', 'Admin', 'Joined (UTC)'],
  memberships: ['Email', 'Name', 'Group', 'Type', 'Role', 'Approved', 'Status', 'Admin', 'Joined (UTC)'],
  mentorships: [
    'Mentee',
    'Mentee email',
    'Mentor',
    'Mentor email',
    'Program',
    'Status',
    'Requested (UTC)',
    'Accepted (UTC)',
    'Closed (UTC)',
  ],
  meetings: [
    'Requester',
    'Requester email',
    'With',
    'With email',
    'Status',
    'Medium',
    'Minutes',
    'Scheduled (UTC)',
    'Requested (UTC)',
  ],
  events: [
    'Title',
    'Format',
    'Status',
    'Starts (UTC)',
    'Ends (UTC)',
    'Capacity',
    'Registered',
    'Waitlisted',
    'Created (UTC)',
  ],
};

type TCell = string | number | boolean | null;
const iso = (value: unknown): string =>
  value === null || value === undefined ? '' : new Date(value as string).toISOString();

/**
 * One page of an export (ids after `after`, by id): the CSV rows and the key of the last one, or null at the end.
 * Users, memberships and events are read under the request's policies; mentorships and meetings through
 * app_hub_export_page (migration 0047), which checks export-data itself and answers only the export's columns.
 */
export async function exportPage(
  tx: TTx,
  options: { dataset: TExportDataset; hubId: number; after: string | null },
): Promise<{ rows: TCell[][]; last: string | null }> {
  const { hubId, after } = options;
  let keyed: Array<{ id: string; cells: TCell[] }>;
  switch (options.dataset) {
    case 'users': {
      const rows = await tx
        .select({ membership: hubMemberships, user: users, type: userTypes.title })
        .from(hubMemberships)
        .innerJoin(users, eq(users.id, hubMemberships.userId))
        .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
        .where(and(eq(hubMemberships.hubId, hubId), after ? gt(hubMemberships.id, after) : undefined))
        .orderBy(asc(hubMemberships.id))
        .limit(EXPORT_PAGE_SIZE);
      keyed = rows.map((r) => ({
        id: r.membership.id,
        cells: [
          r.user.email,
          r.user.firstName,
          r.user.lastName,
          r.type ?? '',
          r.membership.approved === null ? 'pending' : r.membership.approved ? 'yes' : 'no',
          r.membership.importStatus,
          r.membership.isAdmin ? 'yes' : 'no',
          iso(r.membership.createdAt),
        ],
      }));
      break;
    }
    case 'memberships':
    case 'events': {
      const rows = await queryRows<{ id: string; cells: TCell[] }>(
        tx,
        options.dataset === 'memberships'
          ? sql`SELECT gm.id, json_build_array(u.email, u.first_name || ' ' || u.last_name, g.name, g.group_type,
                 gm.role, CASE WHEN gm.approved IS NULL THEN 'pending' WHEN gm.approved THEN 'yes' ELSE 'no' END,
                 gm.import_status, CASE WHEN gm.is_admin THEN 'yes' ELSE 'no' END,
                 to_char(coalesce(gm.user_joined_at, gm.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) AS cells
               FROM group_memberships gm JOIN groups g ON g.id = gm.group_id JOIN users u ON u.id = gm.user_id
              WHERE gm.hub_id = ${hubId} AND (${after}::uuid IS NULL OR gm.id > ${after}::uuid)
              ORDER BY gm.id LIMIT ${EXPORT_PAGE_SIZE}`
          : sql`SELECT e.id, json_build_array(e.title, e.format, e.status,
                 to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                 to_char(e.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), e.capacity,
                 (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'registered'),
                 (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'waitlisted'),
                 to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) AS cells
               FROM events e
              WHERE e.hub_id = ${hubId} AND (${after}::uuid IS NULL OR e.id > ${after}::uuid)
              ORDER BY e.id LIMIT ${EXPORT_PAGE_SIZE}`,
      );
      keyed = rows;
      break;
    }
    case 'mentorships':
    case 'meetings': {
      const rows = await queryRows<{ id: string; data: Record<string, TCell> }>(
        tx,
        sql`SELECT id, data FROM app_hub_export_page(${hubId}::bigint, ${options.dataset}, ${after}::uuid, ${EXPORT_PAGE_SIZE})`,
      );
      const columns =
        options.dataset === 'mentorships'
          ? [
              'menteeName',
              'menteeEmail',
              'mentorName',
              'mentorEmail',
              'program',
              'status',
              'requestedAt',
              'acceptedAt',
              'closedAt',
            ]
          : [
              'requesterName',
              'requesterEmail',
              'withName',
              'withEmail',
              'status',
              'medium',
              'durationMinutes',
              'scheduledTime',
              'requestedAt',
            ];
      keyed = rows.map((r) => ({
        id: r.id,
        cells: columns.map((c) => {
          const value = r.data[c] ?? null;
          return /At$|Time$/.test(c) ? iso(value) : value;
        }),
      }));
      break;
    }
  }
  return {
    rows: keyed.map((k) => k.cells),
    last: keyed.length === EXPORT_PAGE_SIZE ? (keyed[keyed.length - 1]?.id ?? null) : null,
  };
}
