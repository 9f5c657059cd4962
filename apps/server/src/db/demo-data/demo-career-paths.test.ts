import type { TCareerPathDetailResponse, TCareerPathsResponse, THomeResponse } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('the demo career paths (issue #20 item 6)', () => {
  let t: TTestApp;
  let student: string;
  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${student}`, 'x-hub-id': 'northfield' },
    });

  beforeAll(async () => {
    t = await getDemoTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'student@northfield.example.edu', password: DEMO_PASSWORD },
    });
    student = response.json<{ token: string }>().token;
  });
  afterAll(async () => t.close());

  it('lists twenty career paths, two of them the student’s favourites', async () => {
    const all = (await get('/api/career-paths?limit=100')).json<TCareerPathsResponse>();
    expect(all.items).toHaveLength(20);
    const favourites = (await get('/api/career-paths?favorites=true')).json<TCareerPathsResponse>();
    expect(favourites.items.map((p) => p.title)).toEqual(['Data Science', 'Software Engineering']);
  });

  it('recommends alumni on a favourite’s page and careers and alumni on the student’s home', async () => {
    const software = (await get('/api/career-paths?q=software')).json<TCareerPathsResponse>().items[0];
    if (!software) throw new Error('Software Engineering missing');
    const detail = (await get(`/api/career-paths/${software.id}`)).json<TCareerPathDetailResponse>();
    expect(detail.alumni.map((a) => a.fullName)).toContain('Alex Alumni');
    const home = (await get('/api/home?tab=explore')).json<THomeResponse>();
    const keys = home.sections.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['likedCareers', 'recommendedCareers', 'careerPathWidget']));
  });
});
