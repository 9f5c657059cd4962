import { createHmac, timingSafeEqual } from 'node:crypto';
import { type TCreateResourceRequest, type TResource, type TUpdateResourceRequest } from '@commons/contract';
import { isValidUrl } from '@commons/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { contentFiles, groups, resourceAttachments, resources, users } from '../../db/schema/index.js';
import { conflict, forbidden, validationError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { cachedPreview } from '../link-previews/link-previews.commands.js';
import { mapInSeries } from '../../db/in-series.js';
import { authorColumns, prefixQuery, type TAuthorRow } from '../content/content.queries.js';
import { cleanBody, slugify } from '../content/content.commands.js';
import { presentAuthor } from '../content/content.presenter.js';
import {
  abilitiesFor,
  groupRoles,
  requireGroupContent,
  requireHubContributor,
} from '../content/content.policy.js';
import { mayCreate, requireReadableResource } from './resources.policy.js';
import type { TResourceRow } from './resources.queries.js';

export type { TResourceRow };

/** The type's rules (a link or video needs its URL, a file an attachment, an article its text) and the cleaned body. */
function checkContent(request: {
  typeName: TCreateResourceRequest['typeName'];
  url?: string | null | undefined;
  body: string;
  attachmentIds: string[];
}) {
  const url = request.url?.trim() || null;
  if ((request.typeName === 'link' || request.typeName === 'video') && !url)
    throw validationError({ url: 'Please add the link.' });
  if (url !== null && !isValidUrl(url))
    throw validationError({ url: 'Enter a web address starting with http:// or https://.' });
  if (request.typeName === 'file' && request.attachmentIds.length === 0)
    throw validationError({ attachmentIds: 'Please attach a file.' });
  const body = cleanBody(request.body, {
    isRequired: request.typeName === 'article',
    message: 'Please write the article.',
  });
  return { url, body };
}

/** Attachment files uploaded by the viewer (or already on `resourceId`), all of them or a 400. */
async function ownAttachments(
  ctx: TRequestContext,
  ids: string[],
  resourceId?: string,
): Promise<Array<{ id: string }>> {
  if (ids.length === 0) return [];
  const attached = resourceId
    ? sql`exists (select 1 from ${resourceAttachments} where ${resourceAttachments.fileId} = ${contentFiles.id} and ${resourceAttachments.resourceId} = ${resourceId})`
    : sql`false`;
  const files = await ctx.tx
    .select({ id: contentFiles.id })
    .from(contentFiles)
    .where(
      and(
        inArray(contentFiles.id, ids),
        eq(contentFiles.kind, 'attachment'),
        or(eq(contentFiles.uploadedByUserId, ctx.requireViewer().user.id), attached),
      ),
    );
  if (files.length !== new Set(ids).size)
    throw validationError({ attachmentIds: 'An attachment was not found.' });
  return files;
}

/** How many groups the hub page offers as a resource's group scope at most. */
const POSTABLE_GROUPS_MAX = 100;

/** The hub's groups the viewer may post resources in: every group with the resources right, else those they admin (not view-only). */
export async function postableGroups(ctx: TRequestContext): Promise<Array<{ id: string; name: string }>> {
  const hubId = ctx.requireHub().id;
  let ids: string[] | null = null;
  if (!ctx.hasRight('resources')) {
    ids = [...(await groupRoles(ctx)).entries()]
      .filter(([, role]) => role.isAdmin && !role.isViewOnlyAdmin)
      .map(([id]) => id);
    if (ids.length === 0) return [];
  }
  return ctx.tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.hubId, hubId), ids === null ? undefined : inArray(groups.id, ids)))
    .orderBy(asc(groups.name))
    .limit(POSTABLE_GROUPS_MAX);
}

/** Tries before a create gives up on finding a free slug (each try sees every slug committed before it). */
const SLUG_ATTEMPTS = 5;

/**
 * The slug a new resource of the hub gets: the title's slug when no resource uses it or a numbered form of
 * it, else the number after the highest one taken, so a slug freed by a delete is never counted into a
 * collision (issue #13). BigInt keeps a long numbered slug exact.
 */
async function nextFreeSlug(ctx: TRequestContext, hubId: number, base: string): Promise<string> {
  const taken = await ctx.tx
    .select({ slug: resources.slug })
    .from(resources)
    .where(and(eq(resources.hubId, hubId), sql`${resources.slug} ~ ${`^${base}(-[0-9]+)?$`}`));
  if (taken.length === 0) return base;
  const highest = taken.reduce((max, r) => {
    const number = r.slug === base ? 1n : BigInt(r.slug.slice(base.length + 1));
    return number > max ? number : max;
  }, 1n);
  return `${base}-${highest + 1n}`;
}

