/** The poster frame of a video: its current frame drawn on a canvas (at most 640 px wide), as a JPEG data URL. */
export function capturePosterFrame(video: HTMLVideoElement): string | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const width = Math.min(640, video.videoWidth);
  const height = Math.round((video.videoHeight * width) / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) return null;
  context.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.8);
}

/** The poster frame of a video file: loaded in a detached video element, a frame half a second in (or halfway). */
export function posterOfFile(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    const done = (poster: string | null) => {
      URL.revokeObjectURL(url);
      resolve(poster);
    };
    video.addEventListener('loadeddata', () => {
      const duration = Number.isFinite(video.duration) ? video.duration : 1;
      video.currentTime = Math.min(0.5, duration / 2);
    });
    video.addEventListener('seeked', () => done(capturePosterFrame(video)), { once: true });
    video.addEventListener('error', () => done(null), { once: true });
    video.src = url;
  });
}

/** The recording type the browser supports, WebM first (the server takes WebM and MP4). */
export function pickVideoMimeType(isSupported: (type: string) => boolean): string {
  return ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'].find((type) => isSupported(type)) ?? '';
}

/** Plain words for a camera failure (getUserMedia and MediaRecorder errors). */
export function cameraErrorText(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The browser was not allowed to use your camera. Allow it in the address bar, or upload a video instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found. Connect one, or upload a video instead.';
  if (name === 'NotReadableError')
    return 'Your camera is in use by another app. Close it, or upload a video instead.';
  return 'Recording could not start in this browser. Upload a video or share a link instead.';
}
