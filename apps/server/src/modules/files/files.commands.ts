import { endpointPath, FILE_ENDPOINTS, type ZUploadKind } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { userFiles, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import type { z } from 'zod';

type TUserFileRow = typeof userFiles.$inferSelect;

/** The URL of a stored photo variant (a capability: the key is 128 random bits). */
export function photoUrl(key: string, size: '512' | '128'): string {
  return endpointPath(FILE_ENDPOINTS.photo.path, { key, size });
}

/**
 * Makes an already stored photo the viewer's: replaces the previous photo row, points the user at it,
 * refreshes the directory and audits. Answers the replaced rows, whose bytes the caller removes.
 */
export async function replaceMyPhoto(
  ctx: TRequestContext,
  photo: { region: TDataRegion; key: string; sizeBytes: number; originalName: string },
): Promise<TUserFileRow[]> {
  const viewer = ctx.requireViewer();
  const old = await ctx.tx
    .delete(userFiles)
    .where(and(eq(userFiles.userId, viewer.user.id), eq(userFiles.kind, 'photo')))
    .returning();
  await ctx.tx.insert(userFiles).values({
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    kind: 'photo',
    region: photo.region,
    storageKey: photo.key,
    mimeType: 'image/webp',
    sizeBytes: photo.sizeBytes,
    originalName: photo.originalName,
  });
  await ctx.tx
    .update(users)
    .set({ photoUrl: photoUrl(photo.key, '512'), updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({ action: 'profile.photo', targetType: 'user', targetId: viewer.user.id });
  return old;
}

/** Records an already stored resume or document of the viewer, and audits. */
export async function recordMyFile(
  ctx: TRequestContext,
  file: {
    kind: z.output<typeof ZUploadKind>;
    region: TDataRegion;
    key: string;
    mimeType: string;
    sizeBytes: number;
    originalName: string;
  },
): Promise<TUserFileRow> {
  const viewer = ctx.requireViewer();
  const [inserted] = await ctx.tx
    .insert(userFiles)
    .values({
      clusterId: ctx.clusterId,
      userId: viewer.user.id,
      kind: file.kind,
      region: file.region,
      storageKey: file.key,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      originalName: file.originalName,
    })
    .returning();
  await ctx.audit({ action: 'profile.file_upload', targetType: 'file', targetId: inserted?.id ?? '' });
  if (!inserted) throw new Error('file insert returned no row');
  return inserted;
}

/** Deletes one of the viewer's documents (not their photo), and audits; answers the row whose bytes the caller removes. */
export async function deleteMyFile(ctx: TRequestContext, id: string): Promise<TUserFileRow> {
  const viewer = ctx.requireViewer();
  const [row] = await ctx.tx
    .delete(userFiles)
    .where(and(eq(userFiles.id, id), eq(userFiles.userId, viewer.user.id)))
    .returning();
  if (!row || !['resume', 'document'].includes(row.kind)) throw notFound('File');
  await ctx.audit({ action: 'profile.file_delete', targetType: 'file', targetId: row.id });
  return row;
}
