/**
 * Scale dataset generator (issue #8 item 1): `npm run bench:data -- --users 100000 [--seed 1]`.
 *
 * Writes one realistic cluster straight through SQL (COPY FROM STDIN, never the HTTP API) as the owner role,
 * into DATABASE_URL or a fresh `commons_bench` database migrated with the server's own migrations. Counts
 * follow the issue's ratios at 100 000 users and scale with --users. Every row carries its cluster (and hub)
 * so row-level security sees it exactly as rows written by the app.
 *
 * Bulk-load technique: secondary indexes of the loaded tables are dropped and rebuilt after the load, and
 * foreign-key triggers are off for the loading sessions (`session_replication_role = replica`; the rows are
 * consistent by construction). Reports rows per second per table.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZGroupSettings, ZHubSettings } from '@commons/contract';

/**
 * The modules of a real hub: the home scenario (issue #18) then loads the discussion, events and resources sections,
 * and the job-search scenario needs the job board on (a hub with it off answers 403 jobs_hidden).
 */
const HUB_MODULES = ['home', 'inbox', 'network', 'jobs', 'discussions', 'events', 'resources', 'groups', 'programs', 'advisers', 'pathways'] as const;
import { MESSAGE_TYPES } from '@commons/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migratePostgresAsOwner } from '../../apps/server/src/db/client.js';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.js';
import { BENCH_HOST, BENCH_PASSWORD, benchEmail, DEFAULT_BENCH_URL, numberArg, parseArgs, recreateDatabase, seededRandom } from '../lib/common.js';
import * as W from './words.js';

/** First hub id of each data region (spec 9: the id range decides the region). */
const REGION_BASES = [10_001, 1_000_001, 2_000_001, 3_000_001];

const args = parseArgs(process.argv.slice(2));
const USERS = Math.max(100, Math.round(numberArg(args, 'users', 100_000)));
const SEED = numberArg(args, 'seed', 1);
const scale = USERS / 100_000;
const COUNTS = {
  hubs: 20,
  groups: Math.max(20, Math.round(2_000 * scale)),
  threads: Math.max(50, Math.round(200_000 * scale)),
  messages: Math.max(250, Math.round(1_000_000 * scale)),
  questions: Math.max(25, Math.round(50_000 * scale)),
  events: Math.max(10, Math.round(10_000 * scale)),
  notifications: Math.max(100, Math.round(300_000 * scale)),
  // The job and project board (issue #19): ~20 000 posts and ~100 000 applications at 100 000 users.
  jobPosts: Math.max(40, Math.round(20_000 * scale)),
  jobApplications: Math.max(200, Math.round(100_000 * scale)),
  // Experiential learning (issue #19 item 5): members' interests and participation reports.
  elInterests: Math.max(100, Math.round(30_000 * scale)),
  participationReports: Math.max(50, Math.round(20_000 * scale)),
  // Advising (issue #21): advisers per hub, and the busy time their calendars gave for the next weeks.
  advisersPerHub: Math.max(3, Math.round(25 * Math.sqrt(scale))),
  busyPerAdviser: 30,
  // Pathways (issue #20): published pathways per hub, assigned to its students, and how many a student started.
  pathwaysPerHub: 12,
  pathwaysStartedPerStudent: 2,
};
const explicitUrl = args.get('database-url') ?? process.env.DATABASE_URL;
const url = explicitUrl ?? DEFAULT_BENCH_URL;
const now = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const DAY = 86_400_000;

const random = seededRandom(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** Skewed pick: the first entries are much more common (company sizes, popular majors). */
const pickSkewed = <T>(list: readonly T[], power = 2): T => list[Math.floor(random() ** power * list.length)] as T;
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const hex = (n: number) => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0').slice(0, n);
/** A v4-shaped UUID from the seeded source (reproducible ids). */
const uuid = (): string => {
  const a = hex(8);
  const b = hex(8);
  const c = hex(8);
  const d = hex(8);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${'89ab'[Math.floor(random() * 4)]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
};
const iso = (ms: number) => new Date(ms).toISOString();

/** A jsonb value (objects and arrays that are not SQL arrays). */
class Json {
  constructor(readonly value: unknown) {}
}

function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let s: string;
  if (value instanceof Json) s = JSON.stringify(value.value);
  else if (Array.isArray(value)) s = `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  else s = String(value);
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

type TStat = { table: string; rows: number; seconds: number };
const stats: TStat[] = [];

/** COPY rows into a table through one connection; records rows and seconds. */
async function copyRows(client: pg.Client, table: string, columns: string[], rows: Iterable<unknown[]>): Promise<void> {
  const started = performance.now();
  let count = 0;
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
  function* chunks(): Generator<string> {
    let buffer = '';
    for (const row of rows) {
      buffer += `${row.map(copyText).join('\t')}\n`;
      count++;
      if (buffer.length > 256 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  await pipeline(Readable.from(chunks()), stream);
  const seconds = (performance.now() - started) / 1000;
  stats.push({ table, rows: count, seconds });
  console.info(`  ${table.padEnd(22)} ${String(count).padStart(9)} rows  ${seconds.toFixed(1).padStart(6)} s  ${Math.round(count / seconds).toLocaleString('en-US').padStart(9)} rows/s`);
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`);
  return client;
}

// ---------------------------------------------------------------------------------------------------------
// The cluster in memory (people), then streamed tables (messages).

type THub = { id: number; identifier: string; name: string; school: string; userTypes: Array<{ id: string; title: string }> };
type TUser = { id: string; i: number; first: string; last: string; hubs: Array<{ hub: THub; typeIndex: number; listed: boolean }> };

const clusterId = uuid();
const hubs: THub[] = Array.from({ length: COUNTS.hubs }, (_, h) => {
  const school = W.SCHOOLS[h % W.SCHOOLS.length] as string;
  // Ids spread over the data regions (spec 9: the id range decides the region).
  const id = (REGION_BASES[h % REGION_BASES.length] ?? 10_001) + h;
  return {
    id,
    identifier: school.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name: school,
    school,
    userTypes: ['Student', 'Alumni', 'Faculty & Staff'].map((title) => ({ id: uuid(), title })),
  };
});
const hubMembers: TUser[][] = hubs.map(() => []);

