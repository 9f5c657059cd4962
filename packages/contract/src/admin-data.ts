import { z } from 'zod';
import { ZId, ZIsoDateTime, ZUuid, ZDateOnly } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Hub administration: reports and analytics, CSV export and the users CSV import (issue #22 items 4 and 5;
 * spec 6 hub access groups reports, analytics, export-data, import-data).
 */

const ZDay = ZDateOnly;

/** The engagement measures the analytics page draws, each one chart (issue #22 item 4). */
export const ANALYTICS_METRICS = [
  'signups',
  'activeUsers',
  'messages',
  'meetings',
  'mentorshipsStarted',
  'mentorshipsCompleted',
  'eventRegistrations',
] as const;
export const ZAnalyticsMetric = z.enum(ANALYTICS_METRICS);
export type TAnalyticsMetric = z.infer<typeof ZAnalyticsMetric>;

/** What each measure counts, for chart titles, CSV headers and the page's notes. */
export const ANALYTICS_METRIC_LABELS: Record<TAnalyticsMetric, { title: string; description: string }> = {
  signups: { title: 'Sign-ups', description: 'Members who joined the hub (or were imported into it).' },
  activeUsers: {
    title: 'Active users',
    description: 'Members who signed in, sent a message, asked for a meeting or registered for an event.',
  },
  messages: { title: 'Messages', description: 'Messages members sent in the hub’s conversations.' },
  meetings: { title: 'Meetings', description: 'Meetings members asked for.' },
  mentorshipsStarted: { title: 'Mentorships started', description: 'Mentorships accepted by the mentor.' },
  mentorshipsCompleted: {
    title: 'Mentorships completed',
    description: 'Mentorships closed by the mentor, the mentee or at the end of their length.',
  },
  eventRegistrations: { title: 'Event registrations', description: 'Registrations for the hub’s events.' },
};

export const ZAnalyticsInterval = z.enum(['week', 'month']);
export type TAnalyticsInterval = z.infer<typeof ZAnalyticsInterval>;

/** The longest range one report covers (the queries stay bounded). */
export const ANALYTICS_MAX_DAYS = 731;

export const ZAnalyticsQuery = z.object({
  interval: ZAnalyticsInterval.default('week'),
  /** First and last day (UTC); by default the last 26 weeks or 12 months. */
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** Only members of this user type (its id). */
  userType: ZUuid.optional(),
  /** Only members of this program (its id). */
  program: ZUuid.optional(),
});
export type TAnalyticsQuery = z.input<typeof ZAnalyticsQuery>;

export const ZAnalyticsCsvQuery = ZAnalyticsQuery.extend({
  /** One measure; all of them as columns when left out. */
  metric: ZAnalyticsMetric.optional(),
});
export type TAnalyticsCsvQuery = z.input<typeof ZAnalyticsCsvQuery>;

export const ZAnalyticsPoint = z.object({
  /** First day of the week (Monday) or month, YYYY-MM-DD. */
  period: ZDay,
  value: z.number().int().min(0),
});
export const ZAnalyticsSeries = z.object({
  metric: ZAnalyticsMetric,
  total: z.number().int().min(0),
  points: z.array(ZAnalyticsPoint),
});
export type TAnalyticsSeries = z.infer<typeof ZAnalyticsSeries>;

export const ZAnalyticsResponse = z.object({
  interval: ZAnalyticsInterval,
  from: ZDay,
  to: ZDay,
  series: z.array(ZAnalyticsSeries),
  /** The filters' choices: the hub's user types and programs. */
  userTypes: z.array(z.object({ id: ZId, title: z.string() })),
  programs: z.array(z.object({ id: ZId, name: z.string() })),
});
export type TAnalyticsResponse = z.infer<typeof ZAnalyticsResponse>;

