import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCluster, createHub, createUser, signIn, type TTestCluster } from '../../../test/factories.js';
import { describeDb, openTestDatabase } from '../../../test/test-app.js';
import { buildApp, type TApp } from '../../app.js';
import { loadConfig } from '../../config.js';

type TS3rver = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => TS3rver;
const BUCKET = 'commons-eu-files';

/** Every file below a folder, as paths relative to it. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describeDb('uploads of a hub in the EU data region go to its S3 bucket (S3_BUCKET_EU)', () => {
  let server: TS3rver;
  let s3Dir: string;
  let dataDir: string;
  let app: TApp;
  let close: () => Promise<void>;
  let cluster: TTestCluster;
  let token: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'commons-s3-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'commons-app-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    const database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      S3_BUCKET_EU: BUCKET,
      S3_REGION_EU: 'eu-central-1',
      S3_ENDPOINT_EU: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    app = await buildApp({
      config,
      database,
      logger: false,
      rateLimits: { authPerIp: 1000, authPerEmail: 1000 },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      await database.dropDatabase();
    };
    cluster = await createCluster(database.db);
    const euHub = await createHub(database.db, cluster, { id: 2_000_777 });
    token = (await signIn(app, cluster, await createUser(database.db, cluster, { hub: euHub }))).token;
  });
  afterAll(async () => {
    await close();
    await server.close();
  });

  it('stores the photo sizes in the bucket, none on local disk, serves them back and removes them on replacement', async () => {
    const upload = async () => {
      const form = new FormData();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } })
        .png()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const encoded = new Response(form);
      return app.inject({
        method: 'POST',
        url: '/api/profiles/me/photo',
        headers: {
          host: cluster.host,
          authorization: `Bearer ${token}`,
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const key = /photos\/([a-f0-9]{32})\//.exec(first.json().photoUrl)?.[1] ?? '';
    const objects = listFiles(path.join(s3Dir, BUCKET)).filter((f) => f.endsWith('._S3rver_object'));
    expect(objects.sort()).toEqual([
      `eu/${key.slice(0, 2)}/${key}-128._S3rver_object`,
      `eu/${key.slice(0, 2)}/${key}-512._S3rver_object`,
    ]);
    expect(listFiles(path.join(dataDir, 'files'))).toEqual([]);

    const served = await app.inject({
      method: 'GET',
      url: first.json().photoUrl,
      headers: { host: cluster.host },
    });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);

    expect((await upload()).statusCode).toBe(200);
    const after = listFiles(path.join(s3Dir, BUCKET)).filter((f) => f.endsWith('._S3rver_object'));
    expect(after).toHaveLength(2);
    expect(after.some((f) => f.includes(key))).toBe(false);
  });
});
