import { randomUUID } from 'node:crypto';
import { MODULE_IDS, ZErrorBody } from '@commons/contract';
import { HUB_ACCESS_RIGHTS, MULTI_LINE_TEXT_MESSAGE, SINGLE_LINE_TEXT_MESSAGE } from '@commons/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../test/test-app.js';
import { INVALID_CURSOR_MESSAGE } from '../lib/cursor.js';
import { INCOMPLETE_UPLOAD_MESSAGE } from './errors.js';
import { NUL_CHARACTER_MESSAGE } from './nul-guard.js';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors that decode but that no list wrote (issue #13 item 14: each was a 500). */
const BROKEN_CURSORS = {
  'an id that is not a uuid': cursorOf({ at: '2026-01-01T00:00:00.000Z', id: 'not-a-uuid' }),
  'a NUL byte in the sort key': cursorOf({ at: 'a\u0000b', id: randomUUID() }),
  'a number where the key is an object': cursorOf({ at: 7, id: randomUUID() }),
  'JSON that is not an object': cursorOf('null'),
  'bytes that are not JSON': 'not base64 at all!',
};

describeDb('input at the edge (issue #13)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let token: string;
  let program: { identifier: string };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: [...MODULE_IDS] });
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      isSuperAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
      userType: 'alumni',
    });
    token = (await signIn(t.app, cluster, admin)).token;
    const created = await call('POST', '/api/groups', {
      groupType: 'mentorshipProgram',
      name: 'Edge Program',
    });
    expect(created.statusCode, created.body).toBe(201);
    program = created.json<{ group: { identifier: string } }>().group;
  });
  afterAll(async () => t.close());

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': hub.identifier,
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  }

  /** A 400 in the one error body, with `message` on `field`. */
  function expectFieldError(response: LightMyRequestResponse, field: string, message: string): void {
    expect(response.statusCode, response.body).toBe(400);
    const body = ZErrorBody.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.[field], response.body).toBe(message);
  }

  describe('cursors (item 14)', () => {
    /** Lists sorted by an instant (newest first, created or start time). */
    const byInstant = [
      '/api/hub/approvals',
      '/api/dev/outbox',
      '/api/inbox/threads',
      '/api/inbox/search?q=hello',
      '/api/hub/mentorships',
      '/api/notifications',
      '/api/feed',
      '/api/resources',
      '/api/events',
      '/api/discussions/questions',
      '/api/moderation/reports',
    ];
    /** Lists sorted by a name, by a search rank, or by score and instant. */
    const byOtherKeys = [
      '/api/groups',
      '/api/directory',
      '/api/directory?q=ada',
      '/api/discussions/questions?filter=popular',
    ];
    const withCursor = (list: string, cursor: string) =>
      `${list}${list.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

    it.each(Object.entries(BROKEN_CURSORS))(
      'answers a cursor with %s with 400 on the cursor field, on every list',
      async (_, cursor) => {
        const lists = [
          ...byInstant,
          ...byOtherKeys,
          `/api/groups/${program.identifier}/members`,
          `/api/programs/${program.identifier}/mentors`,
        ];
        for (const list of lists)
          expectFieldError(await call('GET', withCursor(list, cursor)), 'cursor', INVALID_CURSOR_MESSAGE);
      },
    );

    it('answers a cursor whose instant is not a date, or whose rank is not a number, with 400 on the cursor field', async () => {
      for (const at of ['not-a-date', '+275760-09-13T00:00:00.001Z', '2026-02-30T00:00:00.000Z']) {
        for (const list of byInstant)
          expectFieldError(
            await call('GET', withCursor(list, cursorOf({ at, id: randomUUID() }))),
            'cursor',
            INVALID_CURSOR_MESSAGE,
          );
      }
      for (const at of ['not-a-number', '1e999', '']) {
        expectFieldError(
          await call('GET', withCursor('/api/directory?q=ada', cursorOf({ at, id: randomUUID() }))),
          'cursor',
          INVALID_CURSOR_MESSAGE,
        );
      }
    });

    it('takes a cursor of the popular list only on the popular list, and the other way round', async () => {
      const instant = cursorOf({ at: '2026-01-01T00:00:00.000Z', id: randomUUID() });
      const popular = cursorOf({ at: '3|2026-01-01T00:00:00.000Z', id: randomUUID() });
      expect((await call('GET', `/api/discussions/questions?cursor=${instant}`)).statusCode).toBe(200);
      expect(
        (await call('GET', `/api/discussions/questions?filter=popular&cursor=${popular}`)).statusCode,
      ).toBe(200);
      expectFieldError(
        await call('GET', `/api/discussions/questions?cursor=${popular}`),
        'cursor',
        INVALID_CURSOR_MESSAGE,
      );
      expectFieldError(
        await call('GET', `/api/discussions/questions?filter=popular&cursor=${instant}`),
        'cursor',
        INVALID_CURSOR_MESSAGE,
      );
    });
  });

  describe('NUL bytes (item 14)', () => {
    it.each([
      ['/api/directory?q=a%00b', 'q'],
      ['/api/directory?industry[]=a%00b', 'industry.0'],
      ['/api/users/mentions?q=a%00b', 'q'],
      ['/api/groups?q=a%00b', 'q'],
      ['/api/discussions/questions?q=a%00b', 'q'],
      ['/api/discussions/questions?tag=a%00b', 'tag'],
      ['/api/resources?category=a%00b', 'category'],
      ['/api/events?q=a%00b', 'q'],
      ['/api/inbox/search?q=a%00b', 'q'],
      ['/api/profiles/a%00b', 'identifier'],
      ['/api/resources/a%00b', 'slug'],
      ['/api/groups/a%00b', 'identifier'],
    ])('answers GET %s with 400 on %s', async (url, field) => {
      expectFieldError(await call('GET', url), field, NUL_CHARACTER_MESSAGE);
    });

    it('answers a NUL byte anywhere in a JSON body (value or key) with 400 on its path', async () => {
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { headline: 'a\u0000b' }),
        'headline',
        NUL_CHARACTER_MESSAGE,
      );
      expectFieldError(
        await call('POST', '/api/discussions/questions', {
          title: 'A fine question',
          body: '<p>a\u0000</p>',
        }),
        'body',
        NUL_CHARACTER_MESSAGE,
      );
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { demographicInfo: { 'ke\u0000y': 'x' } }),
        'demographicInfo.ke\u0000y',
        NUL_CHARACTER_MESSAGE,
      );
      expectFieldError(
        await call('PUT', '/api/profiles/me/work-history', {
          items: [
            {
              role: 'r',
              company: 'c\u0000',
              startMonth: null,
              startYear: null,
              endMonth: null,
              endYear: null,
            },
          ],
        }),
        'items.0.company',
        NUL_CHARACTER_MESSAGE,
      );
    });

    it('answers a NUL byte in a multipart file name below 500', async () => {
      const boundary = 'edgeboundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`;
      const response = await call('POST', '/api/profiles/me/files', payload, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode >= 400) expect(ZErrorBody.safeParse(response.json()).success).toBe(true);
    });
  });

  describe('the one error body for broken requests', () => {
    it('answers a path that is not valid percent-encoding, or a parameter over the router limit, in the error body', async () => {
      const badUrl = await call('GET', '/api/profiles/%ED%A0%80');
      expect(badUrl.statusCode).toBe(400);
      expect(ZErrorBody.parse(badUrl.json()).error.code).toBe('FST_ERR_BAD_URL');
      const longParam = await call('GET', `/api/resources/${'x'.repeat(200)}`);
      expect(longParam.statusCode).toBe(414);
      expect(ZErrorBody.parse(longParam.json()).error.code).toBe('FST_ERR_MAX_PARAM_LENGTH');
    });

    it('answers a multipart body cut short with 400 on the file field', async () => {
      const boundary = 'edgeboundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut`;
      for (const url of ['/api/profiles/me/files', '/api/resources/attachments', '/api/rich-text/images']) {
        expectFieldError(
          await call('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
          'file',
          INCOMPLETE_UPLOAD_MESSAGE,
        );
      }
    });
  });

  describe('single-line and multi-line text (item 12)', () => {
    it('refuses CR, LF and control characters in names and other single-line fields, with the field message', async () => {
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { firstName: 'Eve\r\nBcc: victim@example.test' }),
        'firstName',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { headline: 'Head\u0007line' }),
        'headline',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { location: 'Berlin\u0085Mitte' }),
        'location',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('PUT', '/api/profiles/me/work-history', {
          items: [
            {
              role: 'Engineer\nCTO',
              company: null,
              startMonth: null,
              startYear: null,
              endMonth: null,
              endYear: null,
            },
          ],
        }),
        'items.0.role',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('POST', '/api/discussions/questions', { title: 'Question\twith a tab' }),
        'title',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('POST', '/api/groups', { groupType: 'group', name: 'Club\r\nX-Injected: 1' }),
        'name',
        SINGLE_LINE_TEXT_MESSAGE,
      );
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { host: cluster.host },
        payload: {
          hubIdentifier: hub.identifier,
          firstName: 'Mallory\r\nSubject: hi',
          lastName: 'X',
          email: 'mallory@example.test',
          password: 'Password-1',
        },
      });
      expectFieldError(signUp, 'firstName', SINGLE_LINE_TEXT_MESSAGE);
    });

    it('keeps line breaks and tabs in multi-line fields, refuses other control characters, and trims a single line', async () => {
      const saved = await call('PATCH', '/api/profiles/me', {
        about: 'Line one\r\nLine two\n\tindented',
        headline: '  Engineer  ',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const profile = (await call('GET', `/api/profiles/${admin.identifier}`)).json<{
        profile: { headline: string; sections: { about?: { about: string } } };
      }>().profile;
      expect(profile.headline).toBe('Engineer');
      expect(profile.sections.about?.about).toBe('Line one\r\nLine two\n\tindented');
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { about: 'Ring \u0007 the bell' }),
        'about',
        MULTI_LINE_TEXT_MESSAGE,
      );
      expectFieldError(
        await call('PATCH', '/api/profiles/me', { about: 'Old Mac\rline' }),
        'about',
        MULTI_LINE_TEXT_MESSAGE,
      );
    });
  });
});