function userRows(passwordHash: string) {
  const users: TUser[] = [];
  const userTable: unknown[][] = [];
  const memberships: unknown[][] = [];
  const work: unknown[][] = [];
  const schools: unknown[][] = [];
  const directory: unknown[][] = [];
  for (let i = 0; i < USERS; i++) {
    const first = pick(W.FIRST_NAMES);
    const last = pickSkewed(W.LAST_NAMES, 1.5);
    const id = uuid();
    const hubCount = random() < 0.6 ? 1 : random() < 0.75 ? 2 : 3;
    const userHubs: TUser['hubs'] = [];
    // Hub sizes are skewed: large universities have many more members.
    while (userHubs.length < hubCount) {
      const hub = pickSkewed(hubs, 1.6);
      if (!userHubs.some((h) => h.hub === hub)) userHubs.push({ hub, typeIndex: random() < 0.55 ? 0 : random() < 0.9 ? 1 : 2, listed: random() < 0.95 });
    }
    const user: TUser = { id, i, first, last, hubs: userHubs };
    users.push(user);
    const isStudent = userHubs[0]?.typeIndex === 0;
    const graduationYear = isStudent ? int(2026, 2030) : 2025 - Math.floor(random() ** 1.7 * 45);
    const major = pickSkewed(W.MAJORS, 1.6);
    const industries = [pickSkewed(W.INDUSTRIES, 1.5), ...(random() < 0.4 ? [pick(W.INDUSTRIES)] : [])].filter((v, k, a) => a.indexOf(v) === k);
    const helpTopics = isStudent ? [] : W.HELP_TOPICS.filter(() => random() < 0.25);
    const location = pickSkewed(W.LOCATIONS, 1.4);
    const jobs: Array<{ role: string; company: string; startYear: number; endYear: number | null }> = [];
    const jobCount = isStudent ? (random() < 0.4 ? 1 : 0) : int(1, 4);
    let year = isStudent ? 2024 : graduationYear + 1;
    for (let k = 0; k < jobCount; k++) {
      const startYear = Math.min(2025, year + int(0, 2));
      const isLast = k === jobCount - 1;
      const endYear = isLast && random() < 0.8 ? null : Math.min(2025, startYear + int(1, 6));
      jobs.push({ role: pickSkewed(W.ROLES, 1.4), company: pickSkewed(W.COMPANIES, 2.2), startYear, endYear });
      year = endYear ?? 2025;
    }
    const current = jobs.at(-1);
    const headline = isStudent ? `${major} student` : current ? `${current.role} at ${current.company}` : `${major} graduate`;
    const schoolNames = [...new Set(userHubs.map((h) => h.hub.school))].slice(0, 2);
    const joined = now - int(1, 2000) * DAY;
    userTable.push([
      id, clusterId, `${first}-${last}-${i}`.toLowerCase(), first, last, benchEmail(i), passwordHash, true, headline,
      `I studied ${major} and I am happy to talk about ${industries.join(' and ').toLowerCase()}.`, location, helpTopics,
      new Json({
        'job-industries': { selectedOptions: industries.map((label) => ({ id: label.toLowerCase(), label })) },
        'help-topics': { selectedOptions: helpTopics.map((label) => ({ id: label.toLowerCase(), label })) },
      }),
      iso(joined), iso(joined), iso(joined), iso(joined), iso(joined),
    ]);
    jobs.forEach((j, position) => {
      work.push([uuid(), clusterId, id, position, j.role, j.company, int(1, 12), j.startYear, j.endYear === null ? null : int(1, 12), j.endYear, j.endYear === null]);
    });
    schoolNames.forEach((schoolName, position) => {
      schools.push([uuid(), clusterId, id, position, schoolName, random() < 0.8 ? 'BA' : 'MSc', [position === 0 ? major : pick(W.MAJORS)], graduationYear - position * 2]);
    });
    const companies = [...new Set(jobs.map((j) => j.company))];
    const roles = [...new Set(jobs.map((j) => j.role))];
    const majors = [...new Set(schoolNames.map((_, position) => (position === 0 ? major : '')))].filter(Boolean);
    const years = schoolNames.map((_, position) => graduationYear - position * 2);
    userHubs.forEach((m, k) => {
      const type = m.hub.userTypes[m.typeIndex] ?? { id: null, title: '' };
      const approved = random() < 0.97 ? true : null;
      memberships.push([uuid(), clusterId, m.hub.id, id, type.id, k === 0, approved, 'joined', null, m.listed, iso(joined)]);
      hubMembers[hubs.indexOf(m.hub)]?.push(user);
      if (approved && m.listed) {
        const fullName = `${first} ${last}`;
        // The search document exactly as refreshDirectoryEntries builds it.
        const searchText = [fullName, headline, location, ...companies, ...roles, ...schoolNames, ...majors, ...industries, ...helpTopics, type.title, ...years.map(String)]
          .filter(Boolean)
          .join(' ')
          .toLowerCase();
        directory.push([clusterId, m.hub.id, id, type.id, fullName, `${last} ${first}`.toLowerCase(), headline, location, companies, schoolNames, majors, industries, helpTopics, years, searchText]);
      }
    });
  }
  return { users, userTable, memberships, work, schools, directory };
}

