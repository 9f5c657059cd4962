import type { TGroupDetail, TGroupListResponse, TGroupMembersResponse } from '@commons/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { groupMemberships, hubSettings, mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describeDb('groups, programs and organizations', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let student: TTestUser;
  let alumnus: TTestUser;
  let outsider: TTestUser;
  const tokens = new Map<string, string>();
  // 2026-06-01 12:00 UTC is 05:00 on June 1 in the users' default zone (America/Los_Angeles).
  const nowMs = Date.parse('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date(nowMs) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['groups', 'programs'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumna',
    });
    outsider = await createUser(t.database.db, cluster, {
      hub: otherHub,
      firstName: 'Olga',
      lastName: 'Outside',
    });
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
    method: TMethod,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
  const create = async (body: object, by: TTestUser = admin): Promise<TGroupDetail> => {
    const response = await call(by, 'POST', '/api/groups', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ group: TGroupDetail }>().group;
  };
  const getGroup = async (
    user: TTestUser,
    identifier: string,
    headers: Record<string, string> = {},
  ): Promise<TGroupDetail> => {
    const response = await call(user, 'GET', `/api/groups/${identifier}`, undefined, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ group: TGroupDetail }>().group;
  };
  const patch = async (identifier: string, body: object) => {
    const response = await call(admin, 'PATCH', `/api/groups/${identifier}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ group: TGroupDetail }>().group;
  };
  /** An invitation with a fixed role, as the CSV import writes it. */
  const invite = (groupId: string, user: TTestUser, role: 'mentor' | 'mentee' | 'both' | null) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.insert(groupMemberships).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        groupId,
        userId: user.id,
        role,
        importStatus: 'imported',
      }),
    );
  const newMember = (options: Parameters<typeof createUser>[2] = {}) =>
    createUser(t.database.db, cluster, { hub, ...options });

  describe('creating and listing', () => {
    it('lets hub admins with the right create groups, with a slug identifier and themselves as admin', async () => {
      const group = await create({ groupType: 'group', name: 'Chess Club!', description: 'Weekly games' });
      expect(group.identifier).toBe('chess-club');
      expect(group.membership).toMatchObject({ status: 'admin', isAdmin: true });
      expect(group.tabs).toContain('admin');
      const again = await create({ groupType: 'group', name: 'Chess club' });
      expect(again.identifier).toMatch(/^chess-club-[0-9a-f]{6}$/);
    });

    it('refuses group creation to members without the right (403)', async () => {
      const response = await call(student, 'POST', '/api/groups', { groupType: 'group', name: 'Mine' });
      expect(response.statusCode).toBe(403);
    });

    it('validates settings with the contract schema and refuses an end before the start', async () => {
      const bad = await call(admin, 'POST', '/api/groups', {
        groupType: 'mentorshipProgram',
        name: 'Bad',
        settings: { visibleTabs: [{ id: 'nope' }] },
      });
      expect(bad.statusCode).toBe(400);
      const reversed = await call(admin, 'POST', '/api/groups', {
        groupType: 'mentorshipProgram',
        name: 'Reversed',
        settings: {
          timelines: { applicationTimeFrame: { mentee: { start: '2026-06-10', end: '2026-06-01' } } },
        },
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.fields['settings.timelines.applicationTimeFrame.mentee.end']).toBe(
        'End date should be after start date.',
      );
    });

    it('lists the hub’s groups with search, my groups and keyset pages; hidden groups only for members', async () => {
      const open = await create({
        groupType: 'group',
        name: 'Astronomy Society',
        description: 'Stars and telescopes',
      });
      await create({ groupType: 'group', name: 'Secret Society', isHidden: true });
      await create({ groupType: 'group', name: 'Book Circle', joinPolicy: 'request' });
      const list = async (user: TTestUser, query: string) => {
        const response = await call(user, 'GET', `/api/groups?type=group&${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TGroupListResponse>();
      };
      const names = (r: TGroupListResponse) => r.items.map((g) => g.name);
      const all = await list(student, 'limit=100');
      expect(names(all)).toContain('Astronomy Society');
      expect(names(all)).not.toContain('Secret Society');
      expect(all.canCreate).toBe(false);
      expect(names(await list(admin, 'limit=100'))).toContain('Secret Society');
      expect((await list(admin, '')).canCreate).toBe(true);
      expect(names(await list(student, 'q=telescope'))).toEqual(['Astronomy Society']);
      expect(names(await list(student, 'q=100%25'))).toEqual([]);

      const first = await list(student, 'limit=1');
      expect(first.items).toHaveLength(1);
      const second = await list(student, `limit=1&cursor=${first.nextCursor}`);
      expect(second.items[0]?.name).not.toBe(first.items[0]?.name);
      expect(second.items[0]?.name.localeCompare(first.items[0]?.name ?? '')).toBeGreaterThan(0);

      expect(names(await list(student, 'mine=true'))).toEqual([]);
      await call(student, 'POST', `/api/groups/${open.identifier}/join`, {});
      expect(names(await list(student, 'mine=true'))).toEqual(['Astronomy Society']);
      expect((await list(student, 'mine=true')).items[0]).toMatchObject({
        membershipStatus: 'approved',
        memberCount: 2,
      });
    });

    it('keeps groups of another hub out of reach (404)', async () => {
      const group = await create({ groupType: 'group', name: 'Hub only' });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/groups/${group.identifier}`,
        headers: {
          host: cluster.host,
          authorization: `Bearer ${await tokenOf(outsider)}`,
          'x-hub-id': otherHub.identifier,
        },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('joining groups', () => {
    it('joins an open group at once and leaves it', async () => {
      const group = await create({ groupType: 'group', name: 'Open Running' });
      const before = await getGroup(student, group.identifier);
      expect(before.can).toMatchObject({
        join: true,
        requestToJoin: false,
        leave: false,
        viewContent: false,
      });
      const joined = await call(student, 'POST', `/api/groups/${group.identifier}/join`, {});
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({
        result: 'allow',
        status: 'approved',
        group: { membership: { status: 'approved', access: 'allow' }, memberCount: 2 },
      });
      expect(joined.json().group.can).toMatchObject({
        join: false,
        leave: true,
        viewContent: true,
        manage: false,
      });
      expect((await call(student, 'POST', `/api/groups/${group.identifier}/join`, {})).statusCode).toBe(409);
      const left = await call(student, 'POST', `/api/groups/${group.identifier}/leave`);
      expect(left.json().group).toMatchObject({ membership: null, memberCount: 1 });
    });

    it('waits for a group admin on request-to-join groups; the admin approves and the member is mailed', async () => {
      const group = await create({ groupType: 'group', name: 'Request Debate', joinPolicy: 'request' });
      const member = await newMember();
      expect((await getGroup(member, group.identifier)).can.requestToJoin).toBe(true);
      const asked = await call(member, 'POST', `/api/groups/${group.identifier}/join`, {});
      expect(asked.json()).toMatchObject({
        status: 'pending',
        group: { membership: { status: 'pending', access: 'deny' }, can: { viewContent: false } },
      });
      expect(
        (await call(member, 'GET', `/api/groups/${group.identifier}/members?status=pending`)).statusCode,
      ).toBe(403);
      const pending = await call(admin, 'GET', `/api/groups/${group.identifier}/members?status=pending`);
      expect(pending.json<TGroupMembersResponse>().items.map((m) => m.user.id)).toEqual([member.id]);
      expect(
        (await call(member, 'POST', `/api/groups/${group.identifier}/members/${member.id}/approve`))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(admin, 'POST', `/api/groups/${group.identifier}/members/${member.id}/approve`))
          .statusCode,
      ).toBe(200);
      expect((await getGroup(member, group.identifier)).membership).toMatchObject({
        status: 'approved',
        access: 'allow',
      });
      const mails = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email)),
      );
      expect(mails.map((m) => m.subject)).toEqual(['You have joined Request Debate']);
    });

    it('refuses invite-only groups to anyone not invited, and lets invitees in at once', async () => {
      const group = await create({ groupType: 'group', name: 'Invite Board', joinPolicy: 'invite' });
      const refused = await call(student, 'POST', `/api/groups/${group.identifier}/join`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.user_message).toBe('This group is by invitation only.');
      const invitee = await newMember();
      await invite(group.id, invitee, null);
      const seen = await getGroup(invitee, group.identifier);
      expect(seen.membership).toMatchObject({ status: 'invited', access: 'continueRegistration' });
      expect(seen.can.continueRegistration).toBe(true);
      const accepted = await call(invitee, 'POST', `/api/groups/${group.identifier}/join`, {});
      expect(accepted.json()).toMatchObject({
        status: 'approved',
        group: { membership: { status: 'approved', importStatus: 'imported', access: 'allow' } },
      });
    });

    it('hides hidden groups from non-members (404) but not from invitees', async () => {
      const group = await create({ groupType: 'group', name: 'Hidden Lab', isHidden: true });
      expect((await call(student, 'GET', `/api/groups/${group.identifier}`)).statusCode).toBe(404);
      expect((await call(student, 'POST', `/api/groups/${group.identifier}/join`, {})).statusCode).toBe(404);
      const invitee = await newMember();
      await invite(group.id, invitee, null);
      expect((await getGroup(invitee, group.identifier)).isHidden).toBe(true);
    });

    it('hides a group from user types with isVisibleToGroup false', async () => {
      const group = await create({
        groupType: 'group',
        name: 'Alumni Lounge',
        settings: {
          visibleToUserType: [{ id: hub.userTypeIds.student, userType: 'Student', isVisibleToGroup: false }],
        },
      });
      expect((await call(student, 'GET', `/api/groups/${group.identifier}`)).statusCode).toBe(404);
      expect((await getGroup(alumnus, group.identifier)).can.join).toBe(true);
    });

    it('does not let the last admin leave a group that has members', async () => {
      const owner = await newMember({ isHubAdmin: true, rights: ['groups'] });
      const group = await create({ groupType: 'group', name: 'Owned Group' }, owner);
      await call(student, 'POST', `/api/groups/${group.identifier}/join`, {});
      const response = await call(owner, 'POST', `/api/groups/${group.identifier}/leave`);
      expect(response.statusCode).toBe(409);
    });
  });

  describe('program join windows (spec 4)', () => {
    const frame = (start: string | null, end: string | null) => ({ start, end, noEndDate: false });
    const future = frame('2026-07-01', null);
    const past = frame('2026-01-01', '2026-05-31');
    const open = frame('2026-05-01', '2026-06-01');
    let program: TGroupDetail;

    beforeAll(async () => {
      program = await create({ groupType: 'mentorshipProgram', name: 'Window Mentoring' });
    });
    const setWindows = (mentee: object | null, mentor: object | null, extra: object = {}) =>
      patch(program.identifier, {
        settings: { timelines: { applicationTimeFrame: { mentee, mentor }, favorite: null }, ...extra },
      });

    it.each([
      ['beforeBoth', future, future],
      ['afterBoth', past, past],
      ['menteeBefore', future, open],
      ['menteeAfter', past, open],
      ['mentorBefore', open, future],
      ['mentorAfter', open, past],
      ['allow', open, null],
    ])('gives the window value %s', async (expected, mentee, mentor) => {
      await setWindows(mentee, mentor);
      expect((await getGroup(student, program.identifier)).joinWindow).toBe(expected);
    });

    it('counts the end day as open in the user’s time zone and ignores the end with noEndDate', async () => {
      await setWindows(frame('2026-05-01', '2026-06-01'), {
        start: '2026-01-01',
        end: '2026-01-02',
        noEndDate: true,
      });
      expect((await getGroup(student, program.identifier)).joinWindow).toBe('allow');
    });

    it.each([
      ['beforeBoth', future, future, 'mentee', 'Sorry! This program is not yet open to mentees or mentors'],
      ['afterBoth', past, past, 'mentor', 'Sorry! This program is no longer accepting mentees or mentors'],
      ['missedMenteeTimeline', past, open, 'mentee', 'Sorry! This program is no longer accepting mentees'],
      ['missedMentorTimeline', open, past, 'mentor', 'Sorry! This program is no longer accepting mentors'],
    ])('blocks a chosen role with %s', async (result, mentee, mentor, role, message) => {
      await setWindows(mentee, mentor);
      const member = await newMember();
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, { role });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'join_window_closed',
        user_message: message,
        details: { result },
      });
    });

    it('lets a chooser join in the open role when the other is closed (allow), and offers only open roles', async () => {
      await setWindows(past, open);
      const member = await newMember();
      const seen = await getGroup(member, program.identifier);
      expect(seen).toMatchObject({
        selectableRoles: ['mentor'],
        joinBlockedMessage: null,
        can: { register: true },
      });
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {
        role: 'mentor',
      });
      expect(response.json()).toMatchObject({
        result: 'allow',
        status: 'approved',
        group: { membership: { role: 'mentor' } },
      });
    });

    it.each([
      ['missedMentorTimeline', open, past, 'mentor', 'Sorry! This program is no longer accepting mentors'],
      ['missedMenteeTimeline', past, open, 'mentee', 'Sorry! This program is no longer accepting mentees'],
      ['beforeBoth', open, future, 'mentor', 'Sorry! This program is not yet open to mentees or mentors'],
    ])(
      'blocks a fixed (invited) role with %s when its own window is closed',
      async (result, mentee, mentor, role, message) => {
        await setWindows(mentee, mentor);
        const member = await newMember();
        await invite(program.id, member, role as 'mentor' | 'mentee');
        const seen = await getGroup(member, program.identifier);
        expect(seen).toMatchObject({ fixedRole: role, selectableRoles: [], joinBlockedMessage: message });
        const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {
          role: role === 'mentor' ? 'mentee' : 'mentor',
        });
        expect(response.json().error).toMatchObject({ user_message: message, details: { result } });
      },
    );

    it('lets a fixed role register while its own window is open even if the other is closed (allow)', async () => {
      await setWindows(past, open);
      const member = await newMember();
      await invite(program.id, member, 'mentor');
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {});
      expect(response.json()).toMatchObject({
        result: 'allow',
        status: 'approved',
        group: { membership: { role: 'mentor', access: 'allow' } },
      });
    });

    it('names the roles with the program’s customText aliases', async () => {
      await setWindows(future, future, {
        customText: [
          { id: 'mentees', alias: 'students' },
          { id: 'mentors', alias: 'guides' },
        ],
      });
      const seen = await getGroup(student, program.identifier);
      expect(seen.joinBlockedMessage).toBe('Sorry! This program is not yet open to students or guides');
      expect(seen.roleLabels).toMatchObject({ mentees: 'students', mentors: 'guides', mentee: 'mentee' });
    });

    it('offers both only with allowBoth and both windows open', async () => {
      await setWindows(open, open, { allowBoth: false, customText: [] });
      expect((await getGroup(student, program.identifier)).selectableRoles).toEqual(['mentee', 'mentor']);
      const member = await newMember();
      expect(
        (await call(member, 'POST', `/api/groups/${program.identifier}/join`, { role: 'both' })).statusCode,
      ).toBe(400);
      await setWindows(open, open, { allowBoth: true });
      expect((await getGroup(student, program.identifier)).selectableRoles).toEqual([
        'mentee',
        'mentor',
        'both',
      ]);
      const both = await call(member, 'POST', `/api/groups/${program.identifier}/join`, { role: 'both' });
      expect(both.json().group.membership.role).toBe('both');
    });
  });

  describe('program registration questions (spec 5)', () => {
    let program: TGroupDetail;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      program = await create({
        groupType: 'mentorshipProgram',
        name: 'Question Mentoring',
        joinPolicy: 'request',
      });
      const add = async (key: string, body: object) => {
        const response = await call(admin, 'POST', `/api/groups/${program.identifier}/questions`, body);
        expect(response.statusCode, response.body).toBe(201);
        ids[key] = response.json().question.id;
      };
      await add('industry', {
        questionType: 'list',
        texts: { both: { name: 'Industry' } },
        options: ['Tech', 'Health'],
        isRequired: true,
        matchingWeight: 3,
      });
      await add('topics', {
        questionType: 'list',
        texts: { both: { name: 'Topics' } },
        options: ['CV', 'Interviews', 'Networking'],
        allowsMultiple: true,
      });
      await add('video', {
        questionType: 'video',
        texts: { both: { name: 'Watch the welcome video' } },
        isRequired: true,
        videoUrl: 'https://video.example.test/welcome',
      });
      await add('goal', {
        questionType: 'text',
        audience: 'mentee',
        texts: { mentee: { name: 'Your goal' } },
        isRequired: true,
      });
      await add('years', {
        questionType: 'text',
        audience: 'mentor',
        texts: { mentor: { name: 'Years of experience' } },
        isRequired: true,
      });
    });

    it('refuses a video link that fails the spec 5 URL rule (javascript:, data:, private hosts) with 400 on videoUrl (issue #13)', async () => {
      const videoQuestion = (videoUrl: string) => ({
        questionType: 'video',
        texts: { both: { name: 'Watch this' } },
        videoUrl,
      });
      for (const videoUrl of [
        'javascript:alert(document.cookie)',
        'data:text/html,<script>alert(1)</script>',
        'http://10.0.0.1/video',
        'http://localhost:3000/video',
        'https://[::1]/video',
        'ftp://video.example.test/a',
      ]) {
        const created = await call(
          admin,
          'POST',
          `/api/groups/${program.identifier}/questions`,
          videoQuestion(videoUrl),
        );
        expect(created.statusCode, videoUrl).toBe(400);
        expect(created.json().error.fields).toEqual({
          videoUrl: 'Enter a web address starting with http:// or https://.',
        });
        const replaced = await call(
          admin,
          'PUT',
          `/api/groups/${program.identifier}/questions/${ids.video}`,
          videoQuestion(videoUrl),
        );
        expect(replaced.statusCode, videoUrl).toBe(400);
      }
      const questions = (await call(student, 'GET', `/api/groups/${program.identifier}/questions`)).json<{
        items: Array<{ videoUrl: string | null }>;
      }>().items;
      expect(questions.map((q) => q.videoUrl).filter((url) => url !== null)).toEqual([
        'https://video.example.test/welcome',
      ]);
    });

    it('lists questions with their texts per audience', async () => {
      const response = await call(student, 'GET', `/api/groups/${program.identifier}/questions`);
      expect(response.json().items.map((q: { id: string }) => q.id)).toEqual(Object.values(ids));
    });

    it('refuses a registration missing required answers, with one message per question of the role', async () => {
      const member = await newMember();
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {
        role: 'mentee',
        answers: { [ids.video as string]: false },
      });
      expect(response.statusCode).toBe(400);
      const fields = response.json().error.fields;
      expect(fields).toEqual({
        [`answers.${ids.industry}`]: 'This question is required.',
        [`answers.${ids.video}`]: 'Please confirm you have watched the video.',
        [`answers.${ids.goal}`]: 'This question is required.',
      });
    });

    it('refuses options that are not listed and several answers to a single select', async () => {
      const member = await newMember();
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {
        role: 'mentor',
        answers: {
          [ids.industry as string]: ['Tech', 'Health'],
          [ids.topics as string]: ['Gardening'],
          [ids.video as string]: true,
          [ids.years as string]: '10',
        },
      });
      expect(response.json().error.fields).toEqual({
        [`answers.${ids.industry}`]: 'Choose one option.',
        [`answers.${ids.topics}`]: 'Choose from the listed options.',
      });
    });

    it('registers with valid answers and waits for approval; admins see the answers', async () => {
      const member = await newMember();
      const response = await call(member, 'POST', `/api/groups/${program.identifier}/join`, {
        role: 'mentee',
        answers: {
          [ids.industry as string]: 'Tech',
          [ids.topics as string]: ['CV', 'CV', 'Interviews'],
          [ids.video as string]: true,
          [ids.goal as string]: ' Find an internship ',
          [ids.years as string]: 'ignored',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'pending',
        group: { membership: { status: 'pending', role: 'mentee' } },
      });
      const pending = await call(admin, 'GET', `/api/groups/${program.identifier}/members?status=pending`);
      expect(pending.json().items[0].answers).toEqual({
        [ids.industry as string]: 'Tech',
        [ids.topics as string]: ['CV', 'Interviews'],
        [ids.video as string]: true,
        [ids.goal as string]: 'Find an internship',
      });
    });
  });

  describe('tabs, roles and admins (spec 6)', () => {
    let program: TGroupDetail;
    let mentor: TTestUser;
    let mentee: TTestUser;
    let viewOnly: TTestUser;

    beforeAll(async () => {
      program = await create({
        groupType: 'mentorshipProgram',
        name: 'Tabs Mentoring',
        settings: {
          visibleTabs: [
            { id: 'resources', visibleUserTypes: ['mentor'] },
            { id: 'events', visibleForUserTypes: [hub.userTypeIds.alumni] },
            { id: 'discussion', visible: false },
            { id: 'feed', visible: false },
          ],
          visibleTabsKeys: ['feed', 'about'],
        },
      });
      mentor = await newMember({ userType: 'alumni' });
      mentee = await newMember();
      viewOnly = await newMember();
      for (const [user, role] of [
        [mentor, 'mentor'],
        [mentee, 'mentee'],
        [viewOnly, 'mentor'],
      ] as const) {
        const r = await call(user, 'POST', `/api/groups/${program.identifier}/join`, { role });
        expect(r.statusCode, r.body).toBe(200);
      }
      const made = await call(admin, 'PATCH', `/api/groups/${program.identifier}/members/${viewOnly.id}`, {
        isViewOnlyAdmin: true,
      });
      expect(made.json().member).toMatchObject({ isAdmin: true, isViewOnlyAdmin: true });
    });

    it('shows each tab by role and user type, the feed always, mentors in programs, in visibleTabsKeys order', async () => {
      expect((await getGroup(mentor, program.identifier)).tabs).toEqual([
        'feed',
        'about',
        'members',
        'mentors',
        'resources',
        'events',
      ]);
      expect((await getGroup(mentee, program.identifier)).tabs).toEqual([
        'feed',
        'about',
        'members',
        'mentors',
      ]);
      expect((await getGroup(admin, program.identifier)).tabs).toEqual([
        'feed',
        'about',
        'members',
        'mentors',
        'resources',
        'events',
        'admin',
      ]);
      const plain = await create({ groupType: 'group', name: 'Tabs Group' });
      expect((await getGroup(student, plain.identifier)).tabs).toEqual([
        'about',
        'members',
        'discussion',
        'resources',
        'events',
        'feed',
      ]);
    });

    it('hides the admin tab in the native app', async () => {
      expect(
        (await getGroup(admin, program.identifier, { 'x-platform': 'nativeMobileApp' })).tabs,
      ).not.toContain('admin');
    });

    it('gives view-only admins the admin data but no admin tab, no edits and no moderation', async () => {
      const seen = await getGroup(viewOnly, program.identifier);
      expect(seen.tabs).not.toContain('admin');
      expect(seen.can).toMatchObject({
        manage: false,
        moderate: false,
        viewAdminData: true,
        viewContent: true,
      });
      expect(
        (await call(viewOnly, 'PATCH', `/api/groups/${program.identifier}`, { about: 'Changed' })).statusCode,
      ).toBe(403);
      expect(
        (await call(viewOnly, 'GET', `/api/groups/${program.identifier}/members?status=pending`)).statusCode,
      ).toBe(200);
      expect(
        (
          await call(viewOnly, 'PATCH', `/api/groups/${program.identifier}/members/${mentee.id}`, {
            role: 'mentor',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('makes a member a group admin who then sees the admin tab and may edit', async () => {
      await call(admin, 'PATCH', `/api/groups/${program.identifier}/members/${mentor.id}`, { isAdmin: true });
      const seen = await getGroup(mentor, program.identifier);
      expect(seen.tabs).toContain('admin');
      expect(seen.can).toMatchObject({ manage: true, moderate: true });
      expect(
        (
          await call(mentor, 'PATCH', `/api/groups/${program.identifier}`, { about: 'Welcome mentors' })
        ).json().group.about,
      ).toBe('Welcome mentors');
    });

    it('lists mentors (including both) and mentees by role', async () => {
      const mentors = await call(mentee, 'GET', `/api/groups/${program.identifier}/members?role=mentor`);
      expect(
        mentors
          .json<TGroupMembersResponse>()
          .items.map((m) => m.user.id)
          .sort(),
      ).toEqual([mentor.id, viewOnly.id].sort());
      expect(mentors.json<TGroupMembersResponse>().items[0]?.answers).toBeNull();
    });

    it('refuses members to non-members (403)', async () => {
      expect((await call(student, 'GET', `/api/groups/${program.identifier}/members`)).statusCode).toBe(403);
    });
  });

  describe('organizations (spec 6 Organisation admins)', () => {
    it('gives organization admins their limited rights only when the organizations module is on', async () => {
      const org = await create({ groupType: 'organization', name: 'Alumni Association' });
      const orgAdmin = await newMember();
      await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/join`, {});
      await call(admin, 'PATCH', `/api/groups/${org.identifier}/members/${orgAdmin.id}`, { isAdmin: true });
      const off = await getGroup(orgAdmin, org.identifier);
      expect(off.tabs).not.toContain('admin');
      expect(off.can).toMatchObject({ manage: false, inviteMembers: false });

      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
        const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
        if (!row) throw new Error('hub settings missing');
        await tx
          .update(hubSettings)
          .set({
            settings: { ...row.settings, enabledModules: [...row.settings.enabledModules, 'organizations'] },
          })
          .where(eq(hubSettings.hubId, hub.id));
      });
      const on = await getGroup(orgAdmin, org.identifier);
      expect(on.tabs).toContain('admin');
      expect(on.can).toMatchObject({
        manage: true,
        inviteMembers: true,
        sendCommunications: true,
        exportMembers: false,
      });
      expect((await getGroup(admin, org.identifier)).can.exportMembers).toBe(true);
    });
  });

  it('lists members by name in keyset pages and follows a member who renames themselves', async () => {
    const zed = await createUser(t.database.db, cluster, { hub, firstName: 'Zed', lastName: 'Zulu' });
    const mia = await createUser(t.database.db, cluster, { hub, firstName: 'Mia', lastName: 'Mid' });
    const group = await create({ groupType: 'group', name: 'Name Order Club' });
    for (const user of [zed, mia]) {
      expect((await call(user, 'POST', `/api/groups/${group.identifier}/join`, {})).statusCode).toBe(200);
    }
    const names = async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await call(admin, 'GET', `/api/groups/${group.identifier}/members?limit=1${query}`);
        expect(page.statusCode, page.body).toBe(200);
        const body = page.json<TGroupMembersResponse>();
        seen.push(...body.items.map((m) => m.user.fullName));
        cursor = body.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await names()).toEqual(['Ada Admin', 'Mia Mid', 'Zed Zulu']);
    const renamed = await call(zed, 'PATCH', '/api/profiles/me', { firstName: 'Abe' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names()).toEqual(['Abe Zulu', 'Ada Admin', 'Mia Mid']);
  });
});
