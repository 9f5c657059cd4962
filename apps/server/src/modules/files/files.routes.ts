import { randomBytes } from 'node:crypto';
import { FILE_PATHS, ZErrorBody, ZFileParams, ZOkResponse, ZPhotoParams, ZPhotoResponse, ZUploadKind, ZUserFileResponse } from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { userFiles, users } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { profileAccess } from '../profiles/profiles.policy.js';
import { findProfile } from '../profiles/profiles.queries.js';
import { detectDocument, DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES, processPhoto, readUpload, storedObjectKeys } from './uploads.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };

/** The data region of the viewer's files: the region of their default hub (spec 9). */
export function regionOf(ctx: TRequestContext): TDataRegion {
  const viewer = ctx.requireViewer();
  const home = viewer.memberships.find((m) => m.isDefault) ?? viewer.memberships[0];
  return home ? dataRegionForHubId(home.hubId) : 'us';
}

/** Photo and document uploads of issue #4 item 4. */
export function fileRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsyncZod {
  const { storage } = deps;
  return async (app) => {
    app.post(
      FILE_PATHS.photo,
      { schema: { tags: ['files'], summary: 'Upload my photo (JPEG, PNG or WebP, 5 MB at most; multipart field "file")', consumes: ['multipart/form-data'], response: { 200: ZPhotoResponse, ...errors } } },
      async (request) => {
        // Signed in first: an anonymous upload is refused before a byte of it is read or decoded.
        const region = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => regionOf(ctx));
        const upload = await readUpload(request, { maxBytes: PHOTO_MAX_BYTES, tooLargeMessage: 'The photo must be 5 MB or smaller.' });
        const variants = await processPhoto(upload.bytes);
        const key = randomBytes(16).toString('hex');
        // Bytes are written before the transaction (no I/O inside it); a failed write leaves only a file.
        await storage.put(region, `${key}-512`, variants[512]);
        await storage.put(region, `${key}-128`, variants[128]);
        const previous = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const viewer = ctx.requireViewer();
          const old = await ctx.tx.delete(userFiles).where(and(eq(userFiles.userId, viewer.user.id), eq(userFiles.kind, 'photo'))).returning();
          await ctx.tx.insert(userFiles).values({
            clusterId: ctx.clusterId,
            userId: viewer.user.id,
            kind: 'photo',
            region,
            storageKey: key,
            mimeType: 'image/webp',
            sizeBytes: variants[512].length,
            originalName: upload.filename || 'photo',
          });
          await ctx.tx.update(users).set({ photoUrl: `/api/files/photos/${key}/512`, updatedAt: ctx.now }).where(eq(users.id, viewer.user.id));
          await refreshDirectoryEntries(ctx.tx, viewer.user.id);
          await ctx.audit({ action: 'profile.photo', targetType: 'user', targetId: viewer.user.id });
          return old;
        });
        for (const old of previous) {
          for (const oldKey of storedObjectKeys(old)) await storage.remove(old.region as TDataRegion, oldKey);
        }
        return { photoUrl: `/api/files/photos/${key}/512`, photoUrlSmall: `/api/files/photos/${key}/128` };
      },
    );

    // Photo URLs are capabilities: 128 random bits, so <img> tags work without a bearer token.
    app.get(
      FILE_PATHS.photoVariant,
      { schema: { tags: ['files'], summary: 'A profile photo (512 or 128 px WebP)', params: ZPhotoParams, produces: ['image/webp'] } },
      async (request, reply) => {
        const file = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          const [row] = await ctx.tx.select().from(userFiles).where(and(eq(userFiles.storageKey, request.params.key), eq(userFiles.kind, 'photo'))).limit(1);
          return row ?? null;
        });
        const bytes = file ? await storage.get(file.region as TDataRegion, `${file.storageKey}-${request.params.size}`) : null;
        if (!bytes) throw notFound('Photo');
        return reply
          .header('content-type', 'image/webp')
          .header('content-disposition', 'inline; filename="photo.webp"')
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(bytes);
      },
    );

    app.post(
      FILE_PATHS.myFiles,
      { schema: { tags: ['files'], summary: 'Upload a resume or document (PDF or DOCX, 10 MB at most; fields "kind" then "file")', consumes: ['multipart/form-data'], response: { 201: ZUserFileResponse, ...errors } } },
      async (request, reply) => {
        // Signed in first: an anonymous upload is refused before a byte of it is read or unzipped.
        const region = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => regionOf(ctx));
        const upload = await readUpload(request, { maxBytes: DOCUMENT_MAX_BYTES, tooLargeMessage: 'The document must be 10 MB or smaller.' });
        const kind = ZUploadKind.safeParse(upload.fields.kind ?? 'document');
        if (!kind.success) throw validationError({ kind: 'Choose resume or document.' });
        const type = detectDocument(upload.bytes);
        const key = randomBytes(16).toString('hex');
        await storage.put(region, key, upload.bytes);
        const row = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const viewer = ctx.requireViewer();
          const [inserted] = await ctx.tx
            .insert(userFiles)
            .values({
              clusterId: ctx.clusterId,
              userId: viewer.user.id,
              kind: kind.data,
              region,
              storageKey: key,
              mimeType: type.mimeType,
              sizeBytes: upload.bytes.length,
              originalName: `${upload.filename.replace(/\.[^.]*$/, '') || 'document'}.${type.extension}`,
            })
            .returning();
          await ctx.audit({ action: 'profile.file_upload', targetType: 'file', targetId: inserted?.id ?? '' });
          return inserted;
        });
        if (!row) throw new Error('file insert returned no row');
        return reply.status(201).send({
          file: { id: row.id, kind: kind.data, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, createdAt: row.createdAt.toISOString() },
        });
      },
    );

    app.get(
      FILE_PATHS.file,
      { schema: { tags: ['files'], summary: 'Download a document: its owner, admins and members who may see the profile', params: ZFileParams } },
      async (request, reply) => {
        const file = await request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
          const [row] = await ctx.tx.select({ file: userFiles, identifier: users.identifier }).from(userFiles).innerJoin(users, eq(users.id, userFiles.userId)).where(eq(userFiles.id, request.params.id)).limit(1);
          if (!row || row.file.kind === 'photo') throw notFound('File');
          const record = await findProfile(ctx.tx, row.identifier);
          if (!record || !profileAccess(ctx, record)) throw notFound('File');
          return row.file;
        });
        const bytes = await storage.get(file.region as TDataRegion, file.storageKey);
        if (!bytes) throw notFound('File');
        return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
      },
    );

    app.delete(
      FILE_PATHS.file,
      { schema: { tags: ['files'], summary: 'Delete one of my documents', params: ZFileParams, response: { 200: ZOkResponse, ...errors } } },
      async (request) => {
        const removed = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const viewer = ctx.requireViewer();
          const [row] = await ctx.tx.delete(userFiles).where(and(eq(userFiles.id, request.params.id), eq(userFiles.userId, viewer.user.id))).returning();
          if (!row || row.kind === 'photo') throw notFound('File');
          await ctx.audit({ action: 'profile.file_delete', targetType: 'file', targetId: row.id });
          return row;
        });
        await storage.remove(removed.region as TDataRegion, removed.storageKey);
        return { ok: true as const };
      },
    );
  };
}
