import type { Logger } from 'drizzle-orm';
import type { TDb } from '../../src/db/client.js';

/**
 * The hot paths of issue #8 (benchmark scenarios), shared by the EXPLAIN test and `npm run bench` so both
 * measure the same requests. Each scenario is one HTTP request of a signed-in member of a hub.
 */
export type THotPathContext = {
  token: string;
  /** A token of a member of the same hub with the Student type (the home scenario's archetype, spec 9). */
  studentToken: string;
  hubIdentifier: string;
  email: string;
  password: string;
  threadId: string;
  groupIdentifier: string;
  /** A user type of the hub and an industry label, for the two-facet directory search. */
  userTypeId: string;
  industry: string;
  /** A misspelt company or name that the typo-tolerant search should still find. */
  typoQuery: string;
  /** A misspelt word of job titles that the job board's typo-tolerant search should still find (issue #19). */
  jobQuery: string;
  /** An adviser of the hub and one of their appointment types, for the free-slots read (issue #21). */
  adviserId: string;
  appointmentTypeId: string;
};

export type THotPathRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
};

export type THotPath = {
  name: string;
  /** Read scenarios carry the latency and baseline-ratio targets; writes are measured only. */
  isRead: boolean;
  request(ctx: THotPathContext, n: number): THotPathRequest;
};

const authed = (ctx: THotPathContext): Record<string, string> => ({
  authorization: `Bearer ${ctx.token}`,
  'x-hub-id': ctx.hubIdentifier,
});
const json = { 'content-type': 'application/json' };

export const HOT_PATHS: THotPath[] = [
  {
    name: 'sign-in',
    isRead: false,
    // Distinct client addresses (trustProxy) keep the per-IP limiter out of a throughput measurement.
    request: (ctx, n) => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ loginMethod: 'email', email: ctx.email, password: ctx.password }),
    }),
  },
  {
    name: 'auth-me',
    isRead: true,
    request: (ctx) => ({ method: 'GET', url: '/api/auth/me', headers: authed(ctx) }),
  },
  {
    name: 'hub-home',
    isRead: true,
    request: (ctx) => ({ method: 'GET', url: '/api/hub', headers: authed(ctx) }),
  },
  {
    name: 'home',
    isRead: true,
    // The personalised home of issue #18 as a student sees it first: the Explore tab's sections.
    request: (ctx) => ({
      method: 'GET',
      url: '/api/home?tab=explore',
      headers: { authorization: `Bearer ${ctx.studentToken}`, 'x-hub-id': ctx.hubIdentifier },
    }),
  },
  {
    name: 'directory-typo',
    isRead: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/directory?q=${encodeURIComponent(ctx.typoQuery)}`,
      headers: authed(ctx),
    }),
  },
  {
    name: 'directory-facets',
    isRead: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/directory?userType%5B%5D=${encodeURIComponent(ctx.userTypeId)}&industry%5B%5D=${encodeURIComponent(ctx.industry)}`,
      headers: authed(ctx),
    }),
  },
  {
    name: 'inbox-threads',
    isRead: true,
    request: (ctx) => ({ method: 'GET', url: '/api/inbox/threads', headers: authed(ctx) }),
  },
  {
    name: 'thread-messages',
    isRead: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/inbox/threads/${ctx.threadId}/messages`,
      headers: authed(ctx),
    }),
  },
  {
    name: 'send-message',
    isRead: false,
    request: (ctx, n) => ({
      method: 'POST',
      url: `/api/inbox/threads/${ctx.threadId}/messages`,
      headers: { ...authed(ctx), ...json },
      body: JSON.stringify({ body: `<p>Benchmark message ${n}: thanks for the advice!</p>` }),
    }),
  },
  {
    name: 'group-members',
    isRead: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/groups/${encodeURIComponent(ctx.groupIdentifier)}/members`,
      headers: authed(ctx),
    }),
  },
  {
    name: 'discussion-list',
    isRead: true,
    request: (ctx) => ({ method: 'GET', url: '/api/discussions/questions', headers: authed(ctx) }),
  },
  {
    name: 'job-search',
    isRead: true,
    // The job board (issue #19) searched with a misspelt word: the corrections, then the page, total and six
    // facets in one statement; the directory's targets apply (p95 < 40 ms at 200 req/s).
    request: (ctx) => ({
      method: 'GET',
      url: `/api/jobs?q=${encodeURIComponent(ctx.jobQuery)}`,
      headers: authed(ctx),
    }),
  },
  {
    name: 'advising-slots',
    isRead: true,
    // Quick booking (issue #21 item 3): an adviser's free slots for the next 14 days in the student's zone,
    // from weekly hours, exceptions and busy time (calendar, meetings, appointments with buffers).
    request: (ctx) => ({
      method: 'GET',
      url: `/api/advising/advisers/${ctx.adviserId}/slots?appointmentTypeId=${ctx.appointmentTypeId}&tz=America%2FChicago`,
      headers: { ...authed(ctx), authorization: `Bearer ${ctx.studentToken}` },
    }),
  },
  {
    name: 'pathways',
    isRead: true,
    // Pathways (issue #20 item 1): a student's assigned pathways (by user type and program) with their
    // progress, spec 4 label and button, completedBy and resume step.
    request: (ctx) => ({
      method: 'GET',
      url: '/api/pathways',
      headers: { ...authed(ctx), authorization: `Bearer ${ctx.studentToken}` },
    }),
  },
];

export type TStatement = { sql: string; params: unknown[] };

/**
 * Records the SQL the app sends through Drizzle while `work` runs: the Drizzle logger of the database's
 * session, which every transaction's session inherits through the shared options object.
 */
export function attachStatementLog(db: TDb): { record(work: () => Promise<unknown>): Promise<TStatement[]> } {
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  let recording: TStatement[] | null = null;
  const logger: Logger = {
    logQuery: (query, params) => {
      recording?.push({ sql: query, params });
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  return {
    async record(work) {
      recording = [];
      const statements = recording;
      try {
        await work();
        return statements;
      } finally {
        recording = null;
      }
    },
  };
}

/** Tables that grow with the cluster: a sequential scan of one of them on a hot path is a failure. */
export const LARGE_TABLES = [
  'users',
  'hub_memberships',
  'directory_entries',
  'messages',
  'threads',
  'thread_participants',
  'questions',
  'answers',
  'events',
  'notifications',
  'group_memberships',
  'refresh_sessions',
  'user_work_history',
  'user_schools',
  'job_posts',
  'job_applications',
  'saved_jobs',
];

type TPlanNode = { 'Node Type'?: string; 'Relation Name'?: string; Plans?: TPlanNode[] };

/** Relations read by a sequential scan anywhere in an EXPLAIN (FORMAT JSON) plan (subplans included). */
export function seqScannedRelations(plan: unknown): string[] {
  const found: string[] = [];
  const visit = (node: TPlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
    for (const child of node.Plans ?? []) visit(child);
  };
  const root = (Array.isArray(plan) ? plan[0] : plan) as { Plan?: TPlanNode } | undefined;
  if (root?.Plan) visit(root.Plan);
  return found;
}
