import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { ZPostAuthor } from './discussions.js';
import { ZRichTextInput } from './rich-text.js';

/** Resource routes (issue #7 item 3). */
export const RESOURCE_PATHS = {
  resources: '/api/resources',
  resource: '/api/resources/:slug',
  attachments: '/api/resources/:slug/attachments',
  /** Upload of an attachment before the resource that carries it is saved. */
  attachmentUpload: '/api/resources/attachments',
  fileUrl: '/api/resources/files/:fileId/url',
  signedFile: '/api/resources/files/:fileId/download',
  settings: '/api/resources/settings',
} as const;

export const RESOURCE_TYPES = ['article', 'link', 'file', 'video'] as const;
export const ZResourceType = z.enum(RESOURCE_TYPES);
export type TResourceType = z.infer<typeof ZResourceType>;

export const ZResourceAttachment = z.object({ id: ZId, name: z.string(), mimeType: z.string(), sizeBytes: z.number().int() });
export const ZLinkPreview = z.object({ url: z.string(), title: z.string(), description: z.string(), imageUrl: z.string().nullable(), siteName: z.string().nullable() });
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
  isBusinessDirectory: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  category: z.string().max(80).optional(),
  typeName: ZResourceType.optional(),
  groupId: ZUuid.optional(),
  q: z.string().max(200).optional(),
});
export const ZResourceListResponse = zPage(ZResource).extend({ categories: z.array(z.object({ category: z.string(), count: z.number().int() })) });
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
export const ZSignedFileQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
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
export const ZResourceModuleSettings = z.object({ isBusinessDirectoryV2Enabled: z.boolean().default(false) }).catch({ isBusinessDirectoryV2Enabled: false });

export const ZLinkPreviewRequest = z.object({ url: z.string().trim().min(1).max(2048) });
export const ZLinkPreviewResponse = z.object({ preview: ZLinkPreview });