const sentence = (words: number): string => {
  const parts: string[] = [];
  for (let k = 0; k < words; k++) parts.push(pick(W.WORDS));
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

async function main(): Promise<void> {
  const started = performance.now();
  console.info(`Scale dataset: ${USERS.toLocaleString('en-US')} users, seed ${SEED}, into ${url.replace(/\/\/[^@]*@/, '//')}`);
  if (!explicitUrl || args.has('fresh')) await recreateDatabase(url);
  await migratePostgresAsOwner(url);
  {
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const existing = await check.query('SELECT count(*)::int AS n FROM clusters');
    await check.end();
    if ((existing.rows[0] as { n: number }).n > 0) throw new Error('The target database already has clusters; pass --fresh to recreate it.');
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const [a, b] = await Promise.all([connect(), connect()]);

  const bulkTables = [
    'users', 'hub_memberships', 'user_work_history', 'user_schools', 'directory_entries', 'groups', 'group_memberships',
    'threads', 'thread_participants', 'messages', 'questions', 'answers', 'events', 'event_registrations',
    'job_posts', 'job_applications', 'saved_jobs',
    'el_interests', 'participation_reports', 'pathway_responses', 'pathway_step_answers',
  ];
  // Notifications moved from content_notifications to a generic table (0011); load whichever exists.
  const notificationsTable = await notificationsColumns(a);
  if (notificationsTable) bulkTables.push('notifications');
  const hasContentNotifications = (await a.query(`SELECT to_regclass('public.content_notifications') IS NOT NULL AS ok`)).rows[0]?.ok === true;
  if (hasContentNotifications) bulkTables.push('content_notifications');
  const indexes = await a.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    [bulkTables],
  );
  for (const index of indexes.rows) await a.query(`DROP INDEX "${index.indexname}"`);

  console.info('Loading:');
  await a.query('BEGIN');
  await a.query(`INSERT INTO clusters (id, name, hostnames, is_default, is_production) VALUES ($1, 'Bench University Network', $2, true, true)`, [clusterId, [BENCH_HOST, 'localhost', '127.0.0.1']]);
  for (const hub of hubs) {
    await a.query('INSERT INTO hubs (id, cluster_id, identifier, name, domain) VALUES ($1, $2, $3, $4, $5)', [hub.id, clusterId, hub.identifier, hub.name, `${hub.identifier}.edu`]);
    await a.query('INSERT INTO hub_settings (hub_id, cluster_id, settings) VALUES ($1, $2, $3)', [hub.id, clusterId, JSON.stringify(ZHubSettings.parse({ coreSettings: { isAutoApprovalEnabled: true }, enabledModules: HUB_MODULES }))]);
    for (const [order, type] of hub.userTypes.entries()) {
      await a.query(
        `INSERT INTO user_types (id, cluster_id, hub_id, title, plural_title, "order", standard_user_type, message_types, can_get_message, can_offer_help)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9)`,
        [type.id, clusterId, hub.id, type.title, `${type.title}s`, order, type.title, [...MESSAGE_TYPES], order > 0],
      );
    }
  }
  await a.query('COMMIT');

  const people = userRows(passwordHash);
  const laneA = async () => {
    await copyRows(a, 'users', ['id', 'cluster_id', 'identifier', 'first_name', 'last_name', 'email', 'password_hash', 'email_verified', 'headline', 'about', 'location', 'help_topics', 'standard_data', 'started_signup_at', 'completed_signup_at', 'date_joined', 'created_at', 'updated_at'], people.userTable);
    await copyRows(a, 'hub_memberships', ['id', 'cluster_id', 'hub_id', 'user_id', 'user_type_id', 'is_default', 'approved', 'import_status', 'signup_stage', 'is_visible', 'created_at'], people.memberships);
    await copyRows(a, 'user_work_history', ['id', 'cluster_id', 'user_id', 'position', 'role', 'company', 'start_month', 'start_year', 'end_month', 'end_year', 'is_current'], people.work);
    await copyRows(a, 'user_schools', ['id', 'cluster_id', 'user_id', 'position', 'school_name', 'degree_type', 'majors', 'graduation_year'], people.schools);
    await copyRows(a, 'directory_entries', ['cluster_id', 'hub_id', 'user_id', 'user_type_id', 'full_name', 'sort_name', 'headline', 'location', 'companies', 'schools', 'majors', 'industries', 'help_topics', 'graduation_years', 'search_text'], people.directory);
    await loadGroupsAndContent(a, people.users);
    await loadJobs(a);
    await loadExperientialLearning(a);
    await loadAdvising(a);
    await loadPathways(a);
  };
  const laneB = async () => {
    await loadInbox(b);
    await loadNotifications(b, people.users, notificationsTable, hasContentNotifications);
  };
  await Promise.all([laneA(), laneB()]);
  const loadSeconds = (performance.now() - started) / 1000;

  console.info(`Rebuilding ${indexes.rows.length} indexes and analysing…`);
  const indexStarted = performance.now();
  const queue = [...indexes.rows];
  await Promise.all(
    [a, b].map(async (client) => {
      for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.indexdef);
    }),
  );
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  // The directory's vocabulary and facet counts (migration 0027) are kept by triggers, which the bulk load
  // (session_replication_role = replica) does not fire: built once from the loaded entries.
  if ((await a.query(`SELECT to_regproc('app_rebuild_directory_search') IS NOT NULL AS ok`)).rows[0]?.ok === true)
    await a.query('SELECT app_rebuild_directory_search()');
  // Likewise the job board's vocabulary (migration 0032).
  if ((await a.query(`SELECT to_regproc('app_rebuild_job_terms') IS NOT NULL AS ok`)).rows[0]?.ok === true)
    await a.query('SELECT app_rebuild_job_terms()');
  // And the owners' has_job_posts flag (migration 0037), which the board's shared search reads.
  if ((await a.query(`SELECT to_regproc('app_mark_job_post_owners') IS NOT NULL AS ok`)).rows[0]?.ok === true)
    await a.query('SELECT app_mark_job_post_owners()');
  await a.query('ANALYZE');
  await a.end();
  await b.end();

  const total = stats.reduce((sum, s) => sum + s.rows, 0);
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `\nDone: ${total.toLocaleString('en-US')} rows in ${seconds.toFixed(0)} s (load ${loadSeconds.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s, ` +
      `${Math.round(total / loadSeconds).toLocaleString('en-US')} rows/s while loading). Sign in as ${benchEmail(0)} / ${BENCH_PASSWORD}.`,
  );
}

