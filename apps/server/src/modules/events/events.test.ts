import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { eventFeedTokens, hubMemberships, hubSettings, mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { sendEventReminders } from './events.commands.js';
import { csvCell } from './events.csv.js';

describeDb('events', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let organizer: TTestUser;
  let approver: TTestUser;
  let ann: TTestUser;
  let bob: TTestUser;
  let cat: TTestUser;
  let member: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = Date.parse('2026-06-01T12:00:00Z');
  const inDays = (days: number, hours = 0) =>
    new Date(Date.parse('2026-06-01T12:00:00Z') + days * 86_400_000 + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    organizer = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-events'],
      firstName: 'Olga',
      lastName: 'Organiser',
    });
    approver = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-events'],
    });
    ann = await createUser(t.database.db, cluster, { hub, firstName: 'Ann', lastName: 'Attendee' });
    bob = await createUser(t.database.db, cluster, { hub, firstName: 'Bob', lastName: 'Bystander' });
    cat = await createUser(t.database.db, cluster, { hub, firstName: '=Cat', lastName: 'Calc' });
    member = await createUser(t.database.db, cluster, { hub });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const base = {
    title: 'Career fair',
    description: '<p>Meet <b>employers</b><script>x</script></p>',
    format: 'hybrid',
    location: 'Main hall',
    virtualUrl: 'https://meet.example.org/fair',
    startsAt: inDays(3),
    endsAt: inDays(3, 2),
    timeZone: 'Europe/Berlin',
  };
  const create = async (user: TTestUser, payload: object) => {
    const response = await call(user, 'POST', '/api/events', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ event: { id: string; status: string } }>().event;
  };
  const setEventSettings = (settings: object) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: { ...row.settings, moduleSettings: { ...row.settings.moduleSettings, events: settings } },
        })
        .where(eq(hubSettings.hubId, hub.id));
    });

  describe('creation', () => {
    it('lets hub admins with manage-events publish; members only propose when the hub allows, then approve-events decides', async () => {
      const published = await create(organizer, base);
      expect(published.status).toBe('approved');
      expect((await call(organizer, 'GET', '/api/events/settings')).json()).toEqual({
        canCreate: true,
        isApprovalNeeded: false,
        canApprove: false,
      });
      expect((await call(member, 'GET', '/api/events/settings')).json()).toEqual({
        canCreate: false,
        isApprovalNeeded: false,
        canApprove: false,
      });
      expect((await call(member, 'POST', '/api/events', base)).statusCode).toBe(403);
      await setEventSettings({ canMembersCreate: true });
      expect((await call(member, 'GET', '/api/events/settings')).json()).toEqual({
        canCreate: true,
        isApprovalNeeded: true,
        canApprove: false,
      });
      const proposed = await create(member, { ...base, title: 'Member meetup' });
      expect(proposed.status).toBe('pending');
      expect((await call(ann, 'GET', `/api/events/${proposed.id}`)).statusCode).toBe(404);
      expect(
        (await call(ann, 'GET', '/api/events')).json().items.map((e: { id: string }) => e.id),
      ).not.toContain(proposed.id);
      expect(
        (await call(organizer, 'POST', `/api/events/${proposed.id}/decision`, { decision: 'approve' }))
          .statusCode,
      ).toBe(403);
      const queue = (await call(approver, 'GET', '/api/events/approvals')).json();
      expect(queue.items.map((e: { id: string }) => e.id)).toEqual([proposed.id]);
      expect(
        (await call(approver, 'POST', `/api/events/${proposed.id}/decision`, { decision: 'approve' })).json()
          .event.status,
      ).toBe('approved');
      expect((await call(ann, 'GET', `/api/events/${proposed.id}`)).statusCode).toBe(200);
      await setEventSettings({ canMembersCreate: false });
    });

    it('checks the place or link of the format, the time order and the time zone', async () => {
      const response = await call(organizer, 'POST', '/api/events', {
        ...base,
        format: 'hybrid',
        location: '',
        virtualUrl: 'http://10.0.0.1/x',
        endsAt: base.startsAt,
        timeZone: 'Mars/Olympus',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual([
        'endsAt',
        'location',
        'timeZone',
        'virtualUrl',
      ]);
    });

    it('keeps the time zone and sanitises the description; the join link is only for registered people', async () => {
      const event = await create(organizer, base);
      const seen = (await call(ann, 'GET', `/api/events/${event.id}`)).json().event;
      expect(seen).toMatchObject({
        timeZone: 'Europe/Berlin',
        startsAt: base.startsAt,
        description: '<p>Meet <b>employers</b></p>',
        virtualUrl: null,
      });
      expect(seen.calendarLinks.google).toContain('action=TEMPLATE');
      expect(seen.calendarLinks.google).toContain('dates=20260604T120000Z%2F20260604T140000Z');
      expect(seen.calendarLinks.outlook).toContain('startdt=2026-06-04T12%3A00%3A00.000Z');
      await call(ann, 'POST', `/api/events/${event.id}/registrations`, {});
      expect((await call(ann, 'GET', `/api/events/${event.id}`)).json().event.virtualUrl).toBe(
        'https://meet.example.org/fair',
      );
    });
  });

  describe('capacity and waitlist', () => {
    it('registers up to capacity, waitlists the rest and promotes the first in line when a place frees up', async () => {
      const event = await create(organizer, { ...base, title: 'Small workshop', capacity: 2 });
      const statusOf = async (user: TTestUser) =>
        (await call(user, 'POST', `/api/events/${event.id}/registrations`, {})).json().status;
      expect(await statusOf(ann)).toBe('registered');
      expect(await statusOf(bob)).toBe('registered');
      expect(await statusOf(cat)).toBe('waitlisted');
      expect(await statusOf(cat)).toBe('waitlisted');
      const full = (await call(member, 'GET', `/api/events/${event.id}`)).json().event;
      expect(full).toMatchObject({ registeredCount: 2, waitlistCount: 1, spotsLeft: 0 });
      const cancelled = await call(bob, 'DELETE', `/api/events/${event.id}/registrations/me`);
      expect(cancelled.json().event).toMatchObject({
        myRegistration: null,
        registeredCount: 2,
        waitlistCount: 0,
      });
      expect((await call(cat, 'GET', `/api/events/${event.id}`)).json().event.myRegistration).toBe(
        'registered',
      );
      const notes = (await call(cat, 'GET', '/api/notifications?category=content')).json().items;
      expect(notes[0]).toMatchObject({ type: 'event.registration-accepted', url: `/events/${event.id}` });
    });

    it('holds registrations for the organiser when approval is required and asks the registration questions', async () => {
      const event = await create(organizer, {
        ...base,
        title: 'Mentoring dinner',
        capacity: 1,
        isApprovalRequired: true,
        registrationQuestions: [{ id: 'diet', label: 'Dietary needs', isRequired: true }],
      });
      const missing = await call(ann, 'POST', `/api/events/${event.id}/registrations`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.user_message).toBe('Please answer “Dietary needs”.');
      const waiting = await call(ann, 'POST', `/api/events/${event.id}/registrations`, {
        answers: { diet: 'Vegan' },
      });
      expect(waiting.json().status).toBe('pending');
      await call(cat, 'POST', `/api/events/${event.id}/registrations`, {
        answers: { diet: '=HYPERLINK("x")' },
      });
      expect((await call(ann, 'GET', `/api/events/${event.id}/registrations`)).statusCode).toBe(403);
      const attendees = (await call(organizer, 'GET', `/api/events/${event.id}/registrations`)).json().items;
      expect(attendees.map((a: { status: string }) => a.status)).toEqual(['pending', 'pending']);
      const [annReg, catReg] = attendees as Array<{ id: string }>;
      expect(
        (
          await call(organizer, 'POST', `/api/events/${event.id}/registrations/${annReg?.id}`, {
            decision: 'approve',
          })
        ).json().status,
      ).toBe('registered');
      expect(
        (
          await call(organizer, 'POST', `/api/events/${event.id}/registrations/${catReg?.id}`, {
            decision: 'approve',
          })
        ).json().status,
      ).toBe('waitlisted');
      const checkedIn = await call(
        organizer,
        'POST',
        `/api/events/${event.id}/registrations/${annReg?.id}/check-in`,
        { isCheckedIn: true },
      );
      expect(checkedIn.json().checkedInAt).not.toBeNull();
      expect(
        (
          await call(organizer, 'POST', `/api/events/${event.id}/registrations/${catReg?.id}/check-in`, {
            isCheckedIn: true,
          })
        ).statusCode,
      ).toBe(404);

      const csv = await call(organizer, 'GET', `/api/events/${event.id}/attendees.csv`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"Name","Email","Status","Registered at","Checked in at","Dietary needs"');
      expect(lines[1]).toContain('"Ann Attendee"');
      expect(lines[1]).toContain('"Vegan"');
      expect(lines[2]).toContain(`"'=Cat Calc"`);
      expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
      expect(csvCell('-1+1')).toBe(`"'-1+1"`);
    });
  });

  describe('cards: who goes and how to register', () => {
    it('previews up to five people going, in registration order, within the profile privacy rule', async () => {
      const event = await create(organizer, {
        ...base,
        title: 'Alumni picnic',
        startsAt: inDays(9),
        endsAt: inDays(9, 3),
      });
      const goers = [];
      for (const name of ['Gia', 'Hal', 'Ivo', 'Jo', 'Kim', 'Lea']) {
        goers.push(await createUser(t.database.db, cluster, { hub, firstName: name, lastName: 'Goer' }));
      }
      const [gia, hal, ivo, jo, kim, lea] = goers as [
        TTestUser,
        TTestUser,
        TTestUser,
        TTestUser,
        TTestUser,
        TTestUser,
      ];
      for (const user of [gia, hal, ivo]) {
        expect((await call(user, 'POST', `/api/events/${event.id}/registrations`, {})).json().status).toBe(
          'registered',
        );
      }
      // Hal hides his profile from members (hub membership not visible): only he and explore-users admins see him.
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(hubMemberships).set({ isVisible: false }).where(eq(hubMemberships.userId, hal.id)),
      );
      const explorer = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['explore-users'],
      });
      const light = await createUser(t.database.db, cluster, { hub, signupStage: 'LIGHT_SIGNUP_STAGE' });
      type TCard = {
        id: string;
        registeredCount: number;
        attendeePreview: Array<{ fullname: string; photoUrl: string | null }>;
        isApprovalRequired: boolean;
        hasRequiredQuestions: boolean;
        can: { register: boolean };
      };
      const cardOf = async (user: TTestUser, id = event.id) => {
        const items = (await call(user, 'GET', '/api/events?limit=100')).json<{ items: TCard[] }>().items;
        const card = items.find((e) => e.id === id);
        if (!card) throw new Error(`event ${id} missing from the list`);
        return card;
      };
      const names = (card: TCard) => card.attendeePreview.map((a) => a.fullname);

      expect(await cardOf(member)).toMatchObject({
        registeredCount: 3,
        isApprovalRequired: false,
        hasRequiredQuestions: false,
      });
      expect(names(await cardOf(member))).toEqual(['Gia Goer', 'Ivo Goer']);
      expect(names(await cardOf(hal))).toEqual(['Gia Goer', 'Hal Goer', 'Ivo Goer']);
      expect(names(await cardOf(explorer))).toEqual(['Gia Goer', 'Hal Goer', 'Ivo Goer']);
      // A light member may read events but not profiles, nor register: no faces, no Register button.
      expect(await cardOf(light)).toMatchObject({
        registeredCount: 3,
        attendeePreview: [],
        can: { register: false },
      });
      expect((await cardOf(member)).can.register).toBe(true);

      for (const user of [jo, kim, lea])
        await call(user, 'POST', `/api/events/${event.id}/registrations`, {});
      expect(names(await cardOf(member))).toEqual([
        'Gia Goer',
        'Ivo Goer',
        'Jo Goer',
        'Kim Goer',
        'Lea Goer',
      ]);
      await call(gia, 'DELETE', `/api/events/${event.id}/registrations/me`);
      const after = await cardOf(member);
      expect(after.registeredCount).toBe(5);
      expect(names(after)).toEqual(['Ivo Goer', 'Jo Goer', 'Kim Goer', 'Lea Goer']);
      expect((await call(member, 'GET', `/api/events/${event.id}`)).json().event.attendeePreview).toEqual(
        after.attendeePreview,
      );

      // Only people registered show: waiting for the organiser is not going.
      const dinner = await create(organizer, {
        ...base,
        title: 'Board dinner',
        isApprovalRequired: true,
        registrationQuestions: [{ id: 'diet', label: 'Dietary needs', isRequired: true }],
      });
      await call(jo, 'POST', `/api/events/${dinner.id}/registrations`, { answers: { diet: 'None' } });
      expect(await cardOf(jo, dinner.id)).toMatchObject({
        isApprovalRequired: true,
        hasRequiredQuestions: true,
        registeredCount: 0,
        attendeePreview: [],
      });
    });
  });

  describe('calendars', () => {
    it('serves a valid .ics invite with a stable UID and a rising sequence', async () => {
      const event = await create(organizer, { ...base, title: 'ICS check' });
      const first = await call(ann, 'GET', `/api/events/${event.id}/invite.ics`);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const vevent = new ICAL.Component(ICAL.parse(first.body)).getFirstSubcomponent('vevent');
      expect(vevent?.getFirstPropertyValue('summary')).toBe('ICS check');
      expect(String(vevent?.getFirstPropertyValue('uid'))).toBe(`event-${event.id}@localhost:3000`);
      const start = vevent?.getFirstPropertyValue('dtstart') as ICAL.Time;
      expect(start.zone?.tzid).toBe('UTC');
      expect(start.toJSDate().toISOString()).toBe(base.startsAt);
      expect((vevent?.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(
        base.endsAt,
      );
      expect(String(vevent?.getFirstPropertyValue('description'))).toContain('Time zone: Europe/Berlin');
      await call(organizer, 'PATCH', `/api/events/${event.id}`, { title: 'ICS check (moved)' });
      const second = new ICAL.Component(
        ICAL.parse((await call(ann, 'GET', `/api/events/${event.id}/invite.ics`)).body),
      ).getFirstSubcomponent('vevent');
      expect(Number(second?.getFirstPropertyValue('sequence'))).toBe(1);
    });

    it('serves a private feed of the hub’s events and mine without sign-in', async () => {
      const event = await create(organizer, { ...base, title: 'Feed event' });
      const { url } = (await call(ann, 'GET', '/api/events/feed-url')).json<{ url: string }>();
      const path = new URL(url).pathname;
      expect((await call(ann, 'GET', '/api/events/feed-url')).json().url).toBe(url);
      const feed = await t.app.inject({ method: 'GET', url: path, headers: { host: cluster.host } });
      expect(feed.statusCode).toBe(200);
      const summaries = new ICAL.Component(ICAL.parse(feed.body))
        .getAllSubcomponents('vevent')
        .map((v) => v.getFirstPropertyValue('summary'));
      expect(summaries).toContain('Feed event');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: path.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`),
            headers: { host: cluster.host },
          })
        ).statusCode,
      ).toBe(404);
      const other = await createCluster(t.database.db);
      expect(
        (await t.app.inject({ method: 'GET', url: path, headers: { host: other.host } })).statusCode,
      ).toBe(404);
      expect(event.id).toBeTruthy();
    });

    it('stores only a salt and a hash of a feed token, rotates it, and ends the feed with the membership or the account', async () => {
      const feedStatus = (path: string) =>
        t.app.inject({ method: 'GET', url: path, headers: { host: cluster.host } }).then((r) => r.statusCode);
      const dana = await createUser(t.database.db, cluster, { hub });
      const first = new URL((await call(dana, 'GET', '/api/events/feed-url')).json<{ url: string }>().url)
        .pathname;
      const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(first)?.[1] ?? '';
      const stored = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select().from(eventFeedTokens).where(eq(eventFeedTokens.userId, dana.id)),
      );
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(await feedStatus(first)).toBe(200);

      const rotated = await call(dana, 'POST', '/api/events/feed-url/rotate');
      expect(rotated.statusCode).toBe(200);
      const second = new URL(rotated.json<{ url: string }>().url).pathname;
      expect(second).not.toBe(first);
      expect([await feedStatus(first), await feedStatus(second)]).toEqual([404, 200]);
      expect(
        new URL((await call(dana, 'GET', '/api/events/feed-url')).json<{ url: string }>().url).pathname,
      ).toBe(second);

      // Rejected (removed) by an admin with approve-users: the feed ends and its token is deleted.
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['approve-users'],
      });
      expect(
        (await call(admin, 'POST', `/api/hub/approvals/${dana.id}`, { decision: 'reject' })).statusCode,
      ).toBe(200);
      expect(await feedStatus(second)).toBe(404);
      const left = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select().from(eventFeedTokens).where(eq(eventFeedTokens.userId, dana.id)),
      );
      expect(left).toEqual([]);

      // Account deletion ends the feed at once, not at erasure.
      const erin = await createUser(t.database.db, cluster, { hub });
      const erinFeed = new URL((await call(erin, 'GET', '/api/events/feed-url')).json<{ url: string }>().url)
        .pathname;
      expect(await feedStatus(erinFeed)).toBe(200);
      expect((await call(erin, 'DELETE', '/api/me', { password: TEST_PASSWORD })).statusCode).toBe(200);
      expect(await feedStatus(erinFeed)).toBe(404);

      // A membership that is no longer approved (set outside the approvals queue) also stops the feed.
      const finn = await createUser(t.database.db, cluster, { hub });
      const finnFeed = new URL((await call(finn, 'GET', '/api/events/feed-url')).json<{ url: string }>().url)
        .pathname;
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(hubMemberships).set({ approved: null }).where(eq(hubMemberships.userId, finn.id)),
      );
      expect(await feedStatus(finnFeed)).toBe(404);
    });
  });

  describe('reminders', () => {
    it('emails everyone registered once, a day before the start', async () => {
      const event = await create(organizer, {
        ...base,
        title: 'Reminder event',
        startsAt: inDays(0, 20),
        endsAt: inDays(0, 21),
      });
      await call(ann, 'POST', `/api/events/${event.id}/registrations`, {});
      const run = () =>
        withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
          sendEventReminders(tx, {
            clusterId: cluster.clusterId,
            now: new Date(nowMs),
            publicUrl: 'http://localhost:3000',
          }),
        );
      expect(await run()).toBeGreaterThanOrEqual(1);
      expect(await run()).toBe(0);
      const mails = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Reminder: Reminder event')),
      );
      expect(mails.map((m) => m.toAddress)).toEqual([ann.email]);
      expect(mails[0]?.textBody).toContain(`http://localhost:3000/events/${event.id}`);
    });
  });
});