/** The hub's data an admin with export-data downloads as CSV (issue #22 item 5). */
export const EXPORT_DATASETS = ['users', 'memberships', 'mentorships', 'meetings', 'events'] as const;
export const ZExportDataset = z.enum(EXPORT_DATASETS);
export type TExportDataset = z.infer<typeof ZExportDataset>;
export const EXPORT_DATASET_LABELS: Record<TExportDataset, { title: string; description: string }> = {
  users: {
    title: 'Users',
    description: 'Every member: name, email, user type, approval and when they joined.',
  },
  memberships: {
    title: 'Group and program memberships',
    description: 'Who belongs to which group or program, with role, approval and dates.',
  },
  mentorships: { title: 'Mentorships', description: 'Mentor, mentee, program, status and dates.' },
  meetings: { title: 'Meetings', description: 'Who met whom, when, how, and the meeting’s status.' },
  events: { title: 'Events', description: 'The hub’s events with dates and registration counts.' },
};
export const ZExportParams = z.object({ dataset: ZExportDataset });

/** Rows one users CSV import may hold, and the file's size (the JSON body stays under the 1 MB limit). */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_CSV_CHARS = 900_000;
/** Row errors one answer lists (the counts cover all of them). */
export const IMPORT_MAX_LISTED_ERRORS = 500;

export const ZImportRequest = z.object({
  csv: z
    .string()
    .min(1, 'Please choose a CSV file.')
    .max(IMPORT_MAX_CSV_CHARS, 'The file is too large (900 kB at most).'),
});
export type TImportRequest = z.input<typeof ZImportRequest>;

