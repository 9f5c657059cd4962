import { randomBytes } from 'node:crypto';
import { FILE_ENDPOINTS, ZUploadKind } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { loadMyProfileAfterEdit } from '../profiles/profiles.completion.js';
import { profileAccess } from '../profiles/profiles.policy.js';
import { findProfile } from '../profiles/profiles.queries.js';
import { deleteMyFile, photoUrl, recordMyFile, replaceMyPhoto } from './files.commands.js';
import { findFileWithOwner, findPhoto } from './files.queries.js';
import {
  detectDocument,
  DOCUMENT_MAX_BYTES,
  PHOTO_MAX_BYTES,
  processPhoto,
  readUpload,
  regionOf,
  storedObjectKeys,
} from './uploads.js';

/**
 * Photo and document uploads of issue #4 item 4. Bytes are read and stored outside the tenant
 * transactions (no I/O inside one), so every endpoint opens its transactions itself.
 */
export function fileRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  const { storage } = deps;
  return async (app) => {
    route(app, FILE_ENDPOINTS.uploadPhoto, async ({ request }) => {
      const tenant = tenantOptionsOf(FILE_ENDPOINTS.uploadPhoto);
      // Signed in first: an anonymous upload is refused before a byte of it is read or decoded.
      const region = await request.tenant(tenant, async (ctx) => regionOf(ctx));
      const upload = await readUpload(request, {
        maxBytes: PHOTO_MAX_BYTES,
        tooLargeMessage: 'The photo must be 5 MB or smaller.',
      });
      const variants = await processPhoto(upload.bytes);
      const key = randomBytes(16).toString('hex');
      // Bytes are written before the transaction (no I/O inside it); a failed write leaves only a file.
      await storage.put(region, `${key}-512`, variants[512]);
      await storage.put(region, `${key}-128`, variants[128]);
      const previous = await request.tenant(tenant, async (ctx) => {
        const replaced = await replaceMyPhoto(ctx, {
          region,
          key,
          sizeBytes: variants[512].length,
          originalName: upload.filename || 'photo',
        });
        // A photo may bring the profile to 100 % (complete_profile action item, issue #18 item 4).
        await loadMyProfileAfterEdit(ctx);
        return replaced;
      });
      for (const old of previous) {
        for (const oldKey of storedObjectKeys(old)) await storage.remove(old.region as TDataRegion, oldKey);
      }
      return { photoUrl: photoUrl(key, '512'), photoUrlSmall: photoUrl(key, '128') };
    });

    route(app, FILE_ENDPOINTS.photo, async ({ request, reply, params }) => {
      const file = await request.tenant(tenantOptionsOf(FILE_ENDPOINTS.photo), (ctx) =>
        findPhoto(ctx, params.key),
      );
      const bytes = file
        ? await storage.get(file.region as TDataRegion, `${file.storageKey}-${params.size}`)
        : null;
      if (!bytes) throw notFound('Photo');
      return reply
        .header('content-type', 'image/webp')
        .header('content-disposition', 'inline; filename="photo.webp"')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(bytes);
    });

    route(app, FILE_ENDPOINTS.uploadFile, async ({ request }) => {
      const tenant = tenantOptionsOf(FILE_ENDPOINTS.uploadFile);
      // Signed in first: an anonymous upload is refused before a byte of it is read or unzipped.
      const region = await request.tenant(tenant, async (ctx) => regionOf(ctx));
      const upload = await readUpload(request, {
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLargeMessage: 'The document must be 10 MB or smaller.',
      });
      const kind = ZUploadKind.safeParse(upload.fields.kind ?? 'document');
      if (!kind.success) throw validationError({ kind: 'Choose resume or document.' });
      const type = detectDocument(upload.bytes);
      const key = randomBytes(16).toString('hex');
      await storage.put(region, key, upload.bytes);
      const row = await request.tenant(tenant, async (ctx) => {
        const recorded = await recordMyFile(ctx, {
          kind: kind.data,
          region,
          key,
          mimeType: type.mimeType,
          sizeBytes: upload.bytes.length,
          originalName: `${upload.filename.replace(/\.[^.]*$/, '') || 'document'}.${type.extension}`,
        });
        // A resume or document completes the upload_documents action item (issue #18 item 4).
        await completeViewerActionItem(ctx, 'upload_documents');
        return recorded;
      });
      return {
        file: {
          id: row.id,
          kind: kind.data,
          name: row.originalName,
          mimeType: row.mimeType,
          sizeBytes: row.sizeBytes,
          createdAt: row.createdAt.toISOString(),
        },
      };
    });

    route(app, FILE_ENDPOINTS.download, async ({ request, reply, params }) => {
      const file = await request.tenant(tenantOptionsOf(FILE_ENDPOINTS.download), async (ctx) => {
        const row = await findFileWithOwner(ctx, params.id);
        // Photos have their own route; application attachments are downloaded through their application.
        if (!row || row.file.kind === 'photo' || row.file.kind === 'attachment') throw notFound('File');
        const record = await findProfile(ctx.tx, row.identifier);
        if (!record || !profileAccess(ctx, record)) throw notFound('File');
        return row.file;
      });
      const bytes = await storage.get(file.region as TDataRegion, file.storageKey);
      if (!bytes) throw notFound('File');
      return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
    });

    route(app, FILE_ENDPOINTS.delete, async ({ request, params }) => {
      const removed = await request.tenant(tenantOptionsOf(FILE_ENDPOINTS.delete), (ctx) =>
        deleteMyFile(ctx, params.id),
      );
      await storage.remove(removed.region as TDataRegion, removed.storageKey);
      return { ok: true as const };
    });
  };
}
