import { mediaErrorName } from '../../../lib/media-error-name';

/** Plain words for a camera or microphone failure of getUserMedia (issue #5 item 2: permission errors explained). */
export function mediaErrorText(error: unknown): string {
  const name = mediaErrorName(error);
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'Your browser is blocking the camera and microphone for this site. Allow them in the site settings (the camera or lock icon next to the address), then select "Join video call" again.';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'No camera or microphone was found. Connect one or switch it on, then try again.';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'Your camera or microphone is in use by another app or could not be started. Close the other app, then try again.';
    case 'InsecureContext':
      return 'Video calls need a secure (https) connection; this page cannot use the camera.';
    default:
      return 'Your camera and microphone could not be started. Please try again.';
  }
}