export const ZImportRowError = z.object({
  /** Line number in the file (1 is the header). */
  row: z.number().int().min(1),
  /** The column the error is about: email, firstName, lastName, userType, or file. */
  field: z.string(),
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

/**
 * What importing one row would do: create an account ('create'), add an existing person ('add': to the hub, and in an
 * organisation's import to the organisation too; 'join': an approved hub member joins the organisation), change
 * their user type ('update', the hub's import), nothing ('unchanged': already a member), leave a hub member who is
 * not approved as they are ('notApproved', an organisation's import), or nothing for a row with errors ('error').
 */
export const IMPORT_ROW_OUTCOMES = [
  'create',
  'add',
  'join',
  'update',
  'unchanged',
  'notApproved',
  'error',
] as const;
export const ZImportRowOutcome = z.enum(IMPORT_ROW_OUTCOMES);
export type TImportRowOutcome = z.infer<typeof ZImportRowOutcome>;

/** One row of a dry run: its line, the email as written, what importing it would do and why (errors). */
export const ZImportRowPlan = z.object({
  row: z.number().int().min(1),
  email: z.string(),
  name: z.string(),
  outcome: ZImportRowOutcome,
  /** The row's errors, or why it is left as is; null otherwise. */
  message: z.string().nullable(),
});
export type TImportRowPlan = z.infer<typeof ZImportRowPlan>;

export const ZImportDryRunResponse = z.object({
  totalRows: z.number().int().min(0),
  validCount: z.number().int().min(0),
  /** Rows with at least one error (a row may have several). */
  errorCount: z.number().int().min(0),
  /** What importing the valid rows would do. */
  createCount: z.number().int().min(0),
  /** Existing people added (to the hub, or to the organisation) or given the file's user type. */
  updateCount: z.number().int().min(0),
  unchangedCount: z.number().int().min(0),
  /** An organisation's import: hub members whose membership is not approved, left as they are. */
  notApprovedCount: z.number().int().min(0),
  errors: z.array(ZImportRowError),
  /** Each row in the file's order (the first IMPORT_MAX_LISTED_ERRORS). */
  rows: z.array(ZImportRowPlan),
});
export type TImportDryRunResponse = z.infer<typeof ZImportDryRunResponse>;

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const ZImport = z.object({
  id: ZId,
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int().min(0),
  processedRows: z.number().int().min(0),
  createdCount: z.number().int().min(0),
  updatedCount: z.number().int().min(0),
  unchangedCount: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  errors: z.array(ZImportRowError),
  createdAt: ZIsoDateTime,
  finishedAt: ZIsoDateTime.nullable(),
  /** The organisation an organisation admin's import was into; null for the hub's own imports. */
  organizationName: z.string().nullable(),
});
export type TImport = z.infer<typeof ZImport>;
export const ZImportParams = z.object({ id: z.string().uuid() });
/** An organisation of the hub, by its identifier (the organisation admins' console). */
export const ZOrganizationImportParams = z.object({ identifier: z.string().trim().min(1).max(200) });
export const ZOrganizationImportItemParams = ZOrganizationImportParams.extend({ id: z.string().uuid() });
export const ZImportList = z.object({ items: z.array(ZImport) });

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

export const ADMIN_DATA_ENDPOINTS = {
  analytics: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/analytics',
    operationId: 'getHubAnalytics',
    summary: 'Admins with reports or analytics: engagement by week or month, by user type and program',
    query: ZAnalyticsQuery,
    response: ZAnalyticsResponse,
    errors: [400, 401, 403, 404],
  }),
  analyticsCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/analytics.csv',
    operationId: 'exportHubAnalytics',
    summary: 'The same counts as CSV: one measure, or every measure as a column',
    query: ZAnalyticsCsvQuery,
    response: null,
    produces: ['text/csv'],
    errors: [400, 401, 403, 404],
  }),
  exportCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/data/export/:dataset',
    operationId: 'exportHubData',
    summary: 'Admins with export-data: users, memberships, mentorships, meetings or events of the hub as CSV',
    params: ZExportParams,
    response: null,
    produces: ['text/csv'],
    errors: [400, 401, 403, 404],
  }),
  importDryRun: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/data/imports/dry-run',
    operationId: 'dryRunUserImport',
    summary: 'Admins with import-data: checks a users CSV and reports each row’s errors, writing nothing',
    body: ZImportRequest,
    response: ZImportDryRunResponse,
    errors: [400, 401, 403, 404],
  }),
  importStart: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/data/imports',
    operationId: 'startUserImport',
    summary:
      'Imports a users CSV in the background: creates or updates members by email and invites new ones',
    body: ZImportRequest,
    response: ZImport,
    status: 202,
    errors: [400, 401, 403, 404],
  }),
  importList: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/data/imports',
    operationId: 'listUserImports',
    summary: 'The hub’s ten latest imports with their progress',
    response: ZImportList,
    errors: [401, 403, 404],
  }),
  importGet: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/data/imports/:id',
    operationId: 'getUserImport',
    summary: 'One import’s progress and row errors',
    params: ZImportParams,
    response: ZImport,
    errors: [401, 403, 404],
  }),
  organizationImportDryRun: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/organizations/:identifier/imports/dry-run',
    operationId: 'dryRunOrganizationUserImport',
    summary:
      'import-data in one organisation: what a users CSV would do to each row (create, add, already a member, error), writing nothing',
    params: ZOrganizationImportParams,
    body: ZImportRequest,
    response: ZImportDryRunResponse,
    errors: [400, 401, 403, 404],
  }),
  organizationImportStart: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/organizations/:identifier/imports',
    operationId: 'startOrganizationUserImport',
    summary:
      'Imports a users CSV into the organisation in the background: creates and invites the missing accounts in the hub and adds everyone to the organisation',
    params: ZOrganizationImportParams,
    body: ZImportRequest,
    response: ZImport,
    status: 202,
    errors: [400, 401, 403, 404],
  }),
  organizationImportList: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/imports',
    operationId: 'listOrganizationUserImports',
    summary: 'The organisation’s ten latest imports with their progress',
    params: ZOrganizationImportParams,
    response: ZImportList,
    errors: [401, 403, 404],
  }),
  organizationImportGet: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/imports/:id',
    operationId: 'getOrganizationUserImport',
    summary: 'One of the organisation’s imports: its progress and row errors',
    params: ZOrganizationImportItemParams,
    response: ZImport,
    errors: [401, 403, 404],
  }),
};
