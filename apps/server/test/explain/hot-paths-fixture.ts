import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { ZGroupSettings, ZHubSettings } from '@commons/contract';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type TApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPgliteFromDump, PGLITE_EXTENSIONS, type TDatabase } from '../../src/db/client.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { TEST_PASSWORD } from '../factories.js';
import { openTestDatabase, TEST_DB } from '../test-app.js';
import { attachStatementLog, type THotPath, type THotPathContext, type TStatement } from './hot-paths.js';

/**
 * The dataset and app of the hot-path tests (EXPLAIN discipline and statement budgets): a dataset shaped like
 * the scale dataset (ten hubs, so one hub is a tenth of each table; thousands of rows, ANALYZEd as the owner),
 * and the real app on it, signed in as a member of one hub.
 */

const USERS = 3000;
const HUBS = 10;
/** Job and project posts (issue #19): a tenth per hub, as the scale dataset's ~20 000 over its hubs. */
const JOB_POSTS = 3000;
const clusterId = randomUUID();
const hubId = (h: number) => 500_000 + h;
const alumniTypeId = (h: number) => `00000000-0000-4000-8000-${String(h).padStart(12, '0')}`;
const studentTypeId = (h: number) => `00000000-0000-4000-9000-${String(h).padStart(12, '0')}`;
/** Hub 2's adviser (user 11, a member of hub 2) and its appointment type (issue #21 slots scenario). */
const ADVISER_ID = '00000000-0000-4000-a000-000000000002';
const APPOINTMENT_TYPE_ID = '00000000-0000-4000-b000-000000000002';

/** A v4-shaped UUID computed in SQL from an expression (the contract accepts only RFC 4122 ids in paths). */
const uuidOf = (expr: string) =>
  `(overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17))::uuid`;

