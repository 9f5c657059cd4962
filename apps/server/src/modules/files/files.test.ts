import sharp from 'sharp';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
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
import { AppError } from '../../lib/app-error.js';
import { detectDocument, DOCX_MAX_EXPANDED_BYTES } from './uploads.js';

/** A real ZIP bomb: a DOCX whose word/document.xml is `expandedMb` MB of zeros, deflated to a few hundred kB. */
function docxBomb(expandedMb: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  const document = new ZipDeflate('word/document.xml', { level: 9 });
  zip.add(document);
  const megabyte = new Uint8Array(1024 * 1024);
  for (let i = 0; i < expandedMb; i += 1) document.push(megabyte, i === expandedMb - 1);
  zip.end();
  return Buffer.concat(chunks);
}

/** A multipart body as a browser would send it. */
async function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describeDb('photo and document uploads', () => {
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

  async function upload(
    url: string,
    file: { name: string; bytes: Uint8Array; type: string },
    fields: Record<string, string> = {},
    withToken = token,
  ) {
    const body = await multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { host: cluster.host, authorization: `Bearer ${withToken}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  it('stores a photo as 512 and 128 px WebP without EXIF, and the health score counts it', async () => {
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/api/profiles/me',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      })
    ).json().profile;
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload('/api/profiles/me/photo', {
      name: 'me.jpg',
      bytes: jpeg,
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(200);
    const { photoUrl, photoUrlSmall } = response.json();

    const large = await t.app.inject({ method: 'GET', url: photoUrl, headers: { host: cluster.host } });
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(large.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 512, undefined]);
    const small = await t.app.inject({ method: 'GET', url: photoUrlSmall, headers: { host: cluster.host } });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(128);

    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/api/profiles/me',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      })
    ).json().profile;
    expect(after.photoUrl).toBe(photoUrl);
    expect(after.sections.health.score).toBeGreaterThan(before.sections.health.score);
  });

  it('refuses a file that is not an image whatever its name, and a photo over 5 MB with 413', async () => {
    const fake = await upload('/api/profiles/me/photo', {
      name: 'me.jpg',
      bytes: strToU8('<html><script>alert(1)</script></html>'),
      type: 'image/jpeg',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields.file).toBe('Upload a JPEG, PNG or WebP image.');
    const huge = await upload('/api/profiles/me/photo', {
      name: 'big.jpg',
      bytes: new Uint8Array(5 * 1024 * 1024 + 10),
      type: 'image/jpeg',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.user_message).toBe('The photo must be 5 MB or smaller.');
  });

  it('refuses an anonymous upload before reading its body (401, not a complaint about the file)', async () => {
    const junk = { 'content-type': 'multipart/form-data; boundary=x', host: cluster.host };
    for (const url of ['/api/profiles/me/photo', '/api/profiles/me/files']) {
      const response = await t.app.inject({ method: 'POST', url, headers: junk, payload: '--x--\r\n' });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
  });

  it('refuses a DOCX bomb from its central directory without inflating it, for profile files and resource attachments', async () => {
    const bomb = docxBomb(Math.ceil(DOCX_MAX_EXPANDED_BYTES / (1024 * 1024)) + 10);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    const refusal = (() => {
      try {
        return detectDocument(Buffer.from(bomb));
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal instanceof AppError && refusal.fields?.file).toBe(
      'This document expands to more than 100 MB. Upload a smaller one.',
    );
    // Nothing near the 110 MB the entry expands to was allocated to find that out.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(10 * 1024 * 1024);
    const response = await upload('/api/profiles/me/files', {
      name: 'bomb.docx',
      bytes: bomb,
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.file).toBe(
      'This document expands to more than 100 MB. Upload a smaller one.',
    );
    const body = await multipart({}, { name: 'bomb.docx', bytes: bomb, type: 'application/octet-stream' });
    const resource = await t.app.inject({
      method: 'POST',
      url: '/api/resources/attachments',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': String(hub.id),
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    expect(resource.statusCode).toBe(400);
    expect(resource.json().error.fields.file).toBe(
      'This document expands to more than 100 MB. Upload a smaller one.',
    );
  });

  it('downloads a document named with non-Latin-1 characters under an RFC 6266 file name', async () => {
    const pdf = await upload('/api/profiles/me/files', {
      name: 'CV – Sam.pdf',
      bytes: strToU8('%PDF-1.7\n'),
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf.json().file.id as string}`,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="CV ? Sam.pdf"; filename*=UTF-8''CV%20%E2%80%93%20Sam.pdf`,
    );
    await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${pdf.json().file.id as string}`,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
  });

  it('stores a PDF and a DOCX by magic bytes and serves them as attachments to allowed viewers only', async () => {
    const pdf = await upload(
      '/api/profiles/me/files',
      { name: 'cv.pdf', bytes: strToU8('%PDF-1.7\n%fake but typed\n'), type: 'application/pdf' },
      { kind: 'resume' },
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().file).toMatchObject({ kind: 'resume', name: 'cv.pdf', mimeType: 'application/pdf' });
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document/>'),
    });
    const word = await upload('/api/profiles/me/files', {
      name: 'letter.docx',
      bytes: docx,
      type: 'application/octet-stream',
    });
    expect(word.statusCode).toBe(201);
    const zipOnly = await upload('/api/profiles/me/files', {
      name: 'x.docx',
      bytes: zipSync({ 'a.txt': strToU8('a') }),
      type: 'application/zip',
    });
    expect(zipOnly.statusCode).toBe(400);

    const fileId = pdf.json().file.id as string;
    const peer = await createUser(t.database.db, cluster, { hub });
    const { token: peerToken } = await signIn(t.app, cluster, peer);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { host: cluster.host, authorization: `Bearer ${peerToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
    expect(download.body.startsWith('%PDF-')).toBe(true);

    const otherHub = await createHub(t.database.db, cluster);
    const outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    const { token: outsiderToken } = await signIn(t.app, cluster, outsider);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${fileId}`,
          headers: { host: cluster.host, authorization: `Bearer ${outsiderToken}` },
        })
      ).statusCode,
    ).toBe(404);

    const profile = (
      await t.app.inject({
        method: 'GET',
        url: '/api/profiles/me',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      })
    ).json().profile;
    expect(profile.sections.files.map((f: { name: string }) => f.name)).toEqual(['cv.pdf', 'letter.docx']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${fileId}`,
      headers: { host: cluster.host, authorization: `Bearer ${peerToken}` },
    });
    expect(removed.statusCode).toBe(404);
    const ownRemove = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${fileId}`,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(ownRemove.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${fileId}`,
          headers: { host: cluster.host, authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(404);
  });
});