async function loadInbox(client: pg.Client): Promise<void> {
  type TThread = { row: unknown[]; participants: unknown[][] };
  const threads: TThread[] = [];
  const perThread = COUNTS.messages / COUNTS.threads;
  function* messages(): Generator<unknown[]> {
    for (let t = 0; t < COUNTS.threads; t++) {
      const hubIndex = hubs.indexOf(pickSkewed(hubs, 1.6));
      const members = hubMembers[hubIndex] ?? [];
      const hub = hubs[hubIndex] as THub;
      const from = pick(members);
      let to = pick(members);
      if (members.length < 2 || !from || !to) continue;
      while (to === from) to = pick(members);
      const id = uuid();
      const status = random() < 0.75 ? 'accepted' : random() < 0.7 ? 'pending' : 'rejected';
      // Thread lengths are skewed: most are short, a few are long conversations (mean = messages/threads).
      const count = status === 'accepted' ? Math.max(1, Math.round(-Math.log(1 - random()) * perThread * 1.2)) : 1;
      let at = now - int(1, 1400) * DAY - int(0, 86_400) * 1000;
      let last = { text: '', from: from.id, at };
      for (let k = 0; k < count; k++) {
        const sender = k === 0 || random() < 0.5 ? from : to;
        const text = sentence(int(6, 30));
        last = { text, from: sender.id, at };
        yield [uuid(), clusterId, id, sender.id, `<p>${text}</p>`, text, false, 'message', iso(at)];
        at += int(60, 3 * 86_400) * 1000;
      }
      const type = random() < 0.6 ? 'message' : pick(MESSAGE_TYPES);
      threads.push({
        row: [id, clusterId, hub.id, type, from.id, to.id, status, iso(now - 1400 * DAY), iso(last.at), last.text.slice(0, 140), last.from, status === 'accepted' ? iso(last.at) : null],
        participants: [
          [clusterId, id, from.id, to.id, iso(last.at), iso(last.at), 0, null],
          [clusterId, id, to.id, from.id, iso(last.at), random() < 0.8 ? iso(last.at) : null, random() < 0.8 ? 0 : int(1, 3), random() < 0.05 ? iso(last.at) : null],
        ],
      });
    }
  }
  await copyRows(client, 'messages', ['id', 'cluster_id', 'thread_id', 'from_user_id', 'body', 'body_text', 'is_system_message', 'type', 'created_at'], messages());
  await copyRows(client, 'threads', ['id', 'cluster_id', 'hub_id', 'message_type', 'from_user_id', 'to_user_id', 'status', 'created_at', 'last_message_at', 'last_message_preview', 'last_message_from_user_id', 'accepted_at'], threads.map((t) => t.row));
  await copyRows(client, 'thread_participants', ['cluster_id', 'thread_id', 'user_id', 'other_user_id', 'last_message_at', 'last_read_at', 'unread_count', 'archived_at'], threads.flatMap((t) => t.participants));
}

async function loadGroupsAndContent(client: pg.Client, users: TUser[]): Promise<void> {
  const groupSettings = JSON.stringify(ZGroupSettings.parse({}));
  const groups: Array<{ id: string; hubIndex: number }> = [];
  const groupRows: unknown[][] = [];
  for (let g = 0; g < COUNTS.groups; g++) {
    const hubIndex = hubs.indexOf(pickSkewed(hubs, 1.6));
    const type = random() < 0.7 ? 'group' : random() < 0.8 ? 'mentorshipProgram' : 'organization';
    const name = `${pick(W.GROUP_PREFIXES)} ${pickSkewed(W.INDUSTRIES, 1.3)} ${type === 'mentorshipProgram' ? 'Mentoring' : pick(W.GROUP_SUFFIXES)} ${g}`;
    const description = sentence(int(8, 20));
    const id = uuid();
    groups.push({ id, hubIndex });
    groupRows.push([id, clusterId, hubs[hubIndex]?.id, `group-${g}`, type, name, name.toLowerCase(), description, 'open', false, new Json(JSON.parse(groupSettings)), `${name} ${description}`.toLowerCase(), iso(now - int(30, 1500) * DAY)]);
  }
  await copyRows(client, 'groups', ['id', 'cluster_id', 'hub_id', 'identifier', 'group_type', 'name', 'sort_name', 'description', 'join_policy', 'is_hidden', 'settings', 'search_text', 'created_at'], groupRows);

  function* groupMemberships(): Generator<unknown[]> {
    for (const group of groups) {
      const members = hubMembers[group.hubIndex] ?? [];
      // Group sizes follow a long tail: most groups have a few dozen members, a few have up to 2 000 (mean ≈ 190).
      const size = Math.min(members.length, Math.round(5 + random() ** 10 * Math.min(2_000, members.length / 2)));
      const chosen = new Set<TUser>();
      while (chosen.size < size) chosen.add(pick(members));
      let first = true;
      for (const user of chosen) {
        const joined = iso(now - int(1, 900) * DAY);
        // sort_name as the insert trigger of migration 0026 writes it (COPY in replica mode fires no trigger).
        yield [uuid(), clusterId, hubs[group.hubIndex]?.id, group.id, user.id, first, random() < 0.95, 'joined', joined, joined, joined, `${user.first} ${user.last}`.toLowerCase()];
        first = false;
      }
    }
  }
  await copyRows(client, 'group_memberships', ['id', 'cluster_id', 'hub_id', 'group_id', 'user_id', 'is_admin', 'approved', 'import_status', 'completed_registration_date', 'user_joined_at', 'created_at', 'sort_name'], groupMemberships());

  const answerRows: unknown[][] = [];
  function* questions(): Generator<unknown[]> {
    for (let q = 0; q < COUNTS.questions; q++) {
      const hubIndex = hubs.indexOf(pickSkewed(hubs, 1.6));
      const hub = hubs[hubIndex] as THub;
      const author = pick(hubMembers[hubIndex] ?? users);
      const group = random() < 0.2 ? groups.find((g) => g.hubIndex === hubIndex) : undefined;
      const title = `${pick(W.QUESTION_STARTS)} ${pickSkewed(W.INDUSTRIES, 1.3).toLowerCase()}?`;
      const body = sentence(int(15, 60));
      const id = uuid();
      const created = now - int(1, 1400) * DAY;
      const answers = Math.floor(-Math.log(1 - random()) * 2);
      for (let k = 0; k < answers; k++) {
        const text = sentence(int(10, 50));
        answerRows.push([uuid(), clusterId, hub.id, id, pick(hubMembers[hubIndex] ?? users).id, `<p>${text}</p>`, text, int(0, 8), iso(created + (k + 1) * 3_600_000)]);
      }
      yield [id, clusterId, hub.id, group?.id ?? null, author?.id ?? null, title, `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${q}`, `<p>${body}</p>`, body, [pickSkewed(W.INDUSTRIES).toLowerCase()], 'approved', int(0, 20), answers, int(0, 10), iso(created), iso(created), iso(created + answers * 3_600_000)];
    }
  }
  await copyRows(client, 'questions', ['id', 'cluster_id', 'hub_id', 'group_id', 'author_id', 'title', 'slug', 'body', 'body_text', 'tags', 'status', 'upvote_count', 'answer_count', 'follower_count', 'created_at', 'updated_at', 'last_activity_at'], questions());
  await copyRows(client, 'answers', ['id', 'cluster_id', 'hub_id', 'question_id', 'author_id', 'body', 'body_text', 'upvote_count', 'created_at'], answerRows);

  const registrations: unknown[][] = [];
  function* events(): Generator<unknown[]> {
    for (let e = 0; e < COUNTS.events; e++) {
      const hubIndex = hubs.indexOf(pickSkewed(hubs, 1.6));
      const hub = hubs[hubIndex] as THub;
      const members = hubMembers[hubIndex] ?? users;
      const starts = now + int(-540, 180) * DAY + int(8, 19) * 3_600_000;
      const format = pick(['inPerson', 'virtual', 'hybrid'] as const);
      const description = sentence(int(15, 40));
      const id = uuid();
      const count = Math.floor(random() ** 2 * 60);
      const seen = new Set<string>();
      for (let k = 0; k < count; k++) {
        const user = pick(members);
        if (!user || seen.has(user.id)) continue;
        seen.add(user.id);
        registrations.push([uuid(), clusterId, hub.id, id, user.id, 'registered', iso(starts - int(1, 30) * DAY)]);
      }
      yield [id, clusterId, hub.id, pick(members)?.id ?? null, `${pick(W.EVENT_KINDS)}: ${pickSkewed(W.INDUSTRIES, 1.3)}`, `<p>${description}</p>`, description, format,
        format === 'virtual' ? null : pick(W.LOCATIONS), format === 'inPerson' ? null : 'https://meet.example.com/bench', iso(starts), iso(starts + 2 * 3_600_000), 'America/New_York',
        random() < 0.5 ? null : int(20, 300), 'approved', seen.size, iso(starts - 45 * DAY)];
    }
  }
  await copyRows(client, 'events', ['id', 'cluster_id', 'hub_id', 'created_by_user_id', 'title', 'description', 'description_text', 'format', 'location', 'virtual_url', 'starts_at', 'ends_at', 'time_zone', 'capacity', 'status', 'registered_count', 'created_at'], events());
  await copyRows(client, 'event_registrations', ['id', 'cluster_id', 'hub_id', 'event_id', 'user_id', 'status', 'created_at'], registrations);
}

