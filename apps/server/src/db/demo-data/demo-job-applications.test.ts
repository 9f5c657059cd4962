import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

type TApplications = {
  items: Array<{
    id: string;
    state: string;
    projectStatus: string | null;
    post: { title: string; jobFlow: string };
    submission: { text: string | null } | null;
    can: Record<string, boolean>;
  }>;
};

/** The demo applications and participation reports (issue #19 item 8), as the demo accounts see them. */
describeDb('the demo applications (issue #19 item 8)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const get = (role: string, url: string, hub = 'northfield') =>
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
    '%s: the demo student applied in every state, and the projects read four statuses',
    async (hub) => {
      const mine = await get('student', '/api/applications/mine?limit=100', hub);
      expect(mine.statusCode, mine.body).toBe(200);
      const items = mine.json<TApplications>().items;
      expect(items.map((a) => a.state).sort()).toEqual(
        ['applied', 'applied', 'completed', 'pendingReview', 'shortlisted'].sort(),
      );
      const submitted = items.find((a) => a.state === 'pendingReview');
      expect(submitted).toMatchObject({ projectStatus: 'pendingReview', post: { jobFlow: 'project' } });
      expect(submitted?.submission?.text).toBeTruthy();

      const projects = await get('employer', '/api/applications/projects?limit=100', hub);
      expect(projects.statusCode, projects.body).toBe(200);
      const statuses = projects
        .json<{ items: Array<{ post: { projectStatus: string | null } }> }>()
        .items.map((p) => p.post.projectStatus)
        .sort();
      expect(statuses).toEqual(['completed', 'pendingApproval', 'pendingHire', 'pendingReview']);
    },
  );

  it('gives the employer a review to make and applicants to decide on', async () => {
    const projects = await get('employer', '/api/applications/projects?status=pendingHire');
    const hiring = projects.json<{ items: Array<{ post: { id: string }; applicationCount: number }> }>()
      .items[0];
    expect(hiring?.applicationCount).toBeGreaterThanOrEqual(1);
    const applicants = await get('employer', `/api/jobs/${hiring?.post.id}/applications`);
    expect(applicants.statusCode, applicants.body).toBe(200);
    expect(applicants.json<TApplications>().items[0]?.can).toMatchObject({ hire: true, reject: true });
    const reviewing = await get('employer', '/api/applications/projects?status=pendingReview');
    const [project] = reviewing.json<{ items: Array<{ post: { id: string } }> }>().items;
    const list = await get('employer', `/api/jobs/${project?.post.id}/applications`);
    expect(list.json<TApplications>().items[0]?.can).toMatchObject({
      complete: true,
      markNotCompleted: true,
    });
  });

  it('has a participation report waiting for the hub admin and one approved', async () => {
    const queue = await get('hubadmin', '/api/experiential-learning/reports');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items.map((r: { title: string }) => r.title)).toEqual(['Food bank volunteering']);
    const mine = await get('student', '/api/experiential-learning/reports/mine');
    expect(mine.json().items.map((r: { status: string }) => r.status)).toEqual(['pending', 'approved']);
    const page = await get('student', '/api/experiential-learning');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().lists.applied.items.length).toBeGreaterThan(0);
  });
});
