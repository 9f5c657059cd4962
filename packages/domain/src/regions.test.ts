import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_REGION_LABELS, dataRegionForHubId, DEFAULT_DATA_REGION, isDataRegion } from './regions.js';

describe('dataRegionForHubId (spec 9)', () => {
  it.each([
    [1, 'us'],
    [999_999, 'us'],
    [1_000_000, 'au'],
    [1_999_999, 'au'],
    [2_000_000, 'eu'],
    [2_999_999, 'eu'],
    [3_000_000, 'ca'],
    [3_999_999, 'ca'],
    [4_000_000, 'us'],
    [-1, 'us'],
    [Number.NaN, 'us'],
    [Number.POSITIVE_INFINITY, 'us'],
  ])('hub %d is stored in %s', (hubId, region) => {
    expect(dataRegionForHubId(hubId)).toBe(region);
  });

  it('agrees with the million bands for every integer (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (hubId) => {
        const expected =
          hubId >= 1_000_000 && hubId <= 1_999_999
            ? 'au'
            : hubId >= 2_000_000 && hubId <= 2_999_999
              ? 'eu'
              : hubId >= 3_000_000 && hubId <= 3_999_999
                ? 'ca'
                : 'us';
        expect(dataRegionForHubId(hubId)).toBe(expected);
      }),
    );
  });

  it('labels every region and defaults to us', () => {
    expect(DATA_REGION_LABELS).toEqual({ au: 'Australia', eu: 'Europe', ca: 'Canada', us: 'United States' });
    expect(DEFAULT_DATA_REGION).toBe('us');
  });

  it.each([
    ['eu', true],
    ['us', true],
    ['uk', false],
    [3, false],
    [null, false],
  ])('isDataRegion(%j) is %s', (value, expected) => {
    expect(isDataRegion(value)).toBe(expected);
  });
});