const JOB_FUNCTIONS = ['engineering', 'operations', 'sales', 'research', 'design', 'care', 'finance', 'marketing'] as const;
const EMPLOYMENT_TYPES = ['fullTime', 'partTime', 'internship', 'contract', 'temporary', 'volunteer'] as const;
const WORK_STATUSES = ['notStarted', 'inProgress', 'submitForReview', 'pendingReview', 'completed', 'notCompleted'] as const;

/**
 * Job and project posts (issue #19) with their applications and saved jobs. Posts land in hubs as skewed as
 * the members; most were made in the last 90 days and run 60 days (so some have expired), 8 % wait for
 * approval and 4 % are closed; a fifth are projects. search_text is built as the server builds it (lower-case
 * title, organisation, texts, location, industry, functions); the vocabulary is rebuilt after the load.
 */
async function loadJobs(client: pg.Client): Promise<void> {
  type TPost = { id: string; hubIndex: number; isOpen: boolean; isProject: boolean; created: number };
  const posts: TPost[] = [];
  function* postRows(): Generator<unknown[]> {
    for (let k = 0; k < COUNTS.jobPosts; k++) {
      const hubIndex = hubs.indexOf(pickSkewed(hubs, 1.6));
      const hub = hubs[hubIndex] as THub;
      const owners = (hubMembers[hubIndex] ?? []).filter((u) => u.hubs.some((m) => m.hub === hub && m.typeIndex > 0));
      const owner = pick(owners.length ? owners : (hubMembers[hubIndex] ?? []));
      if (!owner) continue;
      const isProject = random() < 0.2;
      const role = pickSkewed(W.ROLES, 1.3);
      const company = pickSkewed(W.COMPANIES, 1.8);
      const industry = pickSkewed(W.INDUSTRIES, 1.3);
      const functions = [pick(JOB_FUNCTIONS), ...(random() < 0.3 ? [pick(JOB_FUNCTIONS)] : [])].filter((v, i, a) => a.indexOf(v) === i);
      const isRemote = random() < 0.2;
      const location = isRemote && random() < 0.5 ? null : pickSkewed(W.LOCATIONS, 1.4);
      const employmentType = isProject ? null : pick(EMPLOYMENT_TYPES);
      const isPaid = isProject ? random() < 0.3 : random() < 0.8;
      const description = sentence(int(20, 60));
      const requirements = sentence(int(8, 20));
      const title = isProject ? `${pick(['Design', 'Research', 'Analyse', 'Plan', 'Build'])} ${industry.toLowerCase()} project for ${company}` : `${role}${random() < 0.3 ? ' intern' : ''}`;
      const created = now - Math.floor(random() ** 1.5 * 120) * DAY - int(0, 86_400) * 1000;
      const expires = created + 60 * DAY;
      const approval = random() < 0.08 ? 'pending' : random() < 0.02 ? 'rejected' : 'approved';
      const closed = approval === 'approved' && random() < 0.04 ? created + int(1, 30) * DAY : null;
      const isExternal = !isProject && random() < 0.25;
      const id = uuid();
      const isOpen = approval === 'approved' && closed === null && expires > now;
      posts.push({ id, hubIndex, isOpen, isProject, created });
      const searchText = [title, company, description, requirements, location ?? '', industry, ...functions].join(' ').toLowerCase();
      yield [
        id, clusterId, hub.id, owner.id, isProject ? 'project' : 'job', title, company, `<p>${description}</p>`, `<p>${requirements}</p>`,
        location, isRemote, employmentType, isPaid, industry.toLowerCase().replace(/[^a-z0-9]+/g, '-'), functions,
        isExternal ? 'external' : 'internal', isExternal ? `https://careers.example.com/${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${k}` : null,
        !isExternal && random() < 0.3, iso(expires), approval,
        isProject ? (approval === 'pending' ? 'pendingApproval' : approval === 'rejected' ? 'unapproved' : isOpen ? 'pendingHire' : 'inactive') : null,
        closed === null ? null : iso(closed), expires <= now ? iso(expires) : null,
        isProject ? 40 : null, isProject ? 'hours' : null, isProject ? iso(created + 14 * DAY).slice(0, 10) : null, isProject ? iso(created + 28 * DAY).slice(0, 10) : null,
        searchText, iso(created), iso(created),
      ];
    }
  }
  await copyRows(client, 'job_posts', [
    'id', 'cluster_id', 'hub_id', 'owner_user_id', 'job_flow', 'title', 'organisation', 'description', 'requirements',
    'location', 'is_remote', 'employment_type', 'is_paid', 'industry', 'job_functions',
    'application_method', 'external_url', 'is_resume_required', 'expires_at', 'approval_status',
    'project_status', 'closed_at', 'expired_at', 'duration', 'duration_unit', 'start_date', 'due_date',
    'search_text', 'created_at', 'updated_at',
  ], postRows());

  const saved: unknown[][] = [];
  const perPost = COUNTS.jobApplications / Math.max(1, posts.length);
  function* applicationRows(): Generator<unknown[]> {
    for (const post of posts) {
      const members = hubMembers[post.hubIndex] ?? [];
      const hub = hubs[post.hubIndex] as THub;
      const count = Math.min(members.length, Math.round(-Math.log(1 - random()) * perPost));
      const seen = new Set<string>();
      for (let k = 0; k < count; k++) {
        const user = pick(members);
        if (!user || seen.has(user.id)) continue;
        seen.add(user.id);
        const roll = random();
        const status = roll < 0.6 ? 'applied' : roll < 0.7 ? 'shortlisted' : roll < 0.85 ? 'rejected' : roll < 0.95 ? 'hired' : 'withdrawn';
        const at = post.created + int(1, 20) * DAY;
        yield [uuid(), clusterId, hub.id, post.id, user.id, sentence(int(8, 25)), status,
          status === 'hired' && post.isProject ? pick(WORK_STATUSES) : null, status === 'hired' ? iso(at + 3 * DAY) : null, iso(at), iso(at), iso(at)];
      }
      if (post.isOpen) {
        for (let k = 0; k < Math.floor(random() ** 2 * 6); k++) {
          const user = pick(members);
          if (user && !seen.has(user.id)) {
            seen.add(user.id);
            saved.push([clusterId, hub.id, user.id, post.id, iso(post.created + int(0, 10) * DAY)]);
          }
        }
      }
    }
  }
  await copyRows(client, 'job_applications', [
    'id', 'cluster_id', 'hub_id', 'post_id', 'applicant_user_id', 'note', 'status', 'work_status', 'hired_at',
    'status_changed_at', 'created_at', 'updated_at',
  ], applicationRows());
  await copyRows(client, 'saved_jobs', ['cluster_id', 'hub_id', 'user_id', 'post_id', 'created_at'], saved);
}

