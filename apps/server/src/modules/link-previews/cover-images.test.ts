import type { TEventDetail, TGroupDetail, TGroupListResponse } from '@commons/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { COVER_IMAGE_NOT_FOUND_MESSAGE } from './cover-images.js';

/** Covers of groups and events (issue #16 item 18): presets, images uploaded to the hub, nothing else. */
describeDb('cover images of groups and events', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let otherMember: TTestUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['groups', 'manage-events'],
    });
    otherMember = await createUser(t.database.db, cluster, { hub: otherHub });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id) ?? (await signIn(t.app, cluster, user)).token;
    tokens.set(user.id, known);
    return known;
  };
  const call = async (user: TTestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': user === otherMember ? otherHub.identifier : hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const uploadImage = async (user: TTestUser): Promise<string> => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    const encoded = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rich-text/images',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': user === otherMember ? otherHub.identifier : hub.identifier,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string }>().url;
  };

  it('keeps a preset cover of a new group, shows it in the list, and replaces or removes it', async () => {
    const created = await call(admin, 'POST', '/api/groups', {
      groupType: 'group',
      name: 'Cover club',
      coverImageUrl: '/covers/aurora.svg',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json<{ group: TGroupDetail }>().group;
    expect(group.coverImageUrl).toBe('/covers/aurora.svg');

    const list = (await call(admin, 'GET', '/api/groups?type=group')).json<TGroupListResponse>();
    expect(list.items.find((g) => g.id === group.id)?.coverImageUrl).toBe('/covers/aurora.svg');

    const uploaded = await uploadImage(admin);
    const replaced = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, {
      coverImageUrl: uploaded,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<{ group: TGroupDetail }>().group.coverImageUrl).toBe(uploaded);

    // Another field changes; the cover stays.
    const renamed = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, { description: 'Hi' });
    expect(renamed.json<{ group: TGroupDetail }>().group.coverImageUrl).toBe(uploaded);

    const removed = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, { coverImageUrl: null });
    expect(removed.json<{ group: TGroupDetail }>().group.coverImageUrl).toBeNull();
  });

  it('refuses a hot-linked URL, an unknown preset and an image of another hub, changing nothing', async () => {
    const created = await call(admin, 'POST', '/api/groups', {
      groupType: 'group',
      name: 'Strict covers',
      coverImageUrl: '/covers/waves.svg',
    });
    const group = created.json<{ group: TGroupDetail }>().group;
    for (const coverImageUrl of ['https://example.com/cat.jpg', '/covers/unknown.svg']) {
      const refused = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, { coverImageUrl });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields.coverImageUrl).toBe(
        'Choose one of the covers or upload an image.',
      );
    }
    const foreign = await uploadImage(otherMember);
    const refused = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, {
      coverImageUrl: foreign,
      description: 'Not saved',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields.coverImageUrl).toBe(
      COVER_IMAGE_NOT_FOUND_MESSAGE,
    );
    const never = await call(admin, 'PATCH', `/api/groups/${group.identifier}`, {
      coverImageUrl: `/api/rich-text/images/${'0'.repeat(32)}`,
    });
    expect(never.statusCode).toBe(400);
    const after = (await call(admin, 'GET', `/api/groups/${group.identifier}`)).json<{
      group: TGroupDetail;
    }>();
    expect(after.group.coverImageUrl).toBe('/covers/waves.svg');
    expect(after.group.description).toBe('');
  });

  it('gives an event a cover on creation and edits it', async () => {
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    const created = await call(admin, 'POST', '/api/events', {
      title: 'Cover night',
      format: 'inPerson',
      location: 'Main hall',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      timeZone: 'Europe/Berlin',
      coverImageUrl: '/covers/spark.svg',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<{ event: TEventDetail }>().event;
    expect(event.coverImageUrl).toBe('/covers/spark.svg');
    const foreign = await uploadImage(otherMember);
    const refused = await call(admin, 'PATCH', `/api/events/${event.id}`, { coverImageUrl: foreign });
    expect(refused.statusCode).toBe(400);
    const mine = await uploadImage(admin);
    const edited = await call(admin, 'PATCH', `/api/events/${event.id}`, { coverImageUrl: mine });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ event: TEventDetail }>().event.coverImageUrl).toBe(mine);
  });
});