/** Creates a resource or listing with its attachments (uploaded before, by the same person). */
export async function createResource(
  ctx: TRequestContext,
  request: TCreateResourceRequest,
): Promise<TResourceRow> {
  requireHubContributor(ctx);
  const hub = ctx.requireHub();
  const groupId = request.groupId ?? null;
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  if (!(await mayCreate(ctx, { isBusinessDirectory: request.isBusinessDirectory, groupId })))
    throw forbidden('You cannot post resources here.');
  const { url, body } = checkContent(request);
  const viewerId = ctx.requireViewer().user.id;
  const files = await ownAttachments(ctx, request.attachmentIds);
  const values = {
    clusterId: ctx.clusterId,
    hubId: hub.id,
    groupId,
    authorId: viewerId,
    typeName: request.typeName,
    title: request.title.trim(),
    body: body.html,
    bodyText: body.text,
    url,
    category: request.category?.trim() || null,
    location: request.location?.trim() || null,
    isBusinessDirectory: request.isBusinessDirectory,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const base = slugify(request.title);
  let row: TResourceRow | undefined;
  for (let attempt = 0; row === undefined && attempt < SLUG_ATTEMPTS; attempt++) {
    // A concurrent post may take the same slug first; the unique index then skips this insert and the next number is tried.
    [row] = await ctx.tx
      .insert(resources)
      .values({ ...values, slug: await nextFreeSlug(ctx, hub.id, base) })
      .onConflictDoNothing({ target: [resources.hubId, resources.slug] })
      .returning();
  }
  if (!row) throw conflict('Another resource with this title was just posted. Please try again.');
  if (files.length)
    await ctx.tx.insert(resourceAttachments).values(
      files.map((f) => ({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        resourceId: row.id,
        fileId: f.id,
        createdAt: ctx.now,
      })),
    );
  await ctx.audit({ action: 'resources.create', targetType: 'resource', targetId: row.id });
  return row;
}

/** A resource as the API shows it, with attachments, the cached link preview and the viewer's abilities. */
export async function presentResource(
  ctx: TRequestContext,
  options: { row: TResourceRow; author: TAuthorRow },
): Promise<TResource> {
  const { row } = options;
  const files = await ctx.tx
    .select({
      id: contentFiles.id,
      name: contentFiles.originalName,
      mimeType: contentFiles.mimeType,
      sizeBytes: contentFiles.sizeBytes,
    })
    .from(resourceAttachments)
    .innerJoin(contentFiles, eq(contentFiles.id, resourceAttachments.fileId))
    .where(eq(resourceAttachments.resourceId, row.id))
    .orderBy(asc(resourceAttachments.createdAt));
  const can = await abilitiesFor(ctx, { authorId: row.authorId, groupId: row.groupId });
  const isResourceAdmin = ctx.hasRight('resources');
  return {
    id: row.id,
    slug: row.slug,
    typeName: row.typeName,
    title: row.title,
    excerpt: row.bodyText.length > 200 ? `${row.bodyText.slice(0, 199)}…` : row.bodyText,
    body: row.body,
    url: row.url,
    category: row.category,
    location: row.location,
    isBusinessDirectory: row.isBusinessDirectory,
    groupId: row.groupId,
    isPinned: row.pinnedAt !== null,
    author: presentAuthor(options.author),
    attachments: files,
    preview: row.url ? await cachedPreview(ctx, row.url) : null,
    createdAt: row.createdAt.toISOString(),
    can: { ...can, edit: can.edit || isResourceAdmin, delete: can.delete || isResourceAdmin },
  };
}

/** Resources (or directory listings) of the hub or a group, newest first (pinned first on page one), with category counts. */
export async function listResources(
  ctx: TRequestContext,
  options: {
    isBusinessDirectory: boolean;
    category?: string | undefined;
    typeName?: string | undefined;
    groupId: string | null;
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const hubId = ctx.requireHub().id;
  const cursor = decodeCursor(options.cursor);
  const query = prefixQuery(options.q);
  const scope: Array<SQL | undefined> = [
    eq(resources.hubId, hubId),
    eq(resources.isBusinessDirectory, options.isBusinessDirectory),
    isNull(resources.hiddenAt),
    options.groupId === null ? isNull(resources.groupId) : eq(resources.groupId, options.groupId),
    query ? sql`${resources.searchVector} @@ to_tsquery('simple', ${query})` : undefined,
  ];
  const conditions = [
    ...scope,
    options.category ? eq(resources.category, options.category) : undefined,
    options.typeName ? sql`${resources.typeName} = ${options.typeName}` : undefined,
    cursor
      ? sql`(${resources.pinnedAt} is null and (${resources.createdAt}, ${resources.id}) < (${new Date(cursor.at)}, ${cursor.id}::uuid))`
      : undefined,
  ];
  const rows = await ctx.tx
    .select({ row: resources, author: authorColumns })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.authorId))
    .where(and(...conditions))
    .orderBy(
      sql`${resources.pinnedAt} is null`,
      desc(resources.pinnedAt),
      desc(resources.createdAt),
      desc(resources.id),
    )
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const categories = await ctx.tx
    .select({ category: sql<string>`${resources.category}`, count: sql<number>`count(*)::int` })
    .from(resources)
    .where(and(...scope, sql`${resources.category} is not null`))
    .groupBy(resources.category)
    .orderBy(sql`count(*) desc`, resources.category);
  return {
    items: await mapInSeries(page, (r) => presentResource(ctx, r)),
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ at: last.row.createdAt.toISOString(), id: last.row.id })
        : null,
    categories,
  };
}

