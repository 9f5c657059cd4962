/**
 * Display formatting of spec 9: counts, response times, open-graph text, dates and tag colours.
 */
import { dayjs, wallClockIn } from './time.js';

/** Default time zone when a user has none (spec 9). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/**
 * Zones the runtime accepted: building an Intl.DateTimeFormat to ask costs far more than a lookup, and hot reads
 * (an adviser's free slots) check the viewer's zone on every request. Only known zones are kept, so the set is
 * bounded by the IANA list whatever is submitted.
 */
const knownTimeZones = new Set<string>();

/** Whether the runtime knows the IANA time zone (a stored or submitted value may not be one). */
export function isKnownTimeZone(zone: string): boolean {
  if (knownTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    knownTimeZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** Counts below this are shown blank by default (spec 9 Count display). */
export const COUNT_DISPLAY_THRESHOLD = 10;

/**
 * The threshold for counts a reader weighs a post by (answers, upvotes, followers): shown from 1. The spec 9
 * default of 10 suits badges; on a post it made a question with 3 answers look unanswered (issue #16 item 18).
 */
export const POST_COUNT_THRESHOLD = 1;

/**
 * Count display (spec 9): below the threshold (default 10) blank, below 1000 exact, below 100000
 * 'N.Nk+' (rounded down, so the '+' holds), from 100000 on '100k+'.
 */
export function formatCount(count: number, threshold = COUNT_DISPLAY_THRESHOLD): string {
  if (!Number.isFinite(count) || count < threshold) return '';
  if (count < 1000) return String(Math.floor(count));
  if (count < 100_000) return `${(Math.floor(count / 100) / 10).toFixed(1)}k+`;
  return '100k+';
}

/**
 * Response-time label from an average response time in hours (spec 9): under 48 h
 * 'Responds within a day' (24 h or less) or 'Responds within 2 days' (over 24 h); 48 to under
 * 168 h 'Active this week'; 168 h or more 'Active this month'; null when unknown.
 */
export function responseTimeLabel(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return null;
  if (hours >= 168) return 'Active this month';
  if (hours >= 48) return 'Active this week';
  return `Responds within ${hours > 24 ? '2 days' : 'a day'}`;
}

/** Open-graph title length (spec 9). */
export const OG_TITLE_MAX_LENGTH = 80;
/** Open-graph description length (spec 9). */
export const OG_DESCRIPTION_MAX_LENGTH = 200;

/** Text cut to at most maxLength characters (code points), ending in '…' when cut. */
export function truncateText(text: string, maxLength: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return `${chars
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

/** Open-graph title truncated to 80 characters (spec 9). */
export function ogTitle(title: string): string {
  return truncateText(title.trim(), OG_TITLE_MAX_LENGTH);
}

/** Open-graph description truncated to 200 characters (spec 9). */
export function ogDescription(description: string): string {
  return truncateText(description.replace(/\s+/g, ' ').trim(), OG_DESCRIPTION_MAX_LENGTH);
}

/** Pathway ids are displayed trimmed to 30 characters (spec 9). */
export const PATHWAY_ID_DISPLAY_LENGTH = 30;

/** Pathway id trimmed to 30 characters for display (spec 9). */
export function trimPathwayId(id: string): string {
  return Array.from(id).slice(0, PATHWAY_ID_DISPLAY_LENGTH).join('');
}

/** A whole number with thousands separators, as counts are written out in full ('10,000'). */
export function formatWholeNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** Date format patterns (spec 9 Date formats), dayjs syntax. */
export const DATE_FORMATS = {
  short: 'M/D/YY',
  medium: 'MMM D, YYYY',
  long: 'ddd, MMM Do, YYYY',
  full: 'dddd, MMMM D, YYYY',
  time: 'h:mm a',
} as const;

/** One date format style. */
export type TDateFormatStyle = keyof typeof DATE_FORMATS;

/** A date rendered in a style and the viewer's time zone (spec 9 Date formats, ARCHITECTURE: render in the viewer's zone). */
export function formatDate(
  date: Date | string,
  options: { style: TDateFormatStyle; timeZone?: string },
): string {
  return wallClockIn(dayjs(date), options.timeZone ?? DEFAULT_TIME_ZONE).format(DATE_FORMATS[options.style]);
}

/** Tag kinds with fixed colours (spec 9 Tag colours). */
export type TTagKind = 'hiring' | 'industry' | 'offers' | 'serviceType';

/** Tag colours: hiring purple, industry grey, offers green, service type grey (spec 9). */
export const TAG_COLORS: Readonly<Record<TTagKind, 'purple' | 'grey' | 'green'>> = {
  hiring: 'purple',
  industry: 'grey',
  offers: 'green',
  serviceType: 'grey',
};

/** Layout breakpoints in px (spec 9 Layout). */
export const BREAKPOINTS = { xxs: 320, xs: 576, sm: 768, md: 992, lg: 1200, xl: 1600 } as const;

/** App icon sizes in px (spec 9 Layout). */
export const APP_ICON_SIZES = [192, 256, 512] as const;
