import {
  isCalendarDate,
  isMultiLineText,
  isSingleLineText,
  MULTI_LINE_TEXT_MESSAGE,
  SINGLE_LINE_TEXT_MESSAGE,
} from '@commons/domain';
import { z } from 'zod';

/** Platform header values of spec 7. */
export const PLATFORM_TYPES = ['pwa', 'nativeMobileApp', 'desktop'] as const;
export const ZPlatformType = z.enum(PLATFORM_TYPES);
export type TPlatformType = z.infer<typeof ZPlatformType>;

/** Request headers every API call carries (spec 7). */
export const HEADERS = {
  hubId: 'x-hub-id',
  platform: 'x-platform',
  /** Response header carrying the current access token (spec 7 'token header in responses'). */
  accessToken: 'x-access-token',
} as const;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/**
 * A request field of one line (names, titles, subjects, headlines, locations, companies, roles), trimmed;
 * line breaks and control characters are refused so user text can never split an email header (issue
 * #13). Chain `.min()`/`.max()` with the field's own messages.
 */
export function singleLineText(): z.ZodString {
  return z.string().trim().refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE);
}

/**
 * A request field of several lines (about, descriptions, message bodies, rich text): tabs, LF and CR LF
 * stay, every other control character is refused (issue #13). Trimmed unless `isTrimmed` is false.
 */
export function multiLineText(options: { isTrimmed?: boolean } = {}): z.ZodString {
  const text = options.isTrimmed === false ? z.string() : z.string().trim();
  return text.refine(isMultiLineText, MULTI_LINE_TEXT_MESSAGE);
}

/** A day that exists in a request (2026-02-30 does not, and would reach SQL as an invalid date). */
export const ZDateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-31.')
  .refine(isCalendarDate, 'Use a date that exists, like 2026-03-31.');

/** A uuid in a request (path, query or body): anything else is a 400 before it reaches a uuid column. */
export const ZUuid = z.string().uuid();

/** Keyset pagination query of every list endpoint. */
export const ZPageQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** List response shape `{ items, nextCursor }` of ARCHITECTURE.md API conventions. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const ZIsoDateTime = z.string().datetime({ offset: true });
export const ZId = z.string().min(1).max(64);
