/**
 * Validation rules of spec 5 (and the sign-in login method of spec 8), shared by the server
 * (authoritative) and the web app (instant feedback).
 */
import { yearMonthIn } from './time.js';

/** Identifier of one password sub-rule (spec 5 Password). */
export type TPasswordRuleId = 'minLength' | 'uppercase' | 'lowercase' | 'digit';

/** One evaluated password sub-rule with its human-readable label. */
export interface TPasswordRuleResult {
  id: TPasswordRuleId;
  label: string;
  isMet: boolean;
}

/** Result of a password check: overall validity plus every sub-rule. */
export interface TPasswordCheck {
  isValid: boolean;
  rules: TPasswordRuleResult[];
}

/** Minimum password length (spec 5 Password). */
export const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_RULES: ReadonlyArray<{
  id: TPasswordRuleId;
  label: string;
  test: (password: string) => boolean;
}> = [
  {
    id: 'minLength',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'An uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'A digit', test: (p) => /[0-9]/.test(p) },
];

/** Checks a password and lists each sub-rule: 8+ characters, upper, lower, digit (spec 5 Password). */
export function checkPassword(password: string): TPasswordCheck {
  const rules = PASSWORD_RULES.map(({ id, label, test }) => ({ id, label, isMet: test(password) }));
  return { isValid: rules.every((rule) => rule.isMet), rules };
}

/** Maximum length of an e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Format check of an e-mail address: local@domain.tld, no spaces, at most 254 characters (spec 5 Email). */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL_PATTERN.test(email);
}

/** Checks a mailto: link whose every comma-separated recipient passes the e-mail check (spec 5 Email). */
export function isValidMailto(link: string): boolean {
  const match = /^mailto:([^?]*)(\?.*)?$/i.exec(link);
  const recipients = match?.[1];
  if (recipients === undefined || recipients === '') return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(recipients);
  } catch {
    return false;
  }
  return decoded.split(',').every((address) => isValidEmail(address.trim()));
}

/** User message for a missing or malformed sign-in login method (spec 5, spec 8). */
export const INVALID_LOGIN_METHOD_MESSAGE = 'Invalid Login Method';

/** Returns 'Invalid Login Method' unless the value is a non-empty string, else null (spec 5 Sign-in login method). */
export function validateLoginMethod(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return INVALID_LOGIN_METHOD_MESSAGE;
  return null;
}

/**
 * A same-site path for a redirect query parameter (spec 2 postLoginRedirect, postSignupRedirect), else
 * null: only an absolute path on this origin, never '//', a backslash or a scheme, so a link cannot send
 * the user to another site.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (
    value === null ||
    value === undefined ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  )
    return null;
  return value;
}

/** An RGBA colour with 0-255 channels and alpha 0-1. */
export interface TRgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function parseChannel(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text);
  if (match === null) return null;
  const value = Number(match[1]);
  const scaled = match[2] === '%' ? (value * 255) / 100 : value;
  return scaled <= 255 ? scaled : null;
}

function parseAlpha(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text);
  if (match === null) return null;
  const value = Number(match[1]);
  const alpha = match[2] === '%' ? value / 100 : value;
  return alpha <= 1 ? alpha : null;
}

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba() (comma or space syntax); null if invalid (spec 5 Colour). */
export function parseColor(input: string): TRgba | null {
  const text = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const channel = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = /^rgba?\(\s*([^)]*?)\s*\)$/.exec(text)?.[1];
  if (fn === undefined) return null;
  let parts: string[];
  let alphaText: string | undefined;
  if (fn.includes(',')) {
    parts = fn.split(',').map((part) => part.trim());
    if (parts.length === 4) alphaText = parts.pop();
  } else {
    const [channels = '', alpha, ...extra] = fn.split('/').map((part) => part.trim());
    if (extra.length > 0) return null;
    parts = channels.split(/\s+/);
    alphaText = alpha;
  }
  if (parts.length !== 3) return null;
  const [r, g, b] = parts.map(parseChannel);
  const a = alphaText === undefined ? 1 : parseAlpha(alphaText);
  if (
    r === null ||
    g === null ||
    b === null ||
    r === undefined ||
    g === undefined ||
    b === undefined ||
    a === null
  ) {
    return null;
  }
  return { r, g, b, a };
}

