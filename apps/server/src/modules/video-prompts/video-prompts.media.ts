import { VIDEO_POSTER_MESSAGE, VIDEO_TYPE_MESSAGE } from '@commons/contract';
import { VIDEO_PROMPT_LIMITS } from '@commons/domain';
import { validationError } from '../../lib/app-error.js';
import { decodeImage, imageFormatOf } from '../files/uploads.js';

/** A video answer's type by its bytes, whatever its name or declared type says. */
export type TVideoType = { mimeType: 'video/webm' | 'video/mp4'; extension: 'webm' | 'mp4' };

/**
 * A video by its bytes: WebM (an EBML header whose doc type is "webm", as browsers' MediaRecorder writes) or MP4
 * (an ISO "ftyp" box); else 400.
 */
export function detectVideo(bytes: Buffer): TVideoType {
  if (
    bytes.length >= 4 &&
    bytes.readUInt32BE(0) === 0x1a45dfa3 &&
    bytes.subarray(0, 64).includes('webm', 0, 'latin1')
  )
    return { mimeType: 'video/webm', extension: 'webm' };
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp')
    return { mimeType: 'video/mp4', extension: 'mp4' };
  throw validationError({ file: VIDEO_TYPE_MESSAGE });
}

/** The poster frame's bytes of its data URL field (an image the browser drew from the video), or null when none. */
export function posterBytesOf(field: string | undefined): Buffer | null {
  if (field === undefined || field === '') return null;
  const match = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=]+)$/.exec(field);
  if (!match?.[2]) throw validationError({ poster: VIDEO_POSTER_MESSAGE });
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0 || bytes.length > VIDEO_PROMPT_LIMITS.posterMaxBytes)
    throw validationError({ poster: VIDEO_POSTER_MESSAGE });
  return bytes;
}

/** The poster re-encoded as WebP of at most 1280 px wide without metadata; 400 when it is not an image. */
export async function processPoster(bytes: Buffer): Promise<Buffer> {
  const format = await imageFormatOf(bytes);
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp')
    throw validationError({ poster: VIDEO_POSTER_MESSAGE });
  return decodeImage(bytes)
    .rotate()
    .resize({ width: 1280, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
