import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { ZPostAuthor } from './discussions.js';
import { ZRichTextInput } from './rich-text.js';
import { ZOkResponse } from './auth.js';
import { defineEndpoint } from './endpoint.js';

/** Resource routes (issue #7 item 3). */
export const RESOURCE_TYPES = ['article', 'link', 'file', 'video'] as const;
export const ZResourceType = z.enum(RESOURCE_TYPES);
export type TResourceType = z.infer<typeof ZResourceType>;

export const ZResourceAttachment = z.object({
  id: ZId,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export const ZLinkPreview = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type TLinkPreview = z.infer<typeof ZLinkPreview>;

/** spec 3 Resource: typeName, slug, url, isBusinessDirectory, with what the pages show. */
export const ZResource = z.object({
  id: ZId,
  slug: z.string(),
  typeName: ZResourceType,
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  category: z.string().nullable(),
  location: z.string().nullable(),
  isBusinessDirectory: z.boolean(),
  groupId: ZId.nullable(),
  isPinned: z.boolean(),
  author: ZPostAuthor.nullable(),
  attachments: z.array(ZResourceAttachment),
  preview: ZLinkPreview.nullable(),
  createdAt: ZIsoDateTime,
  can: z.object({ edit: z.boolean(), delete: z.boolean(), pin: z.boolean(), report: z.boolean() }),
});
export type TResource = z.infer<typeof ZResource>;
export const ZResourceResponse = z.object({ resource: ZResource });
export const ZResourceListQuery = ZPageQuery.extend({
  isBusinessDirectory: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  category: z.string().max(80).optional(),
  typeName: ZResourceType.optional(),
  groupId: ZUuid.optional(),
  q: z.string().max(200).optional(),
});
export const ZResourceListResponse = zPage(ZResource).extend({
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});
export type TResourceListResponse = z.infer<typeof ZResourceListResponse>;

export const ZCreateResourceRequest = z.object({
  typeName: ZResourceType,
  title: singleLineText().min(3, 'Please give it a title.').max(200),
  body: ZRichTextInput.default(''),
  url: z.string().trim().max(2048).optional(),
  category: singleLineText().max(80).optional(),
  location: singleLineText().max(200).optional(),
  isBusinessDirectory: z.boolean().default(false),
  groupId: ZUuid.optional(),
  attachmentIds: z.array(ZUuid).max(10).default([]),
});
export type TCreateResourceRequest = z.infer<typeof ZCreateResourceRequest>;
/**
 * PATCH /api/resources/:slug: the fields to change (author, admins of spec 6 Posts, or the resources
 * right). Scope (hub, group, business directory) never changes; attachmentIds replaces the set.
 */
export const ZUpdateResourceRequest = z.object({
  typeName: ZResourceType.optional(),
  title: singleLineText().min(3, 'Please give it a title.').max(200).optional(),
  body: ZRichTextInput.optional(),
  url: z.string().trim().max(2048).nullable().optional(),
  category: singleLineText().max(80).nullable().optional(),
  location: singleLineText().max(200).nullable().optional(),
  attachmentIds: z.array(ZUuid).max(10).optional(),
});
export type TUpdateResourceRequest = z.infer<typeof ZUpdateResourceRequest>;
export const ZResourceParams = z.object({ slug: z.string().min(1).max(120) });
export const ZFileParamsById = z.object({ fileId: z.string().uuid() });
/** The resource-URL helper's answer (spec 7): a short-lived signed link to the file. */
export const ZFileUrlResponse = z.object({ url: z.string(), expiresAt: ZIsoDateTime });
export const ZSignedFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export const ZResourceAttachmentResponse = z.object({ attachment: ZResourceAttachment });

/** What the viewer may do on the resources pages. */
export const ZResourceSettings = z.object({
  canCreate: z.boolean(),
  canCreateListing: z.boolean(),
  isBusinessDirectoryEnabled: z.boolean(),
  /** On the hub page: the groups of the hub the viewer may post resources in (group scope), by name. */
  groups: z.array(z.object({ id: ZId, name: z.string() })).default([]),
});
export type TResourceSettings = z.infer<typeof ZResourceSettings>;
/** Hub module settings of resources (hub settings moduleSettings.resources). */
export const ZResourceModuleSettings = z
  .object({ isBusinessDirectoryV2Enabled: z.boolean().default(false) })
  .catch({ isBusinessDirectoryV2Enabled: false });

export const ZLinkPreviewRequest = z.object({ url: z.string().trim().min(1).max(2048) });
export const ZLinkPreviewResponse = z.object({ preview: ZLinkPreview });

/** Query of the resource settings: the group whose posting rights are asked, if any. */
export const ZResourceSettingsQuery = z.object({ groupId: z.string().uuid().optional() });

const RESOURCE_ERRORS = [400, 401, 403, 404] as const;

/** Resources and the business directory (issue #7 item 3), attachments and the resource-URL helper (spec 7). */
export const RESOURCE_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/resources',
    operationId: 'listResources',
    summary: 'Resources or business directory listings of the hub or a group',
    tag: 'resources',
    query: ZResourceListQuery,
    response: ZResourceListResponse,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/resources/settings',
    operationId: 'getResourceSettings',
    summary: 'Whether the viewer may post resources or directory listings here',
    tag: 'resources',
    query: ZResourceSettingsQuery,
    response: ZResourceSettings,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/resources',
    operationId: 'createResource',
    summary: 'Post a resource, or a company listing of the business directory (spec 6 Resource creation)',
    tag: 'resources',
    body: ZCreateResourceRequest,
    response: ZResourceResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  uploadAttachment: defineEndpoint({
    method: 'POST',
    path: '/api/resources/attachments',
    operationId: 'uploadResourceAttachment',
    summary:
      'Upload an attachment (PDF or DOCX, 10 MB at most; multipart field "file") to attach to a new resource',
    tag: 'resources',
    consumes: 'multipart/form-data',
    response: ZResourceAttachmentResponse,
    status: 201,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'required',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:slug',
    operationId: 'getResource',
    summary: 'A resource by its slug (/resources/post/{slug})',
    tag: 'resources',
    params: ZResourceParams,
    response: ZResourceResponse,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/resources/:slug',
    operationId: 'updateResource',
    summary: 'Edit a resource (author, admins of spec 6 Posts, or the resources right)',
    tag: 'resources',
    params: ZResourceParams,
    body: ZUpdateResourceRequest,
    response: ZResourceResponse,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/resources/:slug',
    operationId: 'deleteResource',
    summary: 'Delete a resource',
    tag: 'resources',
    params: ZResourceParams,
    response: ZOkResponse,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  fileUrl: defineEndpoint({
    method: 'GET',
    path: '/api/resources/files/:fileId/url',
    operationId: 'getResourceFileUrl',
    summary: 'The resource-URL helper (spec 7): a short-lived signed link to an attached file',
    tag: 'resources',
    params: ZFileParamsById,
    response: ZFileUrlResponse,
    errors: RESOURCE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  signedFile: defineEndpoint({
    method: 'GET',
    path: '/api/resources/files/:fileId/download',
    operationId: 'downloadResourceFile',
    summary: 'Download an attached file through its signed link',
    tag: 'resources',
    params: ZFileParamsById,
    query: ZSignedFileQuery,
    response: null,
    produces: ['application/octet-stream'],
    errors: [400, 401, 404],
    auth: 'public',
    hub: 'none',
  }),
};
