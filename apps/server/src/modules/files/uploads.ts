import { unzipSync } from 'fflate';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import { AppError, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_SIZES = [512, 128] as const;
/** Largest image sharp decodes (pixels); a small file that claims more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * Largest total a DOCX may expand to, read from its central directory. Nothing is ever inflated to
 * check a document, so a ZIP bomb costs a directory walk, not gigabytes (issue #13 item 1).
 */
export const DOCX_MAX_EXPANDED_BYTES = 100 * 1024 * 1024;
/** More entries than this is not a Word document; the directory walk stops there. */
const DOCX_MAX_ENTRIES = 5_000;

export type TUpload = { bytes: Buffer; filename: string; fields: Record<string, string> };

/**
 * Reads the single uploaded file of a multipart request, refusing more than `maxBytes` before holding it
 * all (413). Call it only after the request was authenticated and authorised: an anonymous or refused
 * upload must cost nothing (issue #13 item 1).
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes: number; tooLargeMessage: string; missingMessage?: string },
): Promise<TUpload> {
  const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
  if (!part) throw validationError({ file: options.missingMessage ?? 'Choose a file to upload.' });
  try {
    const bytes = await part.toBuffer();
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      if (field && !Array.isArray(field) && field.type === 'field') fields[name] = String(field.value);
    }
    // A file name is shown and stored: no control characters (PostgreSQL refuses NUL; CR/LF break headers).
    return { bytes, filename: part.filename.replace(/\p{Cc}/gu, '').slice(0, 200), fields };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError({
        statusCode: 413,
        code: 'file_too_large',
        message: options.tooLargeMessage,
        userMessage: options.tooLargeMessage,
      });
    }
    throw error;
  }
}

/** A sharp pipeline that refuses images over IMAGE_MAX_PIXELS instead of decoding them. */
export function decodeImage(bytes: Buffer): sharp.Sharp {
  return sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS });
}

/** The format of an image by its bytes, or undefined when sharp cannot read it (or it is too large). */
export async function imageFormatOf(bytes: Buffer): Promise<string | undefined> {
  try {
    const meta = await decodeImage(bytes).metadata();
    // metadata() reads only the header; the pixel budget is checked here so the decode never starts.
    if (meta.width && meta.height && meta.width * meta.height > IMAGE_MAX_PIXELS) return undefined;
    return meta.format;
  } catch {
    return undefined;
  }
}

/**
 * Checks a photo by its bytes (JPEG, PNG or WebP, whatever its name says), drops EXIF and other metadata
 * (after applying the orientation), and renders the 512 px and 128 px squares as WebP.
 */
export async function processPhoto(bytes: Buffer): Promise<Record<(typeof PHOTO_SIZES)[number], Buffer>> {
  const format = await imageFormatOf(bytes);
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw validationError({ file: 'Upload a JPEG, PNG or WebP image.' });
  }
  const render = (size: number) =>
    decodeImage(bytes).rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  const [large, small] = await Promise.all([render(512), render(128)]);
  return { 512: large, 128: small };
}

export type TDocumentType = { mimeType: string; extension: 'pdf' | 'docx' };

/** The refusal of a file that is neither a PDF nor a DOCX. */
export const DOCUMENT_TYPE_MESSAGE = 'Upload a PDF or Word (DOCX) document.';
const EXPANDS_TOO_FAR_MESSAGE = 'This document expands to more than 100 MB. Upload a smaller one.';

/**
 * The entries of a ZIP as its central directory declares them, without inflating a byte (fflate's
 * filter sees each entry before decompression; answering false skips it). Null when unreadable.
 */
function zipDirectory(bytes: Buffer): Array<{ name: string; expandedBytes: number }> | null {
  const entries: Array<{ name: string; expandedBytes: number }> = [];
  try {
    unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filter: (file) => {
        if (entries.length >= DOCX_MAX_ENTRIES) throw new Error('too many ZIP entries');
        entries.push({ name: file.name, expandedBytes: file.originalSize });
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/**
 * PDF or DOCX by magic bytes (a DOCX is a ZIP whose directory lists word/document.xml), else a 400.
 * A DOCX whose entries declare more than DOCX_MAX_EXPANDED_BYTES in all is refused unopened.
 */
export function detectDocument(bytes: Buffer): TDocumentType {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { mimeType: 'application/pdf', extension: 'pdf' };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const entries = zipDirectory(bytes);
    if (entries?.some((entry) => entry.name === 'word/document.xml')) {
      const expanded = entries.reduce((sum, entry) => sum + entry.expandedBytes, 0);
      if (expanded > DOCX_MAX_EXPANDED_BYTES) throw validationError({ file: EXPANDS_TOO_FAR_MESSAGE });
      return {
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
      };
    }
  }
  throw validationError({ file: DOCUMENT_TYPE_MESSAGE });
}

/** The storage keys of one stored file: the two sizes of a photo, or the document itself. */
export function storedObjectKeys(file: { kind: string; storageKey: string }): string[] {
  return file.kind === 'photo' ? PHOTO_SIZES.map((size) => `${file.storageKey}-${size}`) : [file.storageKey];
}

/** The data region of the viewer's files: the region of their default hub (spec 9). */
export function regionOf(ctx: TRequestContext): TDataRegion {
  const viewer = ctx.requireViewer();
  const home = viewer.memberships.find((m) => m.isDefault) ?? viewer.memberships[0];
  return home ? dataRegionForHubId(home.hubId) : 'us';
}
