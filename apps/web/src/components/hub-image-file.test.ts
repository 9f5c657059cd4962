import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  BADGE_IMAGE_MAX_BYTES,
  BADGE_IMAGE_TOO_LARGE,
} from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { HUB_IMAGE_TYPES, hubImageFileProblem } from './hub-image-file';

const bannerLimit = { maxBytes: ACTION_ITEM_IMAGE_MAX_BYTES, tooLargeMessage: ACTION_ITEM_IMAGE_TOO_LARGE };

describe('hub image file', () => {
  it('takes a JPEG, PNG or WebP image of up to 120 kB', () => {
    for (const type of HUB_IMAGE_TYPES)
      expect(
        hubImageFileProblem({
          file: { type, size: 120 * 1024 },
          acceptedTypes: HUB_IMAGE_TYPES,
          ...bannerLimit,
        }),
      ).toBeNull();
  });

  it('refuses an image over the limit with the server’s message, before uploading', () => {
    expect(
      hubImageFileProblem({
        file: { type: 'image/png', size: 120 * 1024 + 1 },
        acceptedTypes: HUB_IMAGE_TYPES,
        ...bannerLimit,
      }),
    ).toBe('The image must be 120 kB or smaller.');
    expect(
      hubImageFileProblem({
        file: { type: 'image/webp', size: BADGE_IMAGE_MAX_BYTES + 1 },
        acceptedTypes: HUB_IMAGE_TYPES,
        maxBytes: BADGE_IMAGE_MAX_BYTES,
        tooLargeMessage: BADGE_IMAGE_TOO_LARGE,
      }),
    ).toBe(BADGE_IMAGE_TOO_LARGE);
  });

  it('refuses another type by naming the accepted ones, before looking at the size', () => {
    expect(
      hubImageFileProblem({
        file: { type: 'image/gif', size: 10 },
        acceptedTypes: HUB_IMAGE_TYPES,
        ...bannerLimit,
      }),
    ).toBe('Choose a JPEG, PNG or WebP image.');
    expect(
      hubImageFileProblem({
        file: { type: 'image/svg+xml', size: 10 * 1024 * 1024 },
        acceptedTypes: HUB_IMAGE_TYPES,
        ...bannerLimit,
      }),
    ).toBe('Choose a JPEG, PNG or WebP image.');
    expect(
      hubImageFileProblem({ file: { type: '', size: 10 }, acceptedTypes: HUB_IMAGE_TYPES, ...bannerLimit }),
    ).toBe('Choose a JPEG, PNG or WebP image.');
  });

  it('names only the types a field accepts', () => {
    const pngOnly = { acceptedTypes: ['image/png'] as const, ...bannerLimit };
    expect(hubImageFileProblem({ file: { type: 'image/jpeg', size: 10 }, ...pngOnly })).toBe(
      'Choose a PNG image.',
    );
    expect(hubImageFileProblem({ file: { type: 'image/png', size: 10 }, ...pngOnly })).toBeNull();
    expect(
      hubImageFileProblem({
        file: { type: 'image/webp', size: 10 },
        acceptedTypes: ['image/jpeg', 'image/png'],
        ...bannerLimit,
      }),
    ).toBe('Choose a JPEG or PNG image.');
  });
});
