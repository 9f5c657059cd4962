import { describe, expect, it } from 'vitest';
import { COVER_PRESETS, coverPresetUrl, parseCoverImageUrl } from './cover-images.js';

describe('parseCoverImageUrl', () => {
  it('reads every preset back from its URL', () => {
    for (const preset of COVER_PRESETS) {
      expect(parseCoverImageUrl(coverPresetUrl(preset.id))).toEqual({ kind: 'preset', id: preset.id });
    }
  });

  it('reads the key of an uploaded image', () => {
    const key = 'a'.repeat(32);
    expect(parseCoverImageUrl(`/api/rich-text/images/${key}`)).toEqual({ kind: 'uploaded', key });
  });

  it.each([
    '/covers/unknown.svg',
    '/covers/aurora.png',
    'https://example.com/covers/aurora.svg',
    '/api/rich-text/images/ABC',
    `/api/rich-text/images/${'a'.repeat(32)}?x=1`,
    '//evil.example/api/rich-text/images/' + 'a'.repeat(32),
    '',
  ])('refuses %j', (url) => {
    expect(parseCoverImageUrl(url)).toBeNull();
  });
});
