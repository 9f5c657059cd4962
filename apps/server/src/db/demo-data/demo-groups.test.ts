import type { TGroupDetail, TGroupListResponse } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('demo groups (issue #6 Demo data)', () => {
  let t: TTestApp;
  let student: string;
  let alumni: string;

  beforeAll(async () => {
    t = await getDemoTestApp();
    const signIn = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { host: 'localhost' },
          payload: { loginMethod: 'email', email, password: DEMO_PASSWORD },
        })
      ).json().token as string;
    student = await signIn('student@northfield.example.edu');
    alumni = await signIn('alumni@northfield.example.edu');
  });
  afterAll(async () => t.close());

  const get = (token: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${token}`, 'x-hub-id': 'northfield' },
    });

  it('lists the open, request-to-join and organization groups but not the hidden board', async () => {
    const groups = (await get(student, '/api/groups?type=group')).json<TGroupListResponse>();
    expect(groups.items.map((g) => g.identifier)).toEqual([
      'northfield-entrepreneurs',
      'northfield-women-in-tech',
    ]);
    const programs = (await get(student, '/api/groups?type=mentorshipProgram')).json<TGroupListResponse>();
    expect(programs.items.map((g) => g.identifier).sort()).toEqual([
      'northfield-2019-mentoring',
      'northfield-mentoring',
    ]);
    const orgs = (await get(student, '/api/groups?type=organization')).json<TGroupListResponse>();
    expect(orgs.items.map((g) => g.identifier)).toEqual(['northfield-alumni-association']);
  });

  it('opens northfield-mentoring to mentees only and northfield-2019-mentoring to nobody', async () => {
    const open = (await get(student, '/api/groups/northfield-mentoring')).json<{ group: TGroupDetail }>()
      .group;
    expect(open).toMatchObject({
      joinWindow: 'mentorAfter',
      selectableRoles: ['mentee'],
      joinBlockedMessage: null,
      can: { register: true },
    });
    const closed = (await get(student, '/api/groups/northfield-2019-mentoring')).json<{
      group: TGroupDetail;
    }>().group;
    expect(closed).toMatchObject({
      joinWindow: 'afterBoth',
      joinBlockedMessage: 'Sorry! This program is no longer accepting mentees or mentors',
    });
    const questions = (await get(student, '/api/groups/northfield-mentoring/questions')).json().items;
    expect(questions.map((q: { questionType: string }) => q.questionType)).toEqual([
      'list',
      'list',
      'video',
      'text',
    ]);
  });

  it('has mentors registered in the program and an invitation waiting on the alumni board', async () => {
    const program = (await get(alumni, '/api/groups/northfield-mentoring')).json<{ group: TGroupDetail }>()
      .group;
    expect(program.membership).toMatchObject({ role: 'mentor', access: 'allow' });
    expect(program.mentorCount).toBeGreaterThanOrEqual(5);
    expect(program.menteeCount).toBeGreaterThanOrEqual(3);
    const board = (await get(alumni, '/api/groups/northfield-alumni-board')).json<{ group: TGroupDetail }>()
      .group;
    expect(board.membership).toMatchObject({ status: 'invited', access: 'continueRegistration' });
    expect((await get(student, '/api/groups/northfield-alumni-board')).statusCode).toBe(404);
  });
});
