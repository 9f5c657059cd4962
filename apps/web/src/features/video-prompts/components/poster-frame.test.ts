import { describe, expect, it } from 'vitest';
import { cameraErrorText, pickVideoMimeType } from './poster-frame';

describe('video recording helpers', () => {
  it('records WebM where the browser can, MP4 otherwise, and lets the browser choose when neither', () => {
    expect(pickVideoMimeType(() => true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickVideoMimeType((type) => type === 'video/webm')).toBe('video/webm');
    expect(pickVideoMimeType((type) => type === 'video/mp4')).toBe('video/mp4');
    expect(pickVideoMimeType(() => false)).toBe('');
  });

  it('explains a camera failure in plain words, with a way out', () => {
    expect(cameraErrorText(new DOMException('denied', 'NotAllowedError'))).toMatch(
      /not allowed to use your camera/,
    );
    expect(cameraErrorText(new DOMException('none', 'NotFoundError'))).toMatch(/No camera was found/);
    expect(cameraErrorText(new DOMException('busy', 'NotReadableError'))).toMatch(/in use by another app/);
    expect(cameraErrorText(new Error('other'))).toMatch(/Upload a video or share a link instead/);
  });
});
