import type {
  TCsvInviteResponse,
  TGroupAnnouncementsResponse,
  TGroupDetail,
  TGroupMembersResponse,
} from '@commons/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_DAYS,
  verifyUnsubscribeToken,
} from '../notifications/notifications.tokens.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { hubSettings, mailOutbox } from '../../db/schema/index.js';
import { groupTestClient } from './group-test-client.js';

describeDb('group admin tools: CSV invite, export, announcements (issue #6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let member: TTestUser;
  let viewOnly: TTestUser;
  let invitee: TTestUser;
  let unapproved: TTestUser;
  let outsider: TTestUser;
  let group: TGroupDetail;

  const { call, asCluster } = groupTestClient(() => ({ t, cluster, hub }));
  const create = async (body: object): Promise<TGroupDetail> => {
    const response = await call(admin, 'POST', '/api/groups', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ group: TGroupDetail }>().group;
  };
  const makeViewOnly = async (g: TGroupDetail, user: TTestUser) => {
    expect((await call(user, 'POST', `/api/groups/${g.identifier}/join`, {})).statusCode).toBe(200);
    expect(
      (
        await call(admin, 'PATCH', `/api/groups/${g.identifier}/members/${user.id}`, {
          isViewOnlyAdmin: true,
        })
      ).statusCode,
    ).toBe(200);
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const other = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['groups', 'programs', 'organizations'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    member = await createUser(t.database.db, cluster, { hub, firstName: 'Mo', lastName: 'Member' });
    viewOnly = await createUser(t.database.db, cluster, { hub, firstName: 'Vera', lastName: 'Viewer' });
    invitee = await createUser(t.database.db, cluster, { hub, firstName: 'Ines', lastName: 'Invitee' });
    unapproved = await createUser(t.database.db, cluster, { hub, approved: null });
    outsider = await createUser(t.database.db, cluster, { hub: other });
    group = await create({ groupType: 'group', name: 'Tools Group' });
    expect((await call(member, 'POST', `/api/groups/${group.identifier}/join`, {})).statusCode).toBe(200);
    await makeViewOnly(group, viewOnly);
  });
  afterAll(async () => t.close());

  describe('bulk invite by CSV', () => {
    const csv = () =>
      [
        'Name,Email',
        `Ines,${invitee.email.toUpperCase()}`,
        'Bad,not-an-email',
        `Again,${invitee.email}`,
        'Ghost,ghost@example.test',
        `Mo,${member.email}`,
        `Una,${unapproved.email}`,
        `Olga,${outsider.email}`,
        'Empty,',
      ].join('\n');

    it('reports each row that would fail and why, and writes nothing on a dry run', async () => {
      const response = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: csv(),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TCsvInviteResponse>()).toEqual({
        dryRun: true,
        invitedCount: 0,
        errorCount: 7,
        rows: [
          { row: 2, email: invitee.email.toUpperCase(), status: 'invite', reason: null },
          { row: 3, email: 'not-an-email', status: 'error', reason: 'Not a valid email address' },
          { row: 4, email: invitee.email, status: 'error', reason: 'Duplicate of row 2' },
          // An admin without approve-users or explore-users cannot tell an unknown email from a pending member.
          {
            row: 5,
            email: 'ghost@example.test',
            status: 'error',
            reason: 'No approved member of this hub has this email',
          },
          { row: 6, email: member.email, status: 'error', reason: 'Already a member of this group' },
          {
            row: 7,
            email: unapproved.email,
            status: 'error',
            reason: 'No approved member of this hub has this email',
          },
          {
            row: 8,
            email: outsider.email,
            status: 'error',
            reason: 'No approved member of this hub has this email',
          },
          { row: 9, email: '', status: 'error', reason: 'No email address in this row' },
        ],
      });
      const invited = await call(admin, 'GET', `/api/groups/${group.identifier}/members?status=invited`);
      expect(invited.json<TGroupMembersResponse>().items).toEqual([]);
    });

    it('tells an admin who sees the approval queue why each email cannot be invited', async () => {
      const approver = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['groups', 'approve-users'],
      });
      const response = await call(approver, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: csv(),
      });
      const reasons = response.json<TCsvInviteResponse>().rows.map((r) => r.reason);
      expect(reasons).toContain('No member of this hub has this email');
      expect(reasons).toContain('Their hub membership is not approved yet');
    });

    it('invites the valid rows on apply and mails them; the invitee is sent to continueRegistration', async () => {
      const response = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: csv(),
        dryRun: false,
      });
      expect(response.json()).toMatchObject({ dryRun: false, invitedCount: 1, errorCount: 7 });
      const seen = await call(invitee, 'GET', `/api/groups/${group.identifier}`);
      expect(seen.json().group.membership).toMatchObject({
        status: 'invited',
        importStatus: 'imported',
        access: 'continueRegistration',
      });
      const mails = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, invitee.email)),
      );
      expect(mails.map((m) => m.subject)).toEqual(['You are invited to Tools Group']);
      expect(mails[0]?.textBody).toContain(`/groups/${group.identifier}?continueRegistration=true`);
      const again = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: invitee.email,
      });
      expect(again.json().rows).toEqual([
        { row: 1, email: invitee.email, status: 'error', reason: 'Already invited' },
      ]);
    });

    it('fixes the program role of invitations and requires one for programs', async () => {
      const program = await create({ groupType: 'mentorshipProgram', name: 'Tools Program' });
      const missing = await call(admin, 'POST', `/api/groups/${program.identifier}/invitations/csv`, {
        csv: member.email,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.user_message).toBe(
        'Choose the role the invitations give (mentor, mentee or both).',
      );
      const applied = await call(admin, 'POST', `/api/groups/${program.identifier}/invitations/csv`, {
        csv: `email\n${member.email}\n`,
        role: 'mentor',
        dryRun: false,
      });
      expect(applied.json()).toMatchObject({ invitedCount: 1 });
      expect((await call(member, 'GET', `/api/groups/${program.identifier}`)).json().group).toMatchObject({
        fixedRole: 'mentor',
        selectableRoles: [],
      });
    });

    it('validates the file and refuses members and view-only admins', async () => {
      const empty = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, { csv: '' });
      expect(empty.statusCode).toBe(400);
      const blank = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: 'email\n\n',
      });
      expect(blank.json().error.user_message).toBe('The file has no email addresses.');
      const tooMany = await call(admin, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: Array.from({ length: 1001 }, (_, i) => `u${i}@x.test`).join('\n'),
      });
      expect(tooMany.json().error.user_message).toBe(
        'The file has 1001 rows; invite at most 1000 at a time.',
      );
      expect(
        (
          await call(member, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
            csv: invitee.email,
          })
        ).statusCode,
      ).toBe(403);
      const byViewOnly = await call(viewOnly, 'POST', `/api/groups/${group.identifier}/invitations/csv`, {
        csv: invitee.email,
      });
      expect(byViewOnly.statusCode).toBe(403);
    });
  });

  describe('export members CSV', () => {
    it('exports every membership with status, role and flags as an attachment', async () => {
      const response = await call(admin, 'GET', `/api/groups/${group.identifier}/members/export`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${group.identifier}-members.csv"`,
      );
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'First name,Last name,Email,Status,Role,Admin,View-only admin,Import status,Registered at,Joined at',
      );
      expect(lines.some((l) => l.startsWith(`Ada,Admin,${admin.email},admin,,yes,no,joined,`))).toBe(true);
      expect(lines.some((l) => l.startsWith(`Ines,Invitee,${invitee.email},invited,,no,no,imported,,`))).toBe(
        true,
      );
      expect(lines.some((l) => l.startsWith(`Vera,Viewer,${viewOnly.email},admin,,yes,yes,joined`))).toBe(
        true,
      );
    });

    it('refuses members and view-only admins (403)', async () => {
      expect((await call(member, 'GET', `/api/groups/${group.identifier}/members/export`)).statusCode).toBe(
        403,
      );
      expect((await call(viewOnly, 'GET', `/api/groups/${group.identifier}/members/export`)).statusCode).toBe(
        403,
      );
    });
  });

  describe('organization announcements', () => {
    let org: TGroupDetail;
    let orgAdmin: TTestUser;
    let orgViewOnly: TTestUser;

    beforeAll(async () => {
      await asCluster(async (tx) => {
        const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
        if (!row) throw new Error('hub settings missing');
        await tx
          .update(hubSettings)
          .set({
            settings: { ...row.settings, enabledModules: [...row.settings.enabledModules, 'organizations'] },
          })
          .where(eq(hubSettings.hubId, hub.id));
      });
      org = await create({ groupType: 'organization', name: 'Alumni Org' });
      orgAdmin = await createUser(t.database.db, cluster, { hub, firstName: 'Olive', lastName: 'Organizer' });
      orgViewOnly = await createUser(t.database.db, cluster, { hub });
      for (const user of [orgAdmin, member])
        expect((await call(user, 'POST', `/api/groups/${org.identifier}/join`, {})).statusCode).toBe(200);
      expect(
        (
          await call(admin, 'PATCH', `/api/groups/${org.identifier}/members/${orgAdmin.id}`, {
            isAdmin: true,
          })
        ).statusCode,
      ).toBe(200);
      await makeViewOnly(org, orgViewOnly);
    });

    const announcementMails = (subject: string) =>
      asCluster((tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, `Alumni Org: ${subject}`)),
      );

    it('lets an organization admin send an announcement to every member, queued with an unsubscribe link', async () => {
      const response = await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/announcements`, {
        subject: 'Reunion',
        body: 'See you in June.',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().announcement).toMatchObject({
        subject: 'Reunion',
        recipientCount: 4,
        sentBy: 'Olive Organizer',
      });
      const mails = await announcementMails('Reunion');
      expect(mails.map((m) => m.toAddress).sort()).toEqual(
        [admin.email, orgAdmin.email, member.email, orgViewOnly.email].sort(),
      );
      expect(mails[0]?.textBody).toMatch(/\/group-announcements\/unsubscribe\?token=[A-Za-z0-9_-]{91}/);
    });

    it('honours an unsubscribe link without sign-in, and refuses unknown or malformed tokens', async () => {
      const [mail] = (await announcementMails('Reunion')).filter((m) => m.toAddress === member.email);
      const token = /token=([A-Za-z0-9_-]{91})/.exec(mail?.textBody ?? '')?.[1];
      const response = await call(null, 'POST', '/api/group-announcements/unsubscribe', { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ isUnsubscribed: true });
      const unknown = await call(null, 'POST', '/api/group-announcements/unsubscribe', {
        token: 'A'.repeat(91),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.user_message).toBe('This unsubscribe link is not valid or has expired.');
      // A year and a day later the link has expired.
      const target = verifyUnsubscribeToken(token ?? '', {
        secret: t.app.deps.config.jwtSecret,
        now: new Date(),
      });
      expect(target?.userId).toBe(member.id);
      const expired = signUnsubscribeToken({
        secret: t.app.deps.config.jwtSecret,
        target: target ?? { clusterId: '', userId: '', groupId: null },
        now: new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_DAYS + 1) * 86_400_000),
      });
      expect(
        (await call(null, 'POST', '/api/group-announcements/unsubscribe', { token: expired })).statusCode,
      ).toBe(404);
      expect(
        (await call(null, 'POST', '/api/group-announcements/unsubscribe', { token: 'x' })).statusCode,
      ).toBe(400);

      expect(
        (
          await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/announcements`, {
            subject: 'Second',
            body: 'More news.',
          })
        ).json().announcement.recipientCount,
      ).toBe(3);
      expect((await announcementMails('Second')).map((m) => m.toAddress)).not.toContain(member.email);
    });

    it('limits announcements to three a day (429) and shows the history', async () => {
      expect(
        (
          await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/announcements`, {
            subject: 'Third',
            body: 'Last one.',
          })
        ).statusCode,
      ).toBe(201);
      const limited = await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/announcements`, {
        subject: 'Fourth',
        body: 'Too many.',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({
        code: 'rate_limited',
        user_message: 'You can send 3 announcements a day. Please try again tomorrow.',
      });
      const overview = await call(orgAdmin, 'GET', `/api/groups/${org.identifier}/announcements`);
      expect(overview.json<TGroupAnnouncementsResponse>()).toMatchObject({
        recipientCount: 3,
        remainingToday: 0,
        canSend: false,
      });
      expect(overview.json<TGroupAnnouncementsResponse>().items.map((i) => i.subject)).toEqual([
        'Third',
        'Second',
        'Reunion',
      ]);
    });

    it('validates the announcement with its messages', async () => {
      const response = await call(orgAdmin, 'POST', `/api/groups/${org.identifier}/announcements`, {
        subject: ' ',
        body: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain('Please write a subject.');
    });

    it('lets view-only admins read the history but never send; members and other groups are refused', async () => {
      const seen = await call(orgViewOnly, 'GET', `/api/groups/${org.identifier}/announcements`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().canSend).toBe(false);
      expect(
        (
          await call(orgViewOnly, 'POST', `/api/groups/${org.identifier}/announcements`, {
            subject: 'Hi',
            body: 'x',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(member, 'GET', `/api/groups/${org.identifier}/announcements`)).statusCode).toBe(403);
      expect(
        (
          await call(member, 'POST', `/api/groups/${org.identifier}/announcements`, {
            subject: 'Hi',
            body: 'x',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(admin, 'GET', `/api/groups/${group.identifier}/announcements`)).statusCode).toBe(
        404,
      );
    });
  });
});
