import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

async function multipart(file: { name: string; bytes: Uint8Array; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describeDb('rich-text editor images', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let token: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const user = await createUser(t.database.db, cluster, { hub });
    token = (await signIn(t.app, cluster, user)).token;
  });
  afterAll(async () => t.close());

  const upload = async (
    file: { name: string; bytes: Uint8Array; type: string },
    withToken: string | null = token,
  ) => {
    const body = await multipart(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/rich-text/images',
      headers: {
        host: cluster.host,
        'x-hub-id': hub.identifier,
        'content-type': body.contentType,
        ...(withToken ? { authorization: `Bearer ${withToken}` } : {}),
      },
      payload: body.payload,
    });
  };

  it('stores an uploaded image as WebP without metadata, at a URL the sanitiser keeps', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2255aa' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret' } })
      .toBuffer();
    const response = await upload({ name: 'chart.png', bytes: png, type: 'image/png' });
    expect(response.statusCode, response.body).toBe(201);
    const { url, width, height } = response.json<{ url: string; width: number; height: number }>();
    expect([width, height]).toEqual([1600, 800]);
    const html = `<p><img src="${url}" alt="chart" /></p>`;
    expect(sanitizeRichText(html)).toBe(html);
    const served = await t.app.inject({ method: 'GET', url, headers: { host: cluster.host } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses bytes that are not an image, and anonymous uploads', async () => {
    const fake = await upload({
      name: 'x.png',
      bytes: new TextEncoder().encode('<svg onload=alert(1)>'),
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload({ name: 'x.png', bytes: png, type: 'image/png' }, null)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown key and on another cluster host', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { url } = (await upload({ name: 'x.png', bytes: png, type: 'image/png' })).json<{ url: string }>();
    const other = await createCluster(t.database.db);
    expect((await t.app.inject({ method: 'GET', url, headers: { host: other.host } })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/rich-text/images/00000000000000000000000000000000',
          headers: { host: cluster.host },
        })
      ).statusCode,
    ).toBe(404);
  });
});
