import { describe, expect, it } from 'vitest';
import { mediaErrorText } from './video-errors';

describe('mediaErrorText (camera and microphone errors in plain words)', () => {
  it('explains a blocked permission, a missing device and a busy device', () => {
    expect(mediaErrorText({ name: 'NotAllowedError' })).toMatch(/blocking the camera and microphone/);
    expect(mediaErrorText({ name: 'NotFoundError' })).toMatch(/No camera or microphone was found/);
    expect(mediaErrorText({ name: 'NotReadableError' })).toMatch(/in use by another app/);
    expect(mediaErrorText({ name: 'InsecureContext' })).toMatch(/secure \(https\)/);
  });

  it('falls back to a general sentence', () => {
    expect(mediaErrorText(new Error('boom'))).toBe(
      'Your camera and microphone could not be started. Please try again.',
    );
    expect(mediaErrorText(null)).toBe('Your camera and microphone could not be started. Please try again.');
  });
});
