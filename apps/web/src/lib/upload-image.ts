import { RICH_TEXT_PATHS, ZRichTextImageResponse } from '@commons/contract';
import { apiRequest } from './api-client';

/**
 * Uploads an image to the request's hub through the server (spec 7: images are never hot-linked) and
 * answers its URL, for the rich-text editor and for covers. Errors are the caller's to show.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const result = await apiRequest(RICH_TEXT_PATHS.images, {
    method: 'POST',
    body,
    schema: ZRichTextImageResponse,
    isErrorToastSuppressed: true,
  });
  return result.url;
}
