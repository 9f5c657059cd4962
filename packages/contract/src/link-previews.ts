import { defineEndpoint } from './endpoint.js';
import { ZLinkPreviewRequest, ZLinkPreviewResponse } from './resources.js';
import { RICH_TEXT_PATHS, ZRichTextImageParams, ZRichTextImageResponse } from './rich-text.js';

/**
 * Endpoints that serve rich text everywhere (issue #7): editor image uploads and link previews. Kept apart
 * from rich-text.ts, which resources.ts imports, so the two schema files do not import each other.
 */
export const LINK_PREVIEW_ENDPOINTS = {
  createLinkPreview: defineEndpoint({
    method: 'POST',
    path: RICH_TEXT_PATHS.linkPreviews,
    operationId: 'createLinkPreview',
    summary: 'Preview a link (open-graph title and description), fetched safely by the server',
    tag: 'rich-text',
    body: ZLinkPreviewRequest,
    response: ZLinkPreviewResponse,
    errors: [400, 401, 403, 404, 422],
    auth: 'required',
    hub: 'optional',
  }),
  uploadContentImage: defineEndpoint({
    method: 'POST',
    path: RICH_TEXT_PATHS.images,
    operationId: 'uploadRichTextImage',
    summary:
      'Upload an image for the rich-text editor (JPEG, PNG, WebP or GIF, 5 MB at most; multipart field "file")',
    tag: 'rich-text',
    consumes: 'multipart/form-data',
    response: ZRichTextImageResponse,
    status: 201,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'optional',
  }),
  contentImage: defineEndpoint({
    method: 'GET',
    path: RICH_TEXT_PATHS.image,
    operationId: 'getRichTextImage',
    summary: 'An image of rich text (WebP)',
    tag: 'rich-text',
    params: ZRichTextImageParams,
    response: null,
    produces: ['image/webp'],
    errors: [400, 404],
    auth: 'optional',
    hub: 'none',
  }),
};
