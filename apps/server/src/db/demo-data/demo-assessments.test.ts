import type {
  TUserVideoAnswersResponse,
  TVideoPromptsResponse,
  TActionItemsResponse,
  TAssessmentLaunchResponse,
  TAssessmentResultsResponse,
  TAssessmentsResponse,
} from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

/** The demo assessment (issue #20 items 4 and 6): a newcomer runs launch → demo provider → results end to end. */
describeDb('the demo career assessment (issue #20 item 6)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const call = (role: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { host: 'localhost', authorization: `Bearer ${tokens[role] ?? ''}`, 'x-hub-id': 'northfield' },
    });

  beforeAll(async () => {
    t = await getDemoTestApp();
    for (const role of ['student', 'alumni', 'hubadmin']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: 'localhost' },
        payload: { loginMethod: 'email', email: `${role}@northfield.example.edu`, password: DEMO_PASSWORD },
      });
      tokens[role] = response.json().token as string;
    }
  });
  afterAll(async () => t.close());

  const hasAssessmentItem = async () =>
    (await call('student', 'GET', '/api/action-items'))
      .json<TActionItemsResponse>()
      .items.some((i) => i.type === 'complete_pathwayu_assessment');

  it('offers PathwayU, runs on the demo server’s own launch page, and stores the results', async () => {
    const list = (await call('student', 'GET', '/api/assessments')).json<TAssessmentsResponse>();
    expect(list.tabName).toBe('PathwayU');
    expect(list.items.map((i) => [i.name, i.slug, i.latestResult])).toEqual([['PathwayU', 'pathwayu', null]]);
    expect(await hasAssessmentItem()).toBe(true);

    const launch = await call('student', 'POST', '/api/assessments/pathwayu');
    expect(launch.statusCode, launch.body).toBe(200);
    const url = new URL(launch.json<TAssessmentLaunchResponse>().launchUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost/api/assessments/demo-provider');
    const token = url.searchParams.get('token') ?? '';
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: 'localhost' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sam Student');
    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/assessments/demo-provider/finish',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, interest: 'ideas', action: 'finish' }).toString(),
    });
    expect(finish.statusCode, finish.body).toBe(303);
    expect(finish.headers.location).toBe(
      'http://localhost/hub/northfield/career-assessment/pathwayu?completed=1',
    );
    const results = (
      await call('student', 'GET', '/api/assessments/results')
    ).json<TAssessmentResultsResponse>();
    expect(results.items.map((r) => r.matches[0]?.title)).toEqual(['UX designer']);
    expect(await hasAssessmentItem()).toBe(false);
  });

  it('shows the alumnus’s earlier result to them and to the hub admin', async () => {
    const mine = (await call('alumni', 'GET', '/api/assessments/results')).json<TAssessmentResultsResponse>();
    expect(mine.items.map((r) => r.matches[0]?.title)).toEqual(['Mechanical engineer']);
    const alumnusId = (await call('alumni', 'GET', '/api/auth/me')).json<{ user: { id: string } }>().user.id;
    const seen = await call('hubadmin', 'GET', `/api/assessments/results?userId=${alumnusId}`);
    expect(seen.statusCode).toBe(200);
    expect((await call('student', 'GET', `/api/assessments/results?userId=${alumnusId}`)).statusCode).toBe(
      404,
    );
  });

  it('offers two video prompts with answers, the alumnus’s on their profile (issue #20 item 3)', async () => {
    const prompts = (await call('student', 'GET', '/api/video-prompts')).json<TVideoPromptsResponse>();
    expect(prompts.items.map((p) => [p.question, p.answerCount, p.can.answer])).toEqual([
      ['What advice would you give your first-year self?', 1, true],
      ['What does a normal workday look like for you?', 2, true],
    ]);
    const alumnusId = (await call('alumni', 'GET', '/api/auth/me')).json<{ user: { id: string } }>().user.id;
    const answers = (
      await call('student', 'GET', `/api/video-prompts/answers?userId=${alumnusId}`)
    ).json<TUserVideoAnswersResponse>();
    expect(answers.items.map((a) => a.source)).toEqual(['link', 'link']);
  });
});
