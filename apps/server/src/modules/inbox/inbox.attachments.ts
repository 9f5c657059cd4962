import { randomBytes } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, INBOX_PATHS, ZAttachmentParams, ZAttachmentResponse, ZErrorBody, ZOkResponse, ZThreadParams } from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { messageAttachments } from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { decodeImage, detectDocument, DOCUMENT_TYPE_MESSAGE, imageFormatOf, readUpload } from '../files/uploads.js';
import { requireCanReply } from './inbox.policy.js';
import { presentAttachment, threadView } from './inbox.presenter.js';
import { findAttachmentFor, findThreadFor } from './inbox.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };
const TOO_LARGE = 'The file must be 10 MB or smaller.';
const UNSUPPORTED = 'Attach a PDF, Word (DOCX), JPEG, PNG or WebP file.';

type TCheckedFile = { bytes: Buffer; mimeType: string; extension: string };

/**
 * Attachment types by their bytes, whatever the name says: PDF and DOCX as profile documents are checked,
 * and JPEG, PNG or WebP images, re-encoded in their own format so EXIF data (such as a location) is dropped.
 */
export async function checkAttachment(bytes: Buffer): Promise<TCheckedFile> {
  const format = await imageFormatOf(bytes);
  if (format === 'jpeg' || format === 'png' || format === 'webp') {
    const clean = await decodeImage(bytes).rotate().toFormat(format).toBuffer();
    return { bytes: clean, mimeType: `image/${format}`, extension: format === 'jpeg' ? 'jpg' : format };
  }
  try {
    const document = detectDocument(bytes);
    return { bytes, mimeType: document.mimeType, extension: document.extension };
  } catch (error) {
    // A document refused for its size keeps that message; anything else is simply the wrong type.
    if (error instanceof AppError && error.fields?.file !== DOCUMENT_TYPE_MESSAGE) throw error;
    throw validationError({ file: UNSUPPORTED });
  }
}

/** The thread of the request's hub in which the viewer may reply now (404 for others, 403 when read-only). */
async function requireReplyableThread(ctx: TRequestContext, threadId: string) {
  const viewerId = ctx.requireViewer().user.id;
  const row = await findThreadFor(ctx.tx, { threadId, viewerId, hubId: ctx.requireHub().id });
  if (!row) throw notFound('Thread');
  requireCanReply(threadView(row, viewerId));
  return row;
}

/**
 * Message attachments (spec 3 Meeting/message attachments), stored like profile files: the bytes go to the
 * uploader's data region under a random key before the transaction that records them, and are served only
 * to the thread's participants, as downloads.
 */
export function inboxAttachmentRoutes(deps: Pick<TAppDeps, 'storage'>): FastifyPluginAsyncZod {
  const { storage } = deps;
  return async (app) => {
    app.post(
      INBOX_PATHS.attachments,
      {
        schema: {
          tags: ['inbox'],
          summary: 'Upload a file to send in a thread (PDF, DOCX, JPEG, PNG or WebP, 10 MB at most; multipart field "file"); send it with attachmentIds',
          consumes: ['multipart/form-data'],
          params: ZThreadParams,
          response: { 201: ZAttachmentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const tenant = { auth: 'required', hub: 'required' } as const;
        // The thread is checked before the file is read, so an outsider's upload is refused unread.
        const region: TDataRegion = await request.tenant(tenant, async (ctx) => {
          const row = await requireReplyableThread(ctx, request.params.id);
          return dataRegionForHubId(row.thread.hubId);
        });
        const upload = await readUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, tooLargeMessage: TOO_LARGE, missingMessage: 'Choose a file to attach.' });
        const file = await checkAttachment(upload.bytes);
        const key = randomBytes(16).toString('hex');
        // Bytes are written before the transaction (no I/O inside it); a failed write leaves only a file.
        await storage.put(region, key, file.bytes);
        const row = await request.tenant(tenant, async (ctx) => {
          const thread = await requireReplyableThread(ctx, request.params.id);
          const [inserted] = await ctx.tx
            .insert(messageAttachments)
            .values({
              clusterId: ctx.clusterId,
              threadId: thread.thread.id,
              userId: ctx.requireViewer().user.id,
              region,
              storageKey: key,
              mimeType: file.mimeType,
              sizeBytes: file.bytes.length,
              originalName: `${upload.filename.replace(/\.[^.]*$/, '') || 'attachment'}.${file.extension}`,
              createdAt: ctx.now,
            })
            .returning();
          return inserted;
        });
        if (!row) throw new Error('attachment insert returned no row');
        return reply.code(201).send({ attachment: presentAttachment(row) });
      },
    );

    app.get(
      INBOX_PATHS.attachment,
      { schema: { tags: ['inbox'], summary: 'Download an attachment (participants of its thread only)', params: ZAttachmentParams } },
      async (request, reply) => {
        const file = await request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
          const found = await findAttachmentFor(ctx.tx, { attachmentId: request.params.attachmentId, viewerId: ctx.requireViewer().user.id });
          if (!found) throw notFound('Attachment');
          return found;
        });
        const bytes = await storage.get(file.region as TDataRegion, file.storageKey);
        if (!bytes) throw notFound('Attachment');
        return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
      },
    );

    app.delete(
      INBOX_PATHS.attachment,
      { schema: { tags: ['inbox'], summary: 'Remove one of my uploads that I have not sent yet', params: ZAttachmentParams, response: { 200: ZOkResponse, ...errors } } },
      async (request) => {
        const removed = await request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
          const [row] = await ctx.tx
            .delete(messageAttachments)
            .where(
              and(
                eq(messageAttachments.id, request.params.attachmentId),
                eq(messageAttachments.userId, ctx.requireViewer().user.id),
                isNull(messageAttachments.messageId),
              ),
            )
            .returning();
          if (!row) throw notFound('Attachment');
          return row;
        });
        await storage.remove(removed.region as TDataRegion, removed.storageKey);
        return { ok: true as const };
      },
    );
  };
}
