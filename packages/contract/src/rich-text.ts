import { COVER_IMAGE_INVALID_MESSAGE, parseCoverImageUrl } from '@commons/domain';
import { z } from 'zod';
import { multiLineText } from './common.js';

/** Routes that serve rich text everywhere (issue #7): editor image uploads and link previews. */
export const RICH_TEXT_PATHS = {
  images: '/api/rich-text/images',
  image: '/api/rich-text/images/:key',
  linkPreviews: '/api/link-previews',
} as const;

/** The uploaded editor image; `url` is what the editor puts in <img src>. */
export const ZRichTextImageResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TRichTextImageResponse = z.infer<typeof ZRichTextImageResponse>;
export const ZRichTextImageParams = z.object({ key: z.string().regex(/^[a-f0-9]{32}$/) });

/** spec 5 'An error occurred while fetching image.' / 'Please try again.' (spec 8 messages shown to users). */
export const IMAGE_FETCH_ERROR = {
  title: 'An error occurred while fetching image.',
  message: 'Please try again.',
} as const;

/** Rich text as a request field: sanitised by the server, so only a length bound and no control characters here. */
export const ZRichTextInput = multiLineText({ isTrimmed: false }).max(100_000);

/** A cover of a group or event: a preset (/covers/…) or an image uploaded here (issue #16 item 18). */
export const ZCoverImageUrl = z
  .string()
  .max(200)
  .refine((url) => parseCoverImageUrl(url) !== null, COVER_IMAGE_INVALID_MESSAGE);
