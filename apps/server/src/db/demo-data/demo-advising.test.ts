import type { TAdviserCard, TAdvisingAppointment, TAdvisingSlotsResponse } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

/** Demo advising (issue #21 item 7): what the demo accounts of Northfield see. */
describeDb('the demo advising (issue #21 item 7)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const call = (role: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: 'localhost',
        authorization: `Bearer ${tokens[role] ?? ''}`,
        'x-hub-id': 'northfield',
      },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await getDemoTestApp();
    for (const role of ['student', 'faculty', 'hubadmin']) {
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

  it('offers the three topics and three advisers, one of them with a calendar read already', async () => {
    const topics = await call('student', 'GET', '/api/advising/topics');
    expect(topics.statusCode, topics.body).toBe(200);
    expect(topics.json<{ items: Array<{ name: string }> }>().items.map((i) => i.name)).toEqual([
      'Career planning',
      'CV review',
      'Graduate school',
    ]);
    const advisers = (await call('student', 'GET', '/api/advising/advisers')).json<{
      items: TAdviserCard[];
    }>().items;
    expect(advisers).toHaveLength(3);
    expect(advisers.map((a) => a.fullName)).toContain('Fran Faculty');
    expect(advisers.every((a) => a.can.book)).toBe(true);
    const withCalendar = (await call('hubadmin', 'GET', '/api/advising/admin/advisers')).json<{
      items: Array<{ id: string; hasCalendar: boolean }>;
    }>().items;
    const calendarAdviser = withCalendar.find((a) => a.hasCalendar);
    expect(calendarAdviser).toBeDefined();
    const availability = await call(
      'hubadmin',
      'GET',
      `/api/advising/advisers/${calendarAdviser?.id}/availability`,
    );
    expect(
      availability.json<{ availability: { calendar: { busyCount: number } } }>().availability.calendar
        .busyCount,
    ).toBeGreaterThan(0);
  });

  it('lets the demo student see free slots and their booked appointment, and Fran see it too', async () => {
    const advisers = (await call('student', 'GET', '/api/advising/advisers')).json<{
      items: TAdviserCard[];
    }>().items;
    const fran = advisers.find((a) => a.fullName === 'Fran Faculty');
    const cv = fran?.appointmentTypes.find((a) => a.name === 'CV review');
    const slots = await call(
      'student',
      'GET',
      `/api/advising/advisers/${fran?.id}/slots?appointmentTypeId=${cv?.id}&tz=America%2FLos_Angeles`,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json<TAdvisingSlotsResponse>().days.some((d) => d.slots.length > 0)).toBe(true);
    const mine = await call('student', 'GET', '/api/advising/appointments?role=student');
    const upcoming = mine.json<{ items: TAdvisingAppointment[] }>().items;
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ advisingStatus: 'scheduled', adviser: { fullName: 'Fran Faculty' } });
    const past = await call('faculty', 'GET', '/api/advising/appointments?role=adviser&when=past');
    const pastItems = past.json<{ items: TAdvisingAppointment[] }>().items;
    expect(pastItems.find((a) => a.advisingStatus === 'completed')).toMatchObject({
      staffNotes: expect.stringContaining('quantify results'),
    });
    // Yesterday's is still scheduled: Fran can mark it completed or a no-show.
    const yesterdays = pastItems.find((a) => a.advisingStatus === 'scheduled');
    expect(yesterdays).toMatchObject({
      student: { fullName: 'Sam Student' },
      can: { complete: true, noShow: true, cancel: false, reschedule: false },
    });
    expect(Date.parse(yesterdays?.start ?? '')).toBeLessThan(Date.now());
    const report = await call('hubadmin', 'GET', '/api/advising/admin/reports?groupBy=status');
    expect(report.json<{ total: number }>().total).toBe(3);
  });
});
