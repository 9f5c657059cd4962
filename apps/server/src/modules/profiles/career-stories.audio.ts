import type { CAREER_STORY_AUDIO_TYPES } from '@commons/contract';
import { validationError } from '../../lib/app-error.js';

export type TCareerStoryAudioType = {
  mimeType: (typeof CAREER_STORY_AUDIO_TYPES)[number];
  extension: 'webm' | 'ogg' | 'mp3' | 'm4a';
};

const AUDIO_MESSAGE = 'Upload a WebM, Ogg, MP3 or M4A audio file.';

/** An MPEG audio frame header: 11 sync bits, a valid version, layer III/II/I and a bitrate index that is not "bad". */
function isMpegFrame(bytes: Buffer): boolean {
  const [a, b, c] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  return a === 0xff && (b & 0xe0) === 0xe0 && (b & 0x18) !== 0x08 && (b & 0x06) !== 0 && (c & 0xf0) !== 0xf0;
}

/**
 * A career-story audio file by its bytes, whatever its name or declared type says: WebM (EBML with the
 * "webm" doc type), Ogg, MPEG audio (ID3 tag or frame sync) or MP4 audio (an ISO "ftyp" box); else a 400.
 */
export function detectAudio(bytes: Buffer): TCareerStoryAudioType {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    if (bytes.subarray(0, 64).includes('webm', 0, 'latin1'))
      return { mimeType: 'audio/webm', extension: 'webm' };
    throw validationError({ file: AUDIO_MESSAGE });
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'OggS') return { mimeType: 'audio/ogg', extension: 'ogg' };
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3' || isMpegFrame(bytes))
    return { mimeType: 'audio/mpeg', extension: 'mp3' };
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp')
    return { mimeType: 'audio/mp4', extension: 'm4a' };
  throw validationError({ file: AUDIO_MESSAGE });
}
