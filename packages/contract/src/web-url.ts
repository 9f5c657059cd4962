import { isValidUrl } from '@commons/domain';
import { z } from 'zod';

// Apart from common.ts, which the web entry loads: the URL rule brings ipaddr.js, which only forms need.

/** User message for a link that fails the spec 5 URL rule. */
export const URL_MESSAGE = 'Enter a web address starting with http:// or https://.';

/** A request URL under the spec 5 URL rule: http(s), a host of at most 2048 characters, never a private address. */
export function webUrl(message: string = URL_MESSAGE): z.ZodString {
  return z.string().trim().max(2048, message).refine(isValidUrl, message);
}
