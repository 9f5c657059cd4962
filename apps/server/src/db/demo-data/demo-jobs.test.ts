import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

type TPosts = {
  items: Array<{
    title: string;
    jobFlow: 'job' | 'project';
    applicationMethod: 'internal' | 'external';
    isPaid: boolean;
    isExpired: boolean;
    approvalStatus: string;
    projectStatus: string | null;
    owner: { identifier: string };
  }>;
  total: number;
};

/** The demo job board (issue #19 item 8): every demo hub, as its members and admins see it. */
describeDb('the demo job board (issue #19 item 8)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const get = (role: string, hub: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        host: 'localhost',
        authorization: `Bearer ${tokens[`${role}@${hub}`] ?? ''}`,
        'x-hub-id': hub,
      },
    });

  beforeAll(async () => {
    t = await getDemoTestApp();
    for (const hub of ['northfield', 'riverside']) {
      for (const role of ['student', 'hubadmin', 'employer']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { host: 'localhost' },
          payload: { loginMethod: 'email', email: `${role}@${hub}.example.edu`, password: DEMO_PASSWORD },
        });
        tokens[`${role}@${hub}`] = response.json().token as string;
      }
    }
  });
  afterAll(async () => t.close());

  it.each(['northfield', 'riverside'])(
    '%s has 8+ jobs (internal, external, paid, unpaid, one expired, one pending) and 4 projects',
    async (hub) => {
      const all = await get('hubadmin', hub, '/api/jobs?scope=all&limit=100');
      expect(all.statusCode, all.body).toBe(200);
      const items = all.json<TPosts>().items;
      const jobs = items.filter((i) => i.jobFlow === 'job');
      const projects = items.filter((i) => i.jobFlow === 'project');
      expect(jobs.length).toBeGreaterThanOrEqual(8);
      expect(new Set(jobs.map((j) => j.applicationMethod))).toEqual(new Set(['internal', 'external']));
      expect(new Set(jobs.map((j) => j.isPaid))).toEqual(new Set([true, false]));
      expect(jobs.filter((j) => j.isExpired)).toHaveLength(1);
      expect(jobs.filter((j) => j.approvalStatus === 'pending')).toHaveLength(1);
      expect(items.filter((i) => i.owner.identifier.startsWith('employer')).length).toBeGreaterThanOrEqual(4);
      expect(projects).toHaveLength(4);
      expect(new Set(projects.map((p) => p.projectStatus)).size).toBe(4);

      // The student sees what is listed for students: no pending, expired or alumni-only post.
      const board = await get('student', hub, '/api/jobs?limit=100');
      const listed = board.json<TPosts>().items;
      expect(listed.length).toBeGreaterThanOrEqual(6);
      expect(listed.every((i) => i.approvalStatus === 'approved' && !i.isExpired)).toBe(true);
      expect(listed.map((i) => i.title)).not.toContain('Volunteer Mentor Coordinator');
      // A misspelt search finds the internship.
      const typo = await get('student', hub, '/api/jobs?q=sofware%20internn');
      expect(typo.json<TPosts>().items.map((i) => i.title)).toContain('Software Engineering Intern');
      // The demo hub admin approves job posts: the queue holds the employer's pending job and project.
      const pending = await get('hubadmin', hub, '/api/jobs/pending');
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json<TPosts>().items).toHaveLength(2);
    },
  );

  it('lists the employer’s posts on their profile', async () => {
    const mine = await get('employer', 'northfield', '/api/profiles/me/job-posts?limit=100');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<TPosts>().items.length).toBeGreaterThanOrEqual(8);
  });
});