/**
 * The applications' later steps and experiential learning (issue #19 items 3 and 5), after the job board: hired
 * projects' submitted work and reviews as the app writes them, each project's spec 4 status from its hires (the
 * domain's projectFilterStatus precedence, employer view), members' experience interests and participation
 * reports (a quarter waiting for review).
 */
async function loadExperientialLearning(client: pg.Client): Promise<void> {
  await client.query(
    `UPDATE job_applications SET submission_text = note, submitted_at = hired_at + interval '7 days'
     WHERE status = 'hired' AND work_status IN ('pendingReview', 'completed', 'notCompleted')`,
  );
  await client.query(
    `UPDATE job_applications SET review_outcome = work_status, reviewed_at = submitted_at + interval '2 days'
     WHERE status = 'hired' AND work_status IN ('completed', 'notCompleted') AND submitted_at IS NOT NULL`,
  );
  await client.query(
    `UPDATE job_posts p SET project_status = s.status FROM (
       SELECT post_id, CASE
         WHEN bool_or(work_status = 'pendingReview') THEN 'pendingReview'
         WHEN bool_or(work_status IN ('inProgress', 'submitForReview')) THEN 'inProgress'
         WHEN bool_or(work_status = 'notStarted') THEN 'notStarted'
         WHEN bool_or(work_status = 'notCompleted') THEN 'notCompleted'
         ELSE 'completed' END AS status
       FROM job_applications WHERE status = 'hired' AND work_status IS NOT NULL GROUP BY post_id) s
     WHERE p.id = s.post_id AND p.job_flow = 'project'`,
  );
  const kinds = [
    ['industry', W.INDUSTRIES.map((i) => i.toLowerCase().replace(/[^a-z0-9]+/g, '-'))],
    ['jobFunction', [...JOB_FUNCTIONS]],
    ['opportunityType', ['project', ...EMPLOYMENT_TYPES]],
  ] as const;
  const students = hubMembers.map((members, hubIndex) =>
    members.filter((u) => u.hubs.some((m) => m.hub === hubs[hubIndex] && m.typeIndex === 0)),
  );
  const hubIndexes = hubs.map((_, index) => index).filter((index) => (students[index]?.length ?? 0) > 0);
  function* interestRows(): Generator<unknown[]> {
    const seen = new Set<string>();
    for (let k = 0; k < COUNTS.elInterests && hubIndexes.length > 0; k++) {
      const hubIndex = pickSkewed(hubIndexes, 1.6);
      const user = pick(students[hubIndex] ?? []);
      const [kind, values] = pick(kinds);
      const value = pickSkewed(values, 1.3);
      const key = `${user.id}|${hubIndex}|${kind}|${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      yield [clusterId, (hubs[hubIndex] as THub).id, user.id, kind, value, iso(now - int(0, 200) * DAY)];
    }
  }
  await copyRows(client, 'el_interests', ['cluster_id', 'hub_id', 'user_id', 'kind', 'value', 'created_at'], interestRows());
  function* reportRows(): Generator<unknown[]> {
    for (let k = 0; k < COUNTS.participationReports && hubIndexes.length > 0; k++) {
      const hubIndex = pickSkewed(hubIndexes, 1.6);
      const user = pick(students[hubIndex] ?? []);
      const started = now - int(5, 300) * DAY;
      const created = started + int(1, 5) * DAY;
      const roll = random();
      const status = roll < 0.25 ? 'pending' : roll < 0.9 ? 'approved' : 'rejected';
      const reviewed = status === 'pending' ? null : iso(created + int(1, 10) * DAY);
      yield [
        uuid(), clusterId, (hubs[hubIndex] as THub).id, user.id, `${pick(['Volunteering at', 'Internship at', 'Project for', 'Shadowing at'])} ${pickSkewed(W.COMPANIES, 1.8)}`,
        iso(started).slice(0, 10), iso(started + int(0, 30) * DAY).slice(0, 10), int(1, 160) * 15, sentence(int(10, 40)),
        status, reviewed, iso(created), reviewed ?? iso(created),
      ];
    }
  }
  await copyRows(client, 'participation_reports', [
    'id', 'cluster_id', 'hub_id', 'user_id', 'title', 'started_on', 'ended_on', 'minutes', 'reflection',
    'status', 'reviewed_at', 'created_at', 'updated_at',
  ], reportRows());
}

type TColumn = { name: string; type: string; isNullable: boolean; hasDefault: boolean };

/** Columns of a generic `notifications` table when one exists (another area adds it); null otherwise. */
async function notificationsColumns(client: pg.Client): Promise<TColumn[] | null> {
  const result = await client.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_generated: string }>(
    `SELECT column_name, data_type, is_nullable, column_default, is_generated FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'notifications'`,
  );
  if (result.rows.length === 0) return null;
  return result.rows
    .filter((r) => r.is_generated !== 'ALWAYS')
    .map((r) => ({ name: r.column_name, type: r.data_type, isNullable: r.is_nullable === 'YES', hasDefault: r.column_default !== null }));
}

/**
 * Advising (issue #21): per hub three topics, the CV review appointment type (30 minutes, 5-minute buffers,
 * an hour's notice, anyone may book) and advisers among its staff, alumni and employers with weekday hours
 * in New York time and the busy intervals their calendars gave for the next three weeks (what the slots
 * endpoint reads besides hours: app_advising_busy). Booked appointments are left out: each is an inbox thread
 * and meeting of its own, and the calendar's busy time is the same kind of interval to the slot computation.
 */
async function loadAdvising(client: pg.Client): Promise<void> {
  const topics: unknown[][] = [];
  const types: unknown[][] = [];
  const advisers: unknown[][] = [];
  const busy: unknown[][] = [];
  const weekdayHours = [1, 2, 3, 4, 5].flatMap((day) => [
    { day, start: '09:00', end: '12:00' },
    { day, start: '13:00', end: '17:00' },
  ]);
  for (const [hubIndex, hub] of hubs.entries()) {
    const topicIds = ['Career planning', 'CV review', 'Graduate school'].map((name) => {
      const id = uuid();
      topics.push([id, clusterId, hub.id, name, `${name} with an adviser.`]);
      return id;
    });
    const typeId = uuid();
    types.push([typeId, clusterId, hub.id, 'CV review', 'Bring your CV; we go through it together.', 30, 'video', 5, 5, 60, 14, 8, topicIds]);
    const staff = (hubMembers[hubIndex] ?? []).filter((u) => u.hubs.some((m) => m.hub === hub && m.typeIndex > 0));
    for (let k = 0; k < Math.min(COUNTS.advisersPerHub, staff.length); k++) {
      const user = staff[k] as TUser;
      const adviserId = uuid();
      advisers.push([adviserId, clusterId, hub.id, user.id, 'Career adviser', 'America/New_York', new Json(weekdayHours), topicIds, [typeId]]);
      for (let b = 0; b < COUNTS.busyPerAdviser; b++) {
        const start = now + int(0, 20) * DAY + int(26, 44) * 30 * 60_000;
        busy.push([uuid(), clusterId, hub.id, adviserId, iso(start), iso(start + int(1, 4) * 30 * 60_000)]);
      }
    }
  }
  await copyRows(client, 'advising_topics', ['id', 'cluster_id', 'hub_id', 'name', 'description'], topics);
  await copyRows(client, 'advising_appointment_types', [
    'id', 'cluster_id', 'hub_id', 'name', 'description', 'duration_minutes', 'medium', 'buffer_before_minutes',
    'buffer_after_minutes', 'minimum_notice_minutes', 'max_days_ahead', 'max_per_day', 'topic_ids',
  ], types);
  await copyRows(client, 'advisers', ['id', 'cluster_id', 'hub_id', 'user_id', 'title', 'timezone', 'weekly_hours', 'topic_ids', 'appointment_type_ids'], advisers);
  await copyRows(client, 'adviser_busy_intervals', ['id', 'cluster_id', 'hub_id', 'adviser_id', 'starts_at', 'ends_at'], busy);
}

/**
 * Pathways (issue #20): per hub a dozen published pathways of two sections of three steps, assigned to the hub's
 * students with a completedBy date; about a third of the students started two of them (a response in progress
 * with its first two steps completed), which is what the list reads per pathway.
 */
async function loadPathways(client: pg.Client): Promise<void> {
  const pathways: unknown[][] = [];
  const assignments: unknown[][] = [];
  const responses: unknown[][] = [];
  const answers: unknown[][] = [];
  const form = new Json({
    settings: { estimatedCompletionTime: 14 },
    sections: [1, 2].map((n) => ({
      id: `s${n}`,
      title: n === 1 ? 'Explore' : 'Prepare',
      description: '',
      steps: [1, 2, 3].map((k) => ({ id: `s${n}-${k}`, kind: 'reflection', title: `Step ${k}`, needsReview: false, prompt: 'What did you learn?' })),
    })),
  });
  const completedBy = new Date(now + 60 * DAY).toISOString().slice(0, 10);
  for (const [hubIndex, hub] of hubs.entries()) {
    const student = hub.userTypes[0];
    if (!student) continue;
    const ids: string[] = [];
    for (let k = 0; k < COUNTS.pathwaysPerHub; k++) {
      const id = uuid();
      ids.push(id);
      const title = `${pick(W.ROLES)} pathway ${k + 1}`;
      pathways.push([id, clusterId, hub.id, `pathway-${k + 1}`, title, sentence(12), 'published', form, iso(now - (k + 1) * 7 * DAY)]);
      assignments.push([uuid(), clusterId, hub.id, id, student.id, completedBy]);
    }
    for (const user of hubMembers[hubIndex] ?? []) {
      if (user.hubs.find((m) => m.hub === hub)?.typeIndex !== 0 || random() >= 0.33) continue;
      const started = new Set<string>();
      while (started.size < Math.min(COUNTS.pathwaysStartedPerStudent, ids.length)) started.add(pick(ids));
      for (const pathwayId of started) {
        const responseId = uuid();
        const at = now - int(1, 60) * DAY;
        responses.push([responseId, clusterId, hub.id, pathwayId, user.id, 'in-progress', iso(at), iso(at)]);
        for (const stepId of ['s1-1', 's1-2']) {
          answers.push([uuid(), clusterId, hub.id, pathwayId, responseId, user.id, stepId, 'completed', new Json({ kind: 'reflection', text: sentence(8) }), iso(at)]);
        }
      }
    }
  }
  await copyRows(client, 'pathways', ['id', 'cluster_id', 'hub_id', 'slug', 'title', 'description', 'status', 'form', 'created_at'], pathways);
  await copyRows(client, 'pathway_assignments', ['id', 'cluster_id', 'hub_id', 'pathway_id', 'user_type_id', 'completed_by'], assignments);
  await copyRows(client, 'pathway_responses', ['id', 'cluster_id', 'hub_id', 'pathway_id', 'user_id', 'progress', 'started_at', 'updated_at'], responses);
  await copyRows(client, 'pathway_step_answers', ['id', 'cluster_id', 'hub_id', 'pathway_id', 'response_id', 'user_id', 'step_id', 'status', 'value', 'submitted_at'], answers);
}

async function loadNotifications(client: pg.Client, users: TUser[], notificationsTable: TColumn[] | null, hasContentNotifications: boolean): Promise<void> {
  const kinds = ['answer', 'mention', 'eventRegistration', 'message', 'groupJoin'];
  const make = () => {
    const user = pick(users);
    const hub = user.hubs[0]?.hub as THub;
    const actor = pick(users);
    const created = now - Math.floor(random() ** 2 * 365) * DAY - int(0, 86_400) * 1000;
    return { id: uuid(), user, hub, actor, kind: pick(kinds), title: sentence(int(4, 10)), targetId: uuid(), created, isRead: random() < 0.7 };
  };
  const count = COUNTS.notifications;
  if (hasContentNotifications) {
    await copyRows(
      client,
      'content_notifications',
      ['id', 'cluster_id', 'hub_id', 'user_id', 'actor_user_id', 'kind', 'target_type', 'target_id', 'title', 'url', 'read_at', 'created_at'],
      (function* () {
        for (let k = 0; k < count; k++) {
          const n = make();
          yield [n.id, clusterId, n.hub.id, n.user.id, n.actor.id, n.kind, 'question', n.targetId, n.title, `/discussions/${n.targetId}`, n.isRead ? iso(n.created + 3_600_000) : null, iso(n.created)];
        }
      })(),
    );
  }
  if (!notificationsTable) {
    console.info('  (no generic notifications table on this schema)');
    return;
  }
  // A generic table added by another area: fill the columns we can name, skip it when a required one is unknown.
  const value = (column: TColumn, n: ReturnType<typeof make>): unknown => {
    switch (column.name) {
      case 'id': return column.type === 'uuid' ? n.id : undefined;
      case 'cluster_id': return clusterId;
      case 'hub_id': return n.hub.id;
      case 'user_id': case 'recipient_id': case 'recipient_user_id': return n.user.id;
      case 'actor_user_id': case 'actor_id': return n.actor.id;
      case 'kind': case 'type': return n.kind;
      case 'title': case 'text': case 'body': return n.title;
      case 'url': case 'link': return `/discussions/${n.targetId}`;
      case 'target_type': return 'question';
      case 'target_id': return n.targetId;
      case 'data': case 'payload': return new Json({ title: n.title });
      case 'read_at': case 'seen_at': return n.isRead ? iso(n.created + 3_600_000) : null;
      case 'is_read': return n.isRead;
      case 'created_at': case 'updated_at': return iso(n.created);
      default: return undefined;
    }
  };
  const probe = make();
  const columns = notificationsTable.filter((c) => value(c, probe) !== undefined);
  const missing = notificationsTable.filter((c) => !c.isNullable && !c.hasDefault && value(c, probe) === undefined);
  if (missing.length > 0) {
    console.warn(`  notifications: skipped, unknown required columns ${missing.map((c) => c.name).join(', ')}`);
    return;
  }
  await copyRows(client, 'notifications', columns.map((c) => c.name), (function* () {
    for (let k = 0; k < count; k++) {
      const n = make();
      yield columns.map((c) => value(c, n));
    }
  })());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
