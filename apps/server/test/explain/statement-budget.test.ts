import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb } from '../test-app.js';
import { BACKGROUND_SQL, openHotPathFixture, type THotPathFixture } from './hot-paths-fixture.js';
import { HOT_PATHS, type TStatement } from './hot-paths.js';

/**
 * Statements per request (issue #17 item 1): every benchmark scenario runs once through the real route
 * (app.inject) on the hot-path dataset, on the run's engine (both server projects run this file), and the
 * statements it sends are counted through the Drizzle logger. What counts is a round trip to the database:
 * on PostgreSQL the request's `BEGIN; <context statement>` (BEGIN, tenant settings, viewer, session check,
 * memberships and hub: one simple-protocol query), each statement of the route, and `COMMIT`. On PGlite
 * (in process, no round trips) BEGIN and COMMIT run inside PGlite's own transaction() and are not logged, so
 * the same request counts one less there; the budget is the same.
 *
 * A hot read costs at most 4 (BEGIN with the context, two queries, COMMIT), the hot lists of issue #17 item 4
 * (group members, discussion list, thread messages) included. Writes are budgeted at their count of
 * 2026-11-27, so a change can only lower it.
 */
const HOT_READ_BUDGET = 4;
/**
 * Statements of background work that may interleave with the request: its known SQL, and the transactions
 * of withTenant (Drizzle's own lowercase `begin`/`commit`, cluster-wide settings), which jobs use and a hot
 * request does not (its transaction sends `BEGIN; <context>` and `COMMIT`).
 */
const isBackground = (s: TStatement) =>
  BACKGROUND_SQL.test(s.sql) ||
  /^(begin|commit)$/.test(s.sql) ||
  (/^\s*SELECT\s+set_config\('app\.cluster_id'/.test(s.sql) && s.params.includes('cluster'));
const STATEMENT_BUDGET: Record<string, number> = {
  // 12 since sign-in asks whether the email's domain requires single sign-on (sso_providers, issue #24); 13 since
  // the session answer says in which hubs the user administers an organisation (issue #22, the way into the
  // organisation console): one statement, so the app shows the entry without asking on every page.
  'sign-in': 13,
  // 17 since the message.sent webhook (issue #23 item 3): its outbox insert is written with the message.
  'send-message': 17,
  // The personalised home (issue #18) answers a whole tab in one request (item 7): the settings, the profile
  // fields, the viewer's entry with their stored people (one statement); the hub-wide widgets come from the hub
  // read cache.
  home: 5,
  // A student's pathways (issue #20): the viewer's context (program roles, assignments of their user type and
  // programs, pathways they answered: one statement), the page, its responses with their step statuses (one);
  // whether the hub shows pathways comes from the hub read cache. Above the hot-read budget of 4 until the page
  // joins that context.
  pathways: 5,
};
/**
 * Statements a path may add on its first visit only, for work it keeps for the visits after: the home reads
 * its hub-wide widgets (recommended answers, resources and videos, events, questions, activity: five) and the
 * hub's custom profile fields into the hub read cache, and ranks the hub's directory for the viewer and stores
 * it (directory similarPeople: rank and store, two, where a later visit reads the stored people in its entry's
 * statement). A read of a module a hub can turn off reads the hub's modules into that
 * cache once (lib/module-gate); a write in the hub forgets them, and the send-message write comes before
 * these reads here.
 */
const FIRST_VISIT_EXTRA: Record<string, number> = { home: 8, 'directory-typo': 1, 'discussion-list': 1 };

describeDb('hot paths stay within their statement budget', () => {
  let fixture: THotPathFixture;

  beforeAll(async () => {
    fixture = await openHotPathFixture();
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it.each(HOT_PATHS.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    const budget = STATEMENT_BUDGET[name] ?? (path.isRead ? HOT_READ_BUDGET : 0);
    const visit = async (allowed: number) => {
      const { answer, statements } = await fixture.runHotPath(path);
      expect(answer).toEqual({ status: answer.status < 300 ? answer.status : 200, body: '' });
      const counted = statements.filter((s) => !isBackground(s));
      const listing = counted
        .map((s, i) => `${i + 1}. ${s.sql.replace(/\s+/g, ' ').slice(0, 140)}`)
        .join('\n');
      console.info(`${name}: ${counted.length} statements\n${listing}`);
      expect(counted.length, listing).toBeLessThanOrEqual(allowed);
    };
    const extra = FIRST_VISIT_EXTRA[name];
    if (extra !== undefined) await visit(budget + extra);
    await visit(budget);
  });
});
