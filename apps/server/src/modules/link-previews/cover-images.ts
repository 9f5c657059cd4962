import { COVER_IMAGE_INVALID_MESSAGE, parseCoverImageUrl } from '@commons/domain';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { findContentImage } from './link-previews.queries.js';

export const COVER_IMAGE_NOT_FOUND_MESSAGE = 'That image is not in this community any more. Upload it again.';

/**
 * The cover to store for a group or event of `hubId` (issue #16 item 18): a preset, or an image uploaded
 * to that same hub. An image of another hub, or a key that was never uploaded, is refused, so a cover
 * can never show another community's file.
 */
export async function requireCoverImage(
  ctx: TRequestContext,
  url: string | null,
  hubId: number,
): Promise<string | null> {
  if (url === null) return null;
  const cover = parseCoverImageUrl(url);
  if (!cover) throw validationError({ coverImageUrl: COVER_IMAGE_INVALID_MESSAGE });
  if (cover.kind === 'uploaded') {
    const image = await findContentImage(ctx, cover.key);
    if (!image || image.hubId !== hubId)
      throw validationError({ coverImageUrl: COVER_IMAGE_NOT_FOUND_MESSAGE });
  }
  return url;
}