/**
 * Edits a resource (PATCH): its author, admins of spec 6 Posts, or hub admins with the resources right.
 * The merged result must still pass the type's rules; attachmentIds, when given, replaces the set.
 */
export async function updateResource(
  ctx: TRequestContext,
  slug: string,
  changes: TUpdateResourceRequest,
): Promise<void> {
  requireHubContributor(ctx);
  const { row } = await requireReadableResource(ctx, slug);
  const can = await abilitiesFor(ctx, { authorId: row.authorId, groupId: row.groupId });
  if (!can.edit && !ctx.hasRight('resources')) throw forbidden('You cannot edit this resource.');
  const current = await ctx.tx
    .select({ fileId: resourceAttachments.fileId })
    .from(resourceAttachments)
    .where(eq(resourceAttachments.resourceId, row.id));
  const attachmentIds = changes.attachmentIds ?? current.map((a) => a.fileId);
  const typeName = changes.typeName ?? row.typeName;
  const { url, body } = checkContent({
    typeName,
    url: changes.url === undefined ? row.url : changes.url,
    body: changes.body ?? row.body,
    attachmentIds,
  });
  const files = await ownAttachments(ctx, attachmentIds, row.id);
  const optional = (value: string | null | undefined, previous: string | null) =>
    value === undefined ? previous : value?.trim() || null;
  await ctx.tx
    .update(resources)
    .set({
      typeName,
      title: changes.title?.trim() ?? row.title,
      body: body.html,
      bodyText: body.text,
      url,
      category: optional(changes.category, row.category),
      location: optional(changes.location, row.location),
      updatedAt: ctx.now,
    })
    .where(eq(resources.id, row.id));
  if (changes.attachmentIds !== undefined) {
    await ctx.tx.delete(resourceAttachments).where(eq(resourceAttachments.resourceId, row.id));
    if (files.length)
      await ctx.tx.insert(resourceAttachments).values(
        files.map((f) => ({
          clusterId: ctx.clusterId,
          hubId: row.hubId,
          resourceId: row.id,
          fileId: f.id,
          createdAt: ctx.now,
        })),
      );
  }
  await ctx.audit({ action: 'resources.update', targetType: 'resource', targetId: row.id });
}

/** Deletes a resource: its author, admins of spec 6 Posts, or hub admins with the resources right. */
export async function deleteResource(ctx: TRequestContext, slug: string): Promise<void> {
  const found = await requireReadableResource(ctx, slug);
  const can = await abilitiesFor(ctx, { authorId: found.row.authorId, groupId: found.row.groupId });
  if (!can.delete && !ctx.hasRight('resources')) throw forbidden();
  await ctx.tx.delete(resources).where(eq(resources.id, found.row.id));
  await ctx.audit({ action: 'resources.delete', targetType: 'resource', targetId: found.row.id });
}

/** How long a signed file link works (spec 7 resource-URL helper: short-lived). */
export const SIGNED_URL_TTL_SECONDS = 300;

function signature(secret: Uint8Array, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`resource-file:${fileId}:${expires}`).digest('base64url');
}

/** A signed download path for a file, valid for SIGNED_URL_TTL_SECONDS. */
export function signFileUrl(
  secret: Uint8Array,
  fileId: string,
  now: Date,
): { url: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
  return {
    url: `/api/resources/files/${fileId}/download?expires=${expires}&signature=${signature(secret, fileId, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Whether a signed link is genuine and not expired (constant-time comparison). */
export function verifyFileSignature(
  secret: Uint8Array,
  options: { fileId: string; expires: number; signature: string; now: Date },
): boolean {
  if (options.expires * 1000 < options.now.getTime()) return false;
  const expected = Buffer.from(signature(secret, options.fileId, options.expires));
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Records an uploaded attachment file (stored under `storageKey` in `region`) for a resource still to be saved. */
export async function recordAttachmentUpload(
  ctx: TRequestContext,
  options: {
    hubId: number;
    region: string;
    storageKey: string;
    mimeType: string;
    extension: string;
    sizeBytes: number;
    filename: string;
  },
) {
  const [inserted] = await ctx.tx
    .insert(contentFiles)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.hubId,
      uploadedByUserId: ctx.requireViewer().user.id,
      kind: 'attachment',
      region: options.region,
      storageKey: options.storageKey,
      mimeType: options.mimeType,
      sizeBytes: options.sizeBytes,
      originalName: `${options.filename.replace(/\.[^.]*$/, '').slice(0, 150) || 'attachment'}.${options.extension}`,
    })
    .returning();
  if (!inserted) throw new Error('attachment insert returned no row');
  return inserted;
}
