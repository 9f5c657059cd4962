import { randomBytes } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, INBOX_ATTACHMENT_ENDPOINTS } from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import { readUpload } from '../files/uploads.js';
import {
  ATTACHMENT_TOO_LARGE,
  checkAttachment,
  recordAttachment,
  removeUnsentAttachment,
  requireReplyableThread,
} from './inbox.attachments.js';
import { presentAttachment } from './inbox.presenter.js';
import { findAttachmentFor } from './inbox.queries.js';

/**
 * Message attachments (spec 3 Meeting/message attachments), stored like profile files: the bytes go to the
 * uploader's data region under a random key before the transaction that records them, and are served only
 * to the thread's participants, as downloads.
 */
export function inboxAttachmentRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsync {
  const { storage } = deps;
  return async (app) => {
    const upload = INBOX_ATTACHMENT_ENDPOINTS.upload;
    route(app, upload, async ({ params, request }) => {
      const tenant = tenantOptionsOf(upload);
      // The thread is checked before the file is read, so an outsider's upload is refused unread.
      const region: TDataRegion = await request.tenant(tenant, async (ctx) =>
        dataRegionForHubId((await requireReplyableThread(ctx, params.id)).thread.hubId),
      );
      const received = await readUpload(request, {
        maxBytes: ATTACHMENT_MAX_BYTES,
        tooLargeMessage: ATTACHMENT_TOO_LARGE,
        missingMessage: 'Choose a file to attach.',
      });
      const file = await checkAttachment(received.bytes);
      const storageKey = randomBytes(16).toString('hex');
      // Bytes are written before the transaction (no I/O inside it); a failed write leaves only a file.
      await storage.put(region, storageKey, file.bytes);
      const row = await request.tenant(tenant, async (ctx) => {
        const thread = await requireReplyableThread(ctx, params.id);
        return recordAttachment(ctx, {
          threadId: thread.thread.id,
          region,
          storageKey,
          file,
          uploadName: received.filename,
        });
      });
      return { attachment: presentAttachment(row) };
    });

    route(app, INBOX_ATTACHMENT_ENDPOINTS.download, async ({ params, request, reply }) => {
      const file = await request.tenant(tenantOptionsOf(INBOX_ATTACHMENT_ENDPOINTS.download), async (ctx) => {
        const found = await findAttachmentFor(ctx.tx, {
          attachmentId: params.attachmentId,
          viewerId: ctx.requireViewer().user.id,
        });
        if (!found) throw notFound('Attachment');
        return found;
      });
      const bytes = await storage.get(file.region as TDataRegion, file.storageKey);
      if (!bytes) throw notFound('Attachment');
      return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
    });

    route(app, INBOX_ATTACHMENT_ENDPOINTS.remove, async ({ params, request }) => {
      const removed = await request.tenant(tenantOptionsOf(INBOX_ATTACHMENT_ENDPOINTS.remove), (ctx) =>
        removeUnsentAttachment(ctx, params.attachmentId),
      );
      // The bytes go once the row's deletion has committed: a failed commit must not lose a file still listed.
      await storage.remove(removed.region as TDataRegion, removed.storageKey);
      return { ok: true as const };
    });
  };
}
