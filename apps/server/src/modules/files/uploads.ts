import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { validationError } from '../../lib/app-error.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_SIZES = [512, 128] as const;

/**
 * Checks a photo by its bytes (JPEG, PNG or WebP, whatever its name says), drops EXIF and other metadata
 * (after applying the orientation), and renders the 512 px and 128 px squares as WebP.
 */
export async function processPhoto(bytes: Buffer): Promise<Record<(typeof PHOTO_SIZES)[number], Buffer>> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw validationError({ file: 'Upload a JPEG, PNG or WebP image.' });
  }
  const render = (size: number) =>
    sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  const [large, small] = await Promise.all([render(512), render(128)]);
  return { 512: large, 128: small };
}

export type TDocumentType = { mimeType: string; extension: 'pdf' | 'docx' };

/** PDF or DOCX by magic bytes (a DOCX is a ZIP holding word/document.xml), else a 400. */
export function detectDocument(bytes: Buffer): TDocumentType {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mimeType: 'application/pdf', extension: 'pdf' };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    try {
      const entries = unzipSync(new Uint8Array(bytes), { filter: (f) => f.name === 'word/document.xml' });
      if (entries['word/document.xml']) {
        return { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };
      }
    } catch {
      // Not a readable ZIP: falls through to the refusal below.
    }
  }
  throw validationError({ file: 'Upload a PDF or Word (DOCX) document.' });
}

/** The storage keys of one stored file: the two sizes of a photo, or the document itself. */
export function storedObjectKeys(file: { kind: string; storageKey: string }): string[] {
  return file.kind === 'photo' ? PHOTO_SIZES.map((size) => `${file.storageKey}-${size}`) : [file.storageKey];
}
