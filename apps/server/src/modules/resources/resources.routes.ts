import { randomBytes } from 'node:crypto';
import {
  RESOURCE_PATHS,
  ZResourceAttachmentResponse,
  ZCreateResourceRequest,
  ZErrorBody,
  ZFileParamsById,
  ZFileUrlResponse,
  ZResourceListQuery,
  ZResourceListResponse,
  ZResourceParams,
  ZResourceResponse,
  ZResourceSettings,
  ZSignedFileQuery,
  ZUpdateResourceRequest,
} from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app.js';
import { contentFiles, resourceAttachments, resources } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import { detectDocument, DOCUMENT_MAX_BYTES, readUpload } from '../files/uploads.js';
import {
  canReadResource,
  createResource,
  deleteResource,
  listResources,
  mayCreate,
  postableGroups,
  presentResource,
  requireReadableResource,
  resourceSettings,
  signFileUrl,
  updateResource,
  verifyFileSignature,
} from './resources.commands.js';
import { requireGroupContent, requireHubReader } from '../content/content.policy.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** Resources and the business directory (issue #7 item 3), attachments and the resource-URL helper (spec 7). */
export function resourceRoutes(deps: Pick<TAppDeps, 'storage' | 'config'>): FastifyPluginAsyncZod {
  const secret = deps.config.jwtSecret;
  return async (app) => {
    app.get(
      RESOURCE_PATHS.resources,
      { schema: { tags: ['resources'], summary: 'Resources or business directory listings of the hub or a group', querystring: ZResourceListQuery, response: { 200: ZResourceListResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const groupId = request.query.groupId ?? null;
          if (groupId !== null) await requireGroupContent(ctx, groupId);
          return listResources(ctx, { ...request.query, groupId });
        }),
    );

    app.get(
      RESOURCE_PATHS.settings,
      { schema: { tags: ['resources'], summary: 'Whether the viewer may post resources or directory listings here', querystring: z.object({ groupId: z.string().uuid().optional() }), response: { 200: ZResourceSettings, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const groupId = request.query.groupId ?? null;
          const settings = await resourceSettings(ctx, ctx.requireHub().id);
          return {
            canCreate: await mayCreate(ctx, { isBusinessDirectory: false, groupId }),
            canCreateListing: groupId === null && (await mayCreate(ctx, { isBusinessDirectory: true, groupId: null })),
            isBusinessDirectoryEnabled: settings.isBusinessDirectoryV2Enabled,
            groups: groupId === null ? await postableGroups(ctx) : [],
          };
        }),
    );

    app.post(
      RESOURCE_PATHS.resources,
      { schema: { tags: ['resources'], summary: 'Post a resource, or a company listing of the business directory (spec 6 Resource creation)', body: ZCreateResourceRequest, response: { 201: ZResourceResponse, ...errors } } },
      async (request, reply) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const row = await createResource(ctx, request.body);
          return { resource: await presentResource(ctx, await requireReadableResource(ctx, row.slug)) };
        });
        return reply.code(201).send(result);
      },
    );

    app.post(
      RESOURCE_PATHS.attachmentUpload,
      { schema: { tags: ['resources'], summary: 'Upload an attachment (PDF or DOCX, 10 MB at most; multipart field "file") to attach to a new resource', consumes: ['multipart/form-data'], response: { 201: ZResourceAttachmentResponse, ...errors } } },
      async (request, reply) => {
        const { region, hubId } = await request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { region: dataRegionForHubId(ctx.requireHub().id), hubId: ctx.requireHub().id };
        });
        const { bytes, filename } = await readUpload(request, { maxBytes: DOCUMENT_MAX_BYTES, tooLargeMessage: 'The file must be 10 MB or smaller.' });
        const type = detectDocument(bytes);
        const key = randomBytes(16).toString('hex');
        await deps.storage.put(region, key, bytes);
        const row = await request.tenant(tenant, async (ctx) => {
          const [inserted] = await ctx.tx
            .insert(contentFiles)
            .values({
              clusterId: ctx.clusterId,
              hubId,
              uploadedByUserId: ctx.requireViewer().user.id,
              kind: 'attachment',
              region,
              storageKey: key,
              mimeType: type.mimeType,
              sizeBytes: bytes.length,
              originalName: `${filename.replace(/\.[^.]*$/, '').slice(0, 150) || 'attachment'}.${type.extension}`,
            })
            .returning();
          return inserted;
        });
        if (!row) throw new Error('attachment insert returned no row');
        return reply.code(201).send({ attachment: { id: row.id, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes } });
      },
    );

    app.get(
      RESOURCE_PATHS.resource,
      { schema: { tags: ['resources'], summary: 'A resource by its slug (/resources/post/{slug})', params: ZResourceParams, response: { 200: ZResourceResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { resource: await presentResource(ctx, await requireReadableResource(ctx, request.params.slug)) };
        }),
    );

    app.patch(
      RESOURCE_PATHS.resource,
      { schema: { tags: ['resources'], summary: 'Edit a resource (author, admins of spec 6 Posts, or the resources right)', params: ZResourceParams, body: ZUpdateResourceRequest, response: { 200: ZResourceResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          await updateResource(ctx, request.params.slug, request.body);
          return { resource: await presentResource(ctx, await requireReadableResource(ctx, request.params.slug)) };
        }),
    );

    app.delete(
      RESOURCE_PATHS.resource,
      { schema: { tags: ['resources'], summary: 'Delete a resource', params: ZResourceParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          await deleteResource(ctx, request.params.slug);
          return { ok: true as const };
        }),
    );

    app.get(
      RESOURCE_PATHS.fileUrl,
      { schema: { tags: ['resources'], summary: 'The resource-URL helper (spec 7): a short-lived signed link to an attached file', params: ZFileParamsById, response: { 200: ZFileUrlResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const [found] = await ctx.tx
            .select({ resource: resources })
            .from(resourceAttachments)
            .innerJoin(resources, eq(resources.id, resourceAttachments.resourceId))
            .where(and(eq(resourceAttachments.fileId, request.params.fileId), eq(resources.hubId, ctx.requireHub().id)))
            .limit(1);
          if (!found || !(await canReadResource(ctx, found.resource))) throw notFound('File');
          return signFileUrl(secret, request.params.fileId, ctx.now);
        }),
    );

    app.get(
      RESOURCE_PATHS.signedFile,
      { schema: { tags: ['resources'], summary: 'Download an attached file through its signed link', params: ZFileParamsById, querystring: ZSignedFileQuery, produces: ['application/octet-stream'] } },
      async (request, reply) => {
        const file = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          if (!verifyFileSignature(secret, { fileId: request.params.fileId, expires: request.query.expires, signature: request.query.signature, now: ctx.now })) throw notFound('File');
          const [row] = await ctx.tx.select().from(contentFiles).where(and(eq(contentFiles.id, request.params.fileId), eq(contentFiles.kind, 'attachment'))).limit(1);
          return row ?? null;
        });
        const bytes = file ? await deps.storage.get(file.region as TDataRegion, file.storageKey) : null;
        if (!file || !bytes) throw notFound('File');
        return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
      },
    );
  };
}
