import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type TS3Location } from '../config.js';
import { createS3Storage } from './storage-s3.js';
import { createStorage } from './storage.js';

/** s3rver: an S3-compatible HTTP server in Node that checks Signature V4 (no types published). */
type TS3rver = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => TS3rver;

const BUCKET = 'commons-files';
const KEY = 'a1'.repeat(16);

describe('S3 storage against a real S3-compatible HTTP server (s3rver)', () => {
  let server: TS3rver;
  let endpoint: string;
  let s3Dir: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'commons-s3-'));
    // Its default key pair is S3RVER/S3RVER; signatures made with anything else are refused with 403.
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => server.close());

  const location = (overrides: Partial<TS3Location> = {}): TS3Location => ({
    bucket: BUCKET,
    region: 'eu-west-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    keyPrefix: 'uploads/',
    ...overrides,
  });

  it('puts, gets and removes objects under {prefix}{region}/{xx}/{key}, and a missing object reads as null', async () => {
    const storage = createS3Storage(location());
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3, 255]);
    await storage.put('eu', KEY, bytes);
    expect(existsSync(path.join(s3Dir, BUCKET, 'uploads', 'eu', 'a1', `${KEY}._S3rver_object`))).toBe(true);
    expect(new Uint8Array((await storage.get('eu', KEY)) ?? [])).toEqual(bytes);
    expect(await storage.get('us', KEY)).toBeNull();
    await storage.remove('eu', KEY);
    expect(await storage.get('eu', KEY)).toBeNull();
    // Removing what is not there is not an error (like rm -f).
    await storage.remove('eu', KEY);
  });

  it('refuses keys the server did not generate before any request', async () => {
    const storage = createS3Storage(location());
    await expect(storage.get('eu', '../../etc/passwd')).rejects.toThrow('unsafe storage key');
  });

  it('stores each data region where the configuration says: S3_BUCKET_EU in S3, the rest on local disk', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'commons-local-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      S3_BUCKET_EU: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(Object.keys(config.s3)).toEqual(['eu']);
    expect(config.s3.eu).toMatchObject({
      bucket: BUCKET,
      region: 'us-east-1',
      forcePathStyle: true,
      keyPrefix: '',
    });
    const storage = createStorage(config);
    await storage.put('eu', KEY, new Uint8Array([7]));
    await storage.put('us', KEY, new Uint8Array([8]));
    expect(existsSync(path.join(s3Dir, BUCKET, 'eu', 'a1', `${KEY}._S3rver_object`))).toBe(true);
    expect(existsSync(path.join(dataDir, 'files', 'eu', 'a1', KEY))).toBe(false);
    expect(existsSync(path.join(dataDir, 'files', 'us', 'a1', KEY))).toBe(true);
    expect([...((await storage.get('eu', KEY)) ?? [])]).toEqual([7]);
    expect([...((await storage.get('us', KEY)) ?? [])]).toEqual([8]);
  });

  it('refuses half a key pair in the configuration', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'only-the-id',
      }),
    ).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  });
});

/**
 * s3rver does not check Signature V4, so the signing is tested against this small S3 endpoint: it
 * verifies AWS Signature V4 as AWS documents it (canonical request, string to sign, HMAC key chain,
 * payload hash) and implements the three object calls Commons uses, path-style, in memory.
 */
function startSigV4Server(options: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
}) {
  const objects = new Map<string, Buffer>();
  const seen: Array<{ method: string; path: string; scope: string }> = [];
  const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const xmlError = (code: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

  function signatureProblem(request: IncomingMessage, url: URL, body: Buffer): string | null {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        request.headers.authorization ?? '',
      );
    if (!match) return 'AccessDenied';
    const [, keyId = '', day = '', region = '', signedHeaders = '', signature = ''] = match;
    if (keyId !== options.accessKeyId) return 'InvalidAccessKeyId';
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (!amzDate.startsWith(day) || !signedHeaders.split(';').includes('host')) return 'AccessDenied';
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return 'XAmzContentSHA256Mismatch';
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
      .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signedHeaders
      .split(';')
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join(
      '\n',
    );
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), region), 's3'),
      'aws4_request',
    );
    const expected = hmac(signingKey, stringToSign);
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'SignatureDoesNotMatch';
    seen.push({ method: request.method ?? '', path: url.pathname, scope });
    return null;
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://s3.test');
      const send = (status: number, payload: string | Buffer = '') => {
        response.writeHead(status, {
          'content-type': typeof payload === 'string' ? 'application/xml' : 'application/octet-stream',
        });
        response.end(payload);
      };
      const problem = signatureProblem(request, url, body);
      if (problem) return send(403, xmlError(problem));
      const prefix = `/${options.bucket}/`;
      if (!url.pathname.startsWith(prefix)) return send(404, xmlError('NoSuchBucket'));
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (request.method === 'PUT') {
        objects.set(key, body);
        return send(200);
      }
      if (request.method === 'GET') {
        const found = objects.get(key);
        return found ? send(200, found) : send(404, xmlError('NoSuchKey'));
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return send(204);
      }
      return send(405, xmlError('MethodNotAllowed'));
    });
  });
  return {
    objects,
    seen,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('S3 storage request signing (AWS Signature V4, verified by an in-process S3 endpoint)', () => {
  const credentials = { accessKeyId: 'AKIACOMMONSTEST', secretAccessKey: 'c0mmons/s3cret+key' };
  const s3 = startSigV4Server({ ...credentials, region: 'ca-central-1', bucket: BUCKET });
  let endpoint = '';
  beforeAll(async () => {
    endpoint = await s3.start();
  });
  afterAll(async () => s3.stop());

  const location = (overrides: Partial<TS3Location> = {}): TS3Location => ({
    bucket: BUCKET,
    region: 'ca-central-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    keyPrefix: 'tenant-files/',
    ...overrides,
  });

  it('signs puts (with the payload hash), gets and deletes for the configured region, path-style', async () => {
    const storage = createS3Storage(location());
    await storage.put('ca', KEY, new Uint8Array([1, 2, 3]));
    expect([...(s3.objects.get(`tenant-files/ca/a1/${KEY}`) ?? [])]).toEqual([1, 2, 3]);
    expect([...((await storage.get('ca', KEY)) ?? [])]).toEqual([1, 2, 3]);
    await storage.remove('ca', KEY);
    expect(await storage.get('ca', KEY)).toBeNull();
    expect(s3.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /${BUCKET}/tenant-files/ca/a1/${KEY}`,
      `GET /${BUCKET}/tenant-files/ca/a1/${KEY}`,
      `DELETE /${BUCKET}/tenant-files/ca/a1/${KEY}`,
      `GET /${BUCKET}/tenant-files/ca/a1/${KEY}`,
    ]);
    expect(s3.seen.every((r) => r.scope.endsWith('/ca-central-1/s3/aws4_request'))).toBe(true);
  });

  it('fails loudly when the secret or the region is wrong (the server refuses the signature)', async () => {
    const wrongSecret = createS3Storage(
      location({ credentials: { ...credentials, secretAccessKey: 'not-the-secret' } }),
    );
    await expect(wrongSecret.put('ca', KEY, new Uint8Array([1]))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    const wrongKey = createS3Storage(location({ credentials: { ...credentials, accessKeyId: 'AKIAOTHER' } }));
    await expect(wrongKey.get('ca', KEY)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(s3.objects.size).toBe(0);
  });
});
