/**
 * Data region by hub id (spec 9): the region selects where a hub's files are stored.
 */

/** Data regions: Australia, Europe, Canada, United States. */
export type TDataRegion = 'au' | 'eu' | 'ca' | 'us';

/** All data regions. */
export const DATA_REGIONS = ['au', 'eu', 'ca', 'us'] as const satisfies readonly TDataRegion[];

/** Human-readable names of the data regions. */
export const DATA_REGION_LABELS: Readonly<Record<TDataRegion, string>> = {
  au: 'Australia',
  eu: 'Europe',
  ca: 'Canada',
  us: 'United States',
};

/** Region used when none is known, e.g. for the realtime token answer (spec 7: defaults to us). */
export const DEFAULT_DATA_REGION: TDataRegion = 'us';

const REGION_BY_MILLION: Readonly<Record<number, TDataRegion>> = { 1: 'au', 2: 'eu', 3: 'ca' };

/** 1,000,000-1,999,999 Australia, 2,000,000-2,999,999 Europe, 3,000,000-3,999,999 Canada, else US (spec 9). */
export function dataRegionForHubId(hubId: number): TDataRegion {
  if (!Number.isFinite(hubId)) return DEFAULT_DATA_REGION;
  return REGION_BY_MILLION[Math.floor(hubId / 1_000_000)] ?? DEFAULT_DATA_REGION;
}

/** Type guard for a region string, e.g. one read back from local storage (spec 7). */
export function isDataRegion(value: unknown): value is TDataRegion {
  return typeof value === 'string' && (DATA_REGIONS as readonly string[]).includes(value);
}