/** The scale dataset's shape in a few thousand rows, written with generate_series as the owner. */
function seedSql(passwordHash: string): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const hubRows = Array.from({ length: HUBS }, (_, k) => k + 1);
  // The modules of a real hub, so the home scenario loads the discussion, events and resources sections too.
  const hubSettings = JSON.stringify(
    ZHubSettings.parse({
      enabledModules: [
        'home',
        'inbox',
        'network',
        'jobs',
        'discussions',
        'events',
        'resources',
        'groups',
        'programs',
        'advisers',
        'pathways',
      ],
    }),
  );
  // A pathway of two sections of three steps (issue #20): what the list and a step page read.
  const pathwayForm = JSON.stringify({
    settings: { estimatedCompletionTime: 7 },
    sections: [1, 2].map((n) => ({
      id: `s${n}`,
      title: `Section ${n}`,
      description: '',
      steps: [1, 2, 3].map((k) => ({
        id: `s${n}-${k}`,
        kind: 'reflection',
        title: `Step ${k}`,
        needsReview: false,
        prompt: 'What did you learn?',
      })),
    })),
  });
  const groupSettings = JSON.stringify(ZGroupSettings.parse({}));
  return `
  SET session_replication_role = replica;
  INSERT INTO clusters (id, name, hostnames, is_default) VALUES (${q(clusterId)}, 'Explain', ARRAY['explain.test'], false);
  INSERT INTO hubs (id, cluster_id, identifier, name) VALUES ${hubRows.map((h) => `(${hubId(h)}, ${q(clusterId)}, 'hub-${h}', 'Hub ${h}')`).join(', ')};
  INSERT INTO hub_settings (hub_id, cluster_id, settings) SELECT id, cluster_id, ${q(hubSettings)}::jsonb FROM hubs WHERE cluster_id = ${q(clusterId)};
  INSERT INTO user_types (id, cluster_id, hub_id, title, plural_title, "order", standard_user_type, message_types, can_get_message)
    ${hubRows
      .map(
        (
          h,
        ) => `SELECT ${q(studentTypeId(h))}::uuid, ${q(clusterId)}::uuid, ${hubId(h)}, 'Student', 'Students', 0, 'Student', ARRAY['message','flashMentorship'], true
    UNION ALL SELECT ${q(alumniTypeId(h))}::uuid, ${q(clusterId)}::uuid, ${hubId(h)}, 'Alumni', 'Alumni', 1, 'Alumni', ARRAY['message','flashMentorship'], true`,
      )
      .join(' UNION ALL ')};
  INSERT INTO users (id, cluster_id, identifier, first_name, last_name, email, password_hash, headline, location, started_signup_at, completed_signup_at, date_joined)
    SELECT ${uuidOf("'u' || g")}, ${q(clusterId)}, 'user-' || g, (ARRAY['Ann','Bob','Cara','Dan','Eve','Femi','Gus'])[1 + g % 7], 'Last' || (g % 700),
           'user' || g || '@explain.test', ${q(passwordHash)}, 'Engineer at Company' || (g % 50), 'City ' || (g % 20), now(), now(), now()
      FROM generate_series(1, ${USERS}) g;
  INSERT INTO user_schools (cluster_id, user_id, position, school_name, majors, graduation_year)
    SELECT ${q(clusterId)}, ${uuidOf("'u' || g")}, 0, 'University ' || (g % 30), ARRAY['Major ' || (g % 20)], 1990 + g % 35
      FROM generate_series(1, ${USERS}) g WHERE g % 10 <> 0;
  INSERT INTO user_work_history (cluster_id, user_id, position, role, company)
    SELECT ${q(clusterId)}, ${uuidOf("'u' || g")}, k, 'Engineer', 'Company' || ((g + k) % 50)
      FROM generate_series(1, ${USERS}) g, generate_series(0, g % 3) k;
  INSERT INTO hub_memberships (cluster_id, hub_id, user_id, user_type_id, is_default, approved)
    SELECT ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, ${uuidOf("'u' || g")},
           CASE WHEN g % 2 = 0 THEN ('00000000-0000-4000-8000-' || lpad((1 + g % ${HUBS})::text, 12, '0'))::uuid ELSE ('00000000-0000-4000-9000-' || lpad((1 + g % ${HUBS})::text, 12, '0'))::uuid END,
           true, true
      FROM generate_series(1, ${USERS}) g;
  INSERT INTO directory_entries (cluster_id, hub_id, user_id, user_type_id, full_name, sort_name, headline, location, companies, industries, graduation_years, search_text)
    SELECT m.cluster_id, m.hub_id, u.id, m.user_type_id, u.first_name || ' ' || u.last_name, lower(u.last_name || ' ' || u.first_name), u.headline, u.location,
           ARRAY['Company' || (g % 50)], ARRAY[(ARRAY['Technology','Finance','Healthcare','Education'])[1 + g % 4]], ARRAY[1990 + g % 35],
           lower(u.first_name || ' ' || u.last_name || ' ' || u.headline || ' ' || u.location || ' company' || (g % 50) || ' engineer ' || (ARRAY['technology','finance','healthcare','education'])[1 + g % 4])
      FROM generate_series(1, ${USERS}) g JOIN users u ON u.id = ${uuidOf("'u' || g")} JOIN hub_memberships m ON m.user_id = u.id;
  INSERT INTO threads (id, cluster_id, hub_id, message_type, from_user_id, to_user_id, status, last_message_at, last_message_preview, last_message_from_user_id, accepted_at)
    SELECT ${uuidOf("'t' || g")}, ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, 'message', ${uuidOf("'u' || g")}, ${uuidOf(`'u' || (1 + (g + ${HUBS * 7}) % ${USERS})`)},
           'accepted', now() - g * interval '1 minute', 'Hello', ${uuidOf("'u' || g")}, now() - interval '30 days'
      FROM generate_series(1, ${USERS}) g;
  INSERT INTO thread_participants (cluster_id, thread_id, user_id, other_user_id, last_message_at)
    SELECT cluster_id, id, from_user_id, to_user_id, last_message_at FROM threads WHERE cluster_id = ${q(clusterId)}
    UNION ALL SELECT cluster_id, id, to_user_id, from_user_id, last_message_at FROM threads WHERE cluster_id = ${q(clusterId)};
  INSERT INTO messages (cluster_id, thread_id, from_user_id, body, body_text, created_at)
    SELECT t.cluster_id, t.id, t.from_user_id, '<p>Thanks for the advice ' || k || '</p>', 'Thanks for the advice ' || k, t.last_message_at - k * interval '1 hour'
      FROM threads t, generate_series(1, 5) k WHERE t.cluster_id = ${q(clusterId)};
  INSERT INTO groups (cluster_id, hub_id, identifier, group_type, name, sort_name, settings, search_text)
    SELECT ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, 'explain-group-' || g, 'group', 'Group ' || g, 'group ' || g, ${q(groupSettings)}::jsonb, 'group ' || g
      FROM generate_series(1, 200) g;
  INSERT INTO group_memberships (cluster_id, hub_id, group_id, user_id, approved, user_joined_at, completed_registration_date)
    SELECT gr.cluster_id, gr.hub_id, gr.id, m.user_id, true, now(), now()
      FROM groups gr JOIN hub_memberships m ON m.hub_id = gr.hub_id AND m.cluster_id = gr.cluster_id
     WHERE gr.cluster_id = ${q(clusterId)} AND (hashtext(gr.identifier || m.user_id::text) % 7) = 0;
  INSERT INTO group_memberships (cluster_id, hub_id, group_id, user_id, approved, user_joined_at, completed_registration_date)
    SELECT ${q(clusterId)}, ${hubId(2)}, (SELECT id FROM groups WHERE identifier = 'explain-group-1'), ${uuidOf("'u1'")}, true, now(), now()
    ON CONFLICT DO NOTHING;
  INSERT INTO questions (cluster_id, hub_id, author_id, title, slug, body, body_text, status, created_at, last_activity_at)
    SELECT ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, ${uuidOf("'u' || g")}, 'How do I start in tech ' || g, 'q-' || g, '<p>Question</p>', 'Question', 'approved',
           now() - g * interval '1 hour', now() - g * interval '1 hour'
      FROM generate_series(1, ${USERS}) g;
  INSERT INTO answers (cluster_id, hub_id, question_id, author_id, body, body_text)
    SELECT cluster_id, hub_id, id, author_id, '<p>Answer</p>', 'Answer' FROM questions WHERE cluster_id = ${q(clusterId)};
  INSERT INTO events (cluster_id, hub_id, title, description, description_text, format, starts_at, ends_at, time_zone, status)
    SELECT ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, 'Event ' || g, '<p>Event</p>', 'Event', 'virtual', now() + g * interval '1 day', now() + g * interval '1 day' + interval '1 hour', 'UTC', 'approved'
      FROM generate_series(1, 500) g;
  INSERT INTO notifications (cluster_id, user_id, hub_id, type, title)
    SELECT ${q(clusterId)}, ${uuidOf(`'u' || (1 + g % ${USERS})`)}, ${hubId(0)} + 1 + g % ${HUBS}, 'inbox.message', 'New message'
      FROM generate_series(1, ${USERS * 2}) g;
  INSERT INTO refresh_sessions (cluster_id, user_id, family_id, token_hash, expires_at)
    SELECT ${q(clusterId)}, ${uuidOf(`'u' || (1 + g % ${USERS})`)}, ${uuidOf("'f' || g")}, md5('s' || g), now() + interval '30 days'
      FROM generate_series(1, ${USERS * 2}) g;
  INSERT INTO job_posts (cluster_id, hub_id, owner_user_id, job_flow, title, organisation, description, location, is_remote,
                         employment_type, is_paid, industry, job_functions, application_method, expires_at, approval_status,
                         search_text, created_at)
    SELECT ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, ${uuidOf(`'u' || (1 + (g * 7) % ${USERS})`)},
           CASE WHEN g % 5 = 0 THEN 'project' ELSE 'job' END, j.title, j.company, '<p>Join our team and grow with us.</p>',
           j.city, g % 7 = 0, (ARRAY['fullTime','partTime','internship','contract'])[1 + g % 4], g % 3 <> 0, j.industry,
           ARRAY[(ARRAY['engineering','research','sales'])[1 + g % 3]], 'internal', now() + (g % 90 - 10) * interval '1 day',
           CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'approved' END,
           lower(j.title || ' ' || j.company || ' join our team and grow with us ' || j.city || ' ' || j.industry),
           now() - g * interval '10 minutes'
      FROM generate_series(1, ${JOB_POSTS}) g,
      LATERAL (SELECT (ARRAY['Software Engineer','Data Analyst','Mechanical Engineer','Marketing Manager','Research Assistant','Nurse'])[1 + g % 6] || ' ' || g AS title,
                      'Company' || (g % 50) AS company, 'City ' || (g % 20) AS city,
                      (ARRAY['technology','finance','healthcare','education'])[1 + g % 4] AS industry) j;
  INSERT INTO job_applications (cluster_id, hub_id, post_id, applicant_user_id, note)
    SELECT p.cluster_id, p.hub_id, p.id, ${uuidOf(`'u' || (1 + (abs(hashtext(p.id::text)) + k * 97) % ${USERS})`)}, 'I would love to help.'
      FROM job_posts p, generate_series(1, 3) k WHERE p.cluster_id = ${q(clusterId)}
    ON CONFLICT DO NOTHING;
  INSERT INTO saved_jobs (cluster_id, hub_id, user_id, post_id)
    SELECT p.cluster_id, p.hub_id, ${uuidOf(`'u' || (1 + abs(hashtext(p.id::text || 's')) % ${USERS})`)}, p.id
      FROM job_posts p WHERE p.cluster_id = ${q(clusterId)}
    ON CONFLICT DO NOTHING;
  INSERT INTO advising_appointment_types (id, cluster_id, hub_id, name, duration_minutes, medium, buffer_before_minutes,
                                          buffer_after_minutes, minimum_notice_minutes, max_days_ahead, max_per_day)
    VALUES (${q(APPOINTMENT_TYPE_ID)}, ${q(clusterId)}, ${hubId(2)}, 'CV review', 30, 'video', 5, 5, 60, 14, 8);
  INSERT INTO advisers (id, cluster_id, hub_id, user_id, timezone, weekly_hours, appointment_type_ids)
    VALUES (${q(ADVISER_ID)}, ${q(clusterId)}, ${hubId(2)}, ${uuidOf("'u11'")}, 'America/New_York',
            ${q(JSON.stringify([1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }))))}::jsonb,
            ARRAY[${q(APPOINTMENT_TYPE_ID)}]::uuid[]);
  INSERT INTO adviser_busy_intervals (cluster_id, hub_id, adviser_id, starts_at, ends_at)
    SELECT ${q(clusterId)}, ${hubId(2)}, ${q(ADVISER_ID)}, date_trunc('day', now()) + g * interval '13 hours',
           date_trunc('day', now()) + g * interval '13 hours' + interval '1 hour'
      FROM generate_series(1, 30) g;
  INSERT INTO pathways (id, cluster_id, hub_id, slug, title, description, status, form, created_at)
    SELECT ${uuidOf("'p' || g")}, ${q(clusterId)}, ${hubId(0)} + 1 + g % ${HUBS}, 'pathway-' || g, 'Pathway ' || g,
           'Steps towards your first role.', 'published', ${q(pathwayForm)}::jsonb, now() - g * interval '1 hour'
      FROM generate_series(1, ${HUBS * 10}) g;
  INSERT INTO pathway_assignments (cluster_id, hub_id, pathway_id, user_type_id, completed_by)
    SELECT p.cluster_id, p.hub_id, p.id, ('00000000-0000-4000-9000-' || lpad((p.hub_id - ${hubId(0)})::text, 12, '0'))::uuid,
           current_date + 30
      FROM pathways p WHERE p.cluster_id = ${q(clusterId)};
  INSERT INTO pathway_responses (cluster_id, hub_id, pathway_id, user_id, progress, started_at)
    SELECT p.cluster_id, p.hub_id, p.id, m.user_id, 'in-progress', now() - interval '2 days'
      FROM pathways p JOIN hub_memberships m ON m.hub_id = p.hub_id AND m.cluster_id = p.cluster_id
     WHERE p.cluster_id = ${q(clusterId)} AND abs(hashtext(p.id::text || m.user_id::text)) % 3 = 0;
  INSERT INTO pathway_step_answers (cluster_id, hub_id, pathway_id, response_id, user_id, step_id, status, value, submitted_at)
    SELECT r.cluster_id, r.hub_id, r.pathway_id, r.id, r.user_id, 's1-' || k, 'completed',
           '{"kind":"reflection","text":"Learnt a lot"}'::jsonb, now() - interval '1 day'
      FROM pathway_responses r, generate_series(1, 2) k WHERE r.cluster_id = ${q(clusterId)};
  SET session_replication_role = DEFAULT;
  SELECT app_rebuild_job_terms();
  ANALYZE;`;
}

