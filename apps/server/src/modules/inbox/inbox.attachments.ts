import type { TDataRegion } from '@commons/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { messageAttachments } from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { decodeImage, detectDocument, DOCUMENT_TYPE_MESSAGE, imageFormatOf } from '../files/uploads.js';
import { requireCanReply, requireThreadParticipant } from './inbox.policy.js';
import { threadView } from './inbox.presenter.js';

export const ATTACHMENT_TOO_LARGE = 'The file must be 10 MB or smaller.';
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
export async function requireReplyableThread(ctx: TRequestContext, threadId: string) {
  const row = await requireThreadParticipant(ctx, threadId);
  requireCanReply(threadView(row, ctx.requireViewer().user.id));
  return row;
}

/** Records an upload whose bytes are already stored under `storageKey`; it waits for the reply that sends it. */
export async function recordAttachment(
  ctx: TRequestContext,
  input: {
    threadId: string;
    region: TDataRegion;
    storageKey: string;
    file: TCheckedFile;
    uploadName: string;
  },
) {
  const [inserted] = await ctx.tx
    .insert(messageAttachments)
    .values({
      clusterId: ctx.clusterId,
      threadId: input.threadId,
      userId: ctx.requireViewer().user.id,
      region: input.region,
      storageKey: input.storageKey,
      mimeType: input.file.mimeType,
      sizeBytes: input.file.bytes.length,
      originalName: `${input.uploadName.replace(/\.[^.]*$/, '') || 'attachment'}.${input.file.extension}`,
      createdAt: ctx.now,
    })
    .returning();
  if (!inserted) throw new Error('attachment insert returned no row');
  return inserted;
}

/** Deletes one of the viewer's uploads that no message sent yet (404 otherwise); the caller removes its bytes. */
export async function removeUnsentAttachment(ctx: TRequestContext, attachmentId: string) {
  const [row] = await ctx.tx
    .delete(messageAttachments)
    .where(
      and(
        eq(messageAttachments.id, attachmentId),
        eq(messageAttachments.userId, ctx.requireViewer().user.id),
        isNull(messageAttachments.messageId),
      ),
    )
    .returning();
  if (!row) throw notFound('Attachment');
  return row;
}
