import { randomBytes } from 'node:crypto';
import { RESOURCE_ENDPOINTS } from '@commons/contract';
import { dataRegionForHubId, type TDataRegion } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { sendDownload } from '../../lib/downloads.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { detectDocument, DOCUMENT_MAX_BYTES, readUpload } from '../files/uploads.js';
import { requireGroupContent, requireHubReader } from '../content/content.policy.js';
import {
  createResource,
  deleteResource,
  listResources,
  postableGroups,
  presentResource,
  recordAttachmentUpload,
  signFileUrl,
  updateResource,
  verifyFileSignature,
} from './resources.commands.js';
import { canReadResource, mayCreate, requireReadableResource } from './resources.policy.js';
import { findAttachmentFile, findResourceOfAttachment, resourceSettings } from './resources.queries.js';

/** Resources and the business directory (issue #7 item 3), attachments and the resource-URL helper (spec 7). */
export function resourceRoutes(deps: Pick<TAppDeps, 'storage' | 'config'>): FastifyPluginAsyncZod {
  const secret = deps.config.jwtSecret;
  return async (app) => {
    tenantRoute(app, RESOURCE_ENDPOINTS.list, async (ctx, { query }) => {
      requireHubReader(ctx);
      const groupId = query.groupId ?? null;
      if (groupId !== null) await requireGroupContent(ctx, groupId);
      return listResources(ctx, { ...query, groupId });
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.settings, async (ctx, { query }) => {
      requireHubReader(ctx);
      const groupId = query.groupId ?? null;
      const settings = await resourceSettings(ctx, ctx.requireHub().id);
      return {
        canCreate: await mayCreate(ctx, { isBusinessDirectory: false, groupId }),
        canCreateListing:
          groupId === null && (await mayCreate(ctx, { isBusinessDirectory: true, groupId: null })),
        isBusinessDirectoryEnabled: settings.isBusinessDirectoryV2Enabled,
        groups: groupId === null ? await postableGroups(ctx) : [],
      };
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.create, async (ctx, { body }) => {
      const row = await createResource(ctx, body);
      return { resource: await presentResource(ctx, await requireReadableResource(ctx, row.slug)) };
    });

    // Two transactions around the storage write: no database transaction stays open during the upload.
    const { uploadAttachment } = RESOURCE_ENDPOINTS;
    route(app, uploadAttachment, async ({ request }) => {
      const tenant = tenantOptionsOf(uploadAttachment);
      const { region, hubId } = await request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        return { region: dataRegionForHubId(ctx.requireHub().id), hubId: ctx.requireHub().id };
      });
      const { bytes, filename } = await readUpload(request, {
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLargeMessage: 'The file must be 10 MB or smaller.',
      });
      const type = detectDocument(bytes);
      const storageKey = randomBytes(16).toString('hex');
      await deps.storage.put(region, storageKey, bytes);
      const row = await request.tenant(tenant, (ctx) =>
        recordAttachmentUpload(ctx, {
          hubId,
          region,
          storageKey,
          mimeType: type.mimeType,
          extension: type.extension,
          sizeBytes: bytes.length,
          filename,
        }),
      );
      return {
        attachment: { id: row.id, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes },
      };
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.get, async (ctx, { params }) => {
      requireHubReader(ctx);
      return { resource: await presentResource(ctx, await requireReadableResource(ctx, params.slug)) };
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.update, async (ctx, { params, body }) => {
      await updateResource(ctx, params.slug, body);
      return { resource: await presentResource(ctx, await requireReadableResource(ctx, params.slug)) };
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.delete, async (ctx, { params }) => {
      requireHubReader(ctx);
      await deleteResource(ctx, params.slug);
      return { ok: true as const };
    });

    tenantRoute(app, RESOURCE_ENDPOINTS.fileUrl, async (ctx, { params }) => {
      requireHubReader(ctx);
      const resource = await findResourceOfAttachment(ctx.tx, {
        hubId: ctx.requireHub().id,
        fileId: params.fileId,
      });
      if (!resource || !(await canReadResource(ctx, resource))) throw notFound('File');
      return signFileUrl(secret, params.fileId, ctx.now);
    });

    const { signedFile } = RESOURCE_ENDPOINTS;
    route(app, signedFile, async ({ params, query, request, reply }) => {
      const file = await request.tenant(tenantOptionsOf(signedFile), async (ctx) => {
        if (
          !verifyFileSignature(secret, {
            fileId: params.fileId,
            expires: query.expires,
            signature: query.signature,
            now: ctx.now,
          })
        )
          throw notFound('File');
        return findAttachmentFile(ctx.tx, params.fileId);
      });
      const bytes = file ? await deps.storage.get(file.region as TDataRegion, file.storageKey) : null;
      if (!file || !bytes) throw notFound('File');
      return sendDownload(reply, { bytes, mimeType: file.mimeType, name: file.originalName });
    });
  };
}