/** A colour is valid when it parses (spec 5 Colour). */
export function isValidColor(input: string): boolean {
  return parseColor(input) !== null;
}

/** A colour is opaque when its alpha is 1 (spec 5 Colour). */
export function isOpaqueColor(input: string): boolean {
  return parseColor(input)?.a === 1;
}

/** WCAG 2 relative luminance of an RGB colour (spec 5 Colour). */
export function relativeLuminance(color: TRgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG contrast ratio of two colours, rounded to 2 decimal places (spec 5 Colour). */
export function contrastRatio(first: TRgba, second: TRgba): number {
  const l1 = relativeLuminance(first);
  const l2 = relativeLuminance(second);
  const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  return Math.round(ratio * 100) / 100;
}

/** Minimum contrast ratio of a brand colour against its background (spec 5 Colour). */
export const MIN_CONTRAST_RATIO = 4.5;

/** Default background a colour is checked against. */
export const DEFAULT_BACKGROUND_COLOR = '#ffffff';

/** Outcome of a colour check. */
export interface TColorCheck {
  isValid: boolean;
  isOpaque: boolean;
  contrastRatio: number | null;
  hasEnoughContrast: boolean;
  isAcceptable: boolean;
}

/** Colour must be valid, opaque and reach the minimum contrast (default 4.5, rounded ratio) against the background (spec 5 Colour). */
export function checkColor(options: {
  color: string;
  background?: string;
  minContrast?: number;
}): TColorCheck {
  const color = parseColor(options.color);
  const background = parseColor(options.background ?? DEFAULT_BACKGROUND_COLOR);
  const minContrast = options.minContrast ?? MIN_CONTRAST_RATIO;
  const isValid = color !== null;
  const isOpaque = color?.a === 1;
  const ratio = color !== null && background !== null ? contrastRatio(color, background) : null;
  const hasEnoughContrast = ratio !== null && ratio >= minContrast;
  return {
    isValid,
    isOpaque,
    contrastRatio: ratio,
    hasEnoughContrast,
    isAcceptable: isValid && isOpaque && hasEnoughContrast,
  };
}

/** Formats a contrast ratio the way the spec rounds it (2 places), e.g. 4.5 → "4.50:1". */
export function formatContrastRatio(ratio: number): string {
  return `${ratio.toFixed(2)}:1`;
}

/**
 * Why a brand colour (a hub's primary or secondary colour, issue #22 item 1) is refused, else null: it must
 * be valid, opaque and reach 4.5:1 against the white background it is drawn on and behind white button text
 * (spec 5 Colour); the message shows the ratio it has.
 */
export function brandColorProblem(color: string): string | null {
  const check = checkColor({ color });
  if (!check.isValid) return 'Enter a colour as #rrggbb, #rgb or rgb(r, g, b).';
  if (!check.isOpaque) return 'The colour must be opaque (no transparency).';
  if (!check.hasEnoughContrast && check.contrastRatio !== null) {
    return `The contrast ratio against white is ${formatContrastRatio(check.contrastRatio)}; it must be at least ${formatContrastRatio(MIN_CONTRAST_RATIO)}. Choose a darker colour.`;
  }
  return null;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses M/D/YYYY into its calendar parts; null when not a real date (spec 5 Dates). */
export function parseUsDate(value: string): { year: number; month: number; day: number } | null {
  const match = US_DATE.exec(value.trim());
  if (match === null) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** True for a full ISO 8601 date-time with a zone designator, e.g. 2025-03-01T09:30:00.000Z (spec 5 Dates). */
export function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value.trim());
  if (match === null) return false;
  return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A date input is valid as M/D/YYYY or as a full ISO date-time (spec 5 Dates). */
export function isValidDateInput(value: string): boolean {
  return parseUsDate(value) !== null || isIsoDateTime(value);
}

/** Exact messages of the work-history and education date-range rules (spec 5 Date ranges). */
export const DATE_RANGE_MESSAGES = {
  startYearMissing: 'Please select a start year.',
  endYearMissing: 'Please select an end year.',
  startMonthInFuture: 'Start month should not be greater than present month.',
  endInFuture: 'Must be before the current date ',
  currentStartAfterNow: 'Start date should be before present date.',
  endBeforeStart: 'End date should be after start date.',
} as const;

/** Form field a date-range message belongs to. */
export type TDateRangeField = 'startYear' | 'endYear' | 'startMonth' | 'endMonth' | 'startDate' | 'endDate';

/** Field → message map; an empty object means the range is valid. */
export type TDateRangeErrors = Partial<Record<TDateRangeField, string>>;

/** A month (1-12) and year of a work-history or education entry; null when not chosen. */
export interface TDateRangeInput {
  startMonth?: number | null;
  startYear?: number | null;
  endMonth?: number | null;
  endYear?: number | null;
  isCurrent: boolean;
  now: Date;
  timeZone?: string;
}

const isChosen = (value: number | null | undefined): value is number => typeof value === 'number';

/**
 * Work-history and education date ranges (spec 5 Date ranges), months 1-12, "now" in the given
 * time zone (default UTC). Each rule reports on its own field: startYear / endYear (year missing),
 * startMonth (start month+year in the future), endMonth (end month+year in the future),
 * startDate (current entry starting after now, by month, or by year when no month is chosen),
 * endDate (finished entry ending before it starts, by month, or by year when a month is missing).
 */
export function validateDateRange(input: TDateRangeInput): TDateRangeErrors {
  const errors: TDateRangeErrors = {};
  const { startMonth, startYear, endMonth, endYear, isCurrent } = input;
  const today = yearMonthIn(input.now, input.timeZone ?? 'UTC');
  const nowIndex = today.year * 12 + today.month;
  if (isChosen(startMonth) && !isChosen(startYear)) errors.startYear = DATE_RANGE_MESSAGES.startYearMissing;
  if (!isCurrent && isChosen(endMonth) && !isChosen(endYear))
    errors.endYear = DATE_RANGE_MESSAGES.endYearMissing;
  if (isChosen(startMonth) && isChosen(startYear) && startYear * 12 + startMonth > nowIndex) {
    errors.startMonth = DATE_RANGE_MESSAGES.startMonthInFuture;
  }
  if (!isCurrent && isChosen(endMonth) && isChosen(endYear) && endYear * 12 + endMonth > nowIndex) {
    errors.endMonth = DATE_RANGE_MESSAGES.endInFuture;
  }
  if (isCurrent && isChosen(startYear)) {
    const isAfterNow = isChosen(startMonth) ? startYear * 12 + startMonth > nowIndex : startYear > today.year;
    if (isAfterNow) errors.startDate = DATE_RANGE_MESSAGES.currentStartAfterNow;
  }
  if (!isCurrent && isChosen(startYear) && isChosen(endYear)) {
    const isEndBeforeStart =
      isChosen(startMonth) && isChosen(endMonth)
        ? endYear * 12 + endMonth < startYear * 12 + startMonth
        : endYear < startYear;
    if (isEndBeforeStart) errors.endDate = DATE_RANGE_MESSAGES.endBeforeStart;
  }
  return errors;
}

/** Years offered by year pickers: 90 back to 7 ahead of the current year (spec 5 Date ranges). */
export const YEAR_PICKER_YEARS_BACK = 90;
/** See YEAR_PICKER_YEARS_BACK. */
export const YEAR_PICKER_YEARS_AHEAD = 7;

/** Year picker span from 90 years back to 7 years ahead, with the years newest first (spec 5 Date ranges). */
export function yearPickerRange(
  now: Date,
  timeZone = 'UTC',
): { minYear: number; maxYear: number; years: number[] } {
  const { year } = yearMonthIn(now, timeZone);
  const minYear = year - YEAR_PICKER_YEARS_BACK;
  const maxYear = year + YEAR_PICKER_YEARS_AHEAD;
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i);
  return { minYear, maxYear, years };
}

/** Short texts must stay under this many words (spec 5 Short text, spec 9). */
export const SHORT_TEXT_MAX_WORDS_EXCLUSIVE = 10;

/** Number of whitespace-separated words in a text. */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}