/** Statements of background work (realtime outbox, job polling) that may interleave with a request. */
export const BACKGROUND_SQL = /app_realtime_pending_clusters|SET published_at|app_cluster_ids/i;

export type THotPathFixture = {
  app: TApp;
  database: TDatabase;
  ctx: THotPathContext;
  /** Sends one request of a hot path through the real route and records the SQL it ran. */
  runHotPath(path: THotPath): Promise<{ answer: { status: number; body: string }; statements: TStatement[] }>;
  close(): Promise<void>;
};

/** Seeds a fresh database of the run's engine (as the owner), opens the app on it and signs a member in. */
export async function openHotPathFixture(): Promise<THotPathFixture> {
  let database: TDatabase;
  let cleanup: () => Promise<void> = async () => undefined;
  const ctx: THotPathContext = {
    token: '',
    studentToken: '',
    hubIdentifier: 'hub-2',
    email: 'user1@explain.test',
    password: TEST_PASSWORD,
    threadId: '',
    groupIdentifier: 'explain-group-1',
    userTypeId: alumniTypeId(2),
    industry: 'Technology',
    typoQuery: 'enginer',
    jobQuery: 'enginer',
    adviserId: ADVISER_ID,
    appointmentTypeId: APPOINTMENT_TYPE_ID,
  };
  const seed = seedSql(await hashPassword(TEST_PASSWORD));
  if (TEST_DB === 'pglite') {
    // The owner (superuser) loads and analyses, then the app opens the result as its own role.
    const owner = await PGlite.create({
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    await owner.exec(seed);
    const dump = await owner.dumpDataDir('none');
    await owner.close();
    database = await openPgliteFromDump(dump);
  } else {
    const opened = await openTestDatabase();
    database = opened;
    cleanup = opened.dropDatabase;
    const template = inject('postgresTemplate');
    if (!template || !opened.appUrl) throw new Error('PostgreSQL template missing');
    const adminUrl = new URL(template.adminUrl);
    adminUrl.pathname = new URL(opened.appUrl).pathname;
    const owner = new pg.Client({ connectionString: adminUrl.toString() });
    await owner.connect();
    await owner.query(seed);
    await owner.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(`${tmpdir()}/commons-explain-`),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    rateLimits: { authPerIp: 1000, authPerEmail: 1000 },
  });
  await app.ready();

  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { host: 'explain.test' },
    payload: { loginMethod: 'email', email: ctx.email, password: TEST_PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  ctx.token = (signIn.json() as { token: string }).token;
  // user1 holds the Student type of its hub (odd users are students in the seed).
  ctx.studentToken = ctx.token;
  const threads = await app.inject({
    method: 'GET',
    url: '/api/inbox/threads',
    headers: { host: 'explain.test', authorization: `Bearer ${ctx.token}`, 'x-hub-id': ctx.hubIdentifier },
  });
  ctx.threadId = (threads.json() as { items: Array<{ id: string }> }).items[0]?.id ?? '';
  expect(ctx.threadId).not.toBe('');

  return {
    app,
    database,
    ctx,
    runHotPath: async (path) => {
      const log = attachStatementLog(database.db);
      const r = path.request(ctx, 1);
      let answer = { status: 0, body: '' };
      const statements = await log.record(async () => {
        const response = await app.inject({
          method: r.method,
          url: r.url,
          headers: { ...r.headers, host: 'explain.test' },
          ...(r.body ? { payload: r.body } : {}),
        });
        answer = { status: response.statusCode, body: response.statusCode < 300 ? '' : response.body };
      });
      return { answer, statements };
    },
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}