/** A short text is valid with fewer than 10 words (spec 5 Short text). */
export function isValidShortText(text: string): boolean {
  return countWords(text) < SHORT_TEXT_MAX_WORDS_EXCLUSIVE;
}

/** User message for a single-line field holding a line break or another control character (issue #13). */
export const SINGLE_LINE_TEXT_MESSAGE = 'Use a single line without control characters.';

/** User message for a multi-line field holding a control character other than line breaks and tabs (issue #13). */
export const MULTI_LINE_TEXT_MESSAGE = 'Remove the control characters from this text.';

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const SINGLE_LINE_FORBIDDEN_RUNS = new RegExp(`${SINGLE_LINE_FORBIDDEN.source}+`, 'g');

/** Half of a UTF-16 surrogate pair without its other half: no character at all, and no valid UTF-8 to store. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Control characters except tab and line feed, and a carriage return that does not start CR LF. */
// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

/**
 * A single-line text (names, titles, subjects, headlines, locations) holds no line break and no control
 * character, so it cannot split an email header or a log line (issue #13).
 */
export function isSingleLineText(text: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * Makes a text single-line for a place where a line break would do harm (an email header): every run of
 * line breaks and control characters becomes one space, then the ends are trimmed; half a surrogate pair
 * becomes the replacement character, as String.prototype.toWellFormed does.
 */
export function toSingleLineText(text: string): string {
  return text.replace(SINGLE_LINE_FORBIDDEN_RUNS, ' ').replace(LONE_SURROGATES, '\ufffd').trim();
}

/** A multi-line text (about, descriptions, message bodies) may hold tabs, LF and CR LF, but no other control character (issue #13). */
export function isMultiLineText(text: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(text) && !LONE_SURROGATE.test(text);
}

/** Debounce of the mention user search (spec 5 Mention search, spec 9). */
export const MENTION_SEARCH_DEBOUNCE_MS = 300;

const MENTION_TERM = /^[A-Za-zÅÄÖåäö -]*$/;

/** A mention search term may hold only letters, spaces, Å, Ä, Ö (either case) and hyphens (spec 5 Mention search). */
export function isValidMentionTerm(term: string): boolean {
  return MENTION_TERM.test(term);
}

/**
 * The term to look up as the user types after '@', or null to ignore the keystroke (spec 5
 * Mention search): an invalid term is ignored, which keeps the previous results.
 */
export function mentionSearchTerm(term: string): string | null {
  const trimmed = term.trim();
  return trimmed !== '' && isValidMentionTerm(term) ? trimmed : null;
}

const PLACEHOLDER = /\[[^[\]\n]{1,80}\](?!\()/g;

/** Unfilled placeholders such as '[add school name]' in a message template; markdown links are not placeholders (spec 5 Message template). */
export function findUnfilledPlaceholders(text: string): string[] {
  return text.match(PLACEHOLDER) ?? [];
}

/** A message template is invalid while any placeholder is unfilled (spec 5 Message template). */
export function isMessageTemplateComplete(text: string): boolean {
  return findUnfilledPlaceholders(text).length === 0;
}

/** At most 3 resend attempts of a phone verification code (spec 5, spec 9). */
export const PHONE_VERIFICATION_MAX_RESENDS = 3;

/** Whether another verification code may be sent after `resendCount` resends (spec 5 Phone verification code). */
export function canResendVerificationCode(resendCount: number): boolean {
  return resendCount < PHONE_VERIFICATION_MAX_RESENDS;
}

/** Tags allowed in user rich text (spec 5 Rich text). */
export const RICH_TEXT_ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'u',
  's',
  'i',
  'em',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'span',
  'div',
] as const;

/** Attributes allowed in user rich text (spec 5 Rich text); `class` only with a value of RICH_TEXT_ALLOWED_CLASSES. */
export const RICH_TEXT_ALLOWED_ATTRIBUTES = ['href', 'rel', 'target', 'class'] as const;

/**
 * The only class values user HTML keeps, by tag and exact value: the editor's mention link. Any other
 * class could borrow the app's own CSS (a fixed full-page overlay) to cover the page with a link.
 */
export const RICH_TEXT_ALLOWED_CLASSES: Readonly<Record<string, readonly string[]>> = { a: ['mention'] };

/** Tags and attributes never allowed in user HTML, even in embeds (spec 5 Embedded frames). */
export const USER_HTML_FORBIDDEN = { tags: ['form', 'input'], attributes: ['action'] } as const;

/** Largest banner image upload, 120 kB (spec 5 Banner images). */
export const BANNER_IMAGE_MAX_BYTES = 120 * 1024;
