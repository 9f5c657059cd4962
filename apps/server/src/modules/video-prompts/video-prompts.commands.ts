import type { TSaveVideoPromptRequest } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { userFiles, videoAnswers, videoPrompts, type TVideoAnswerSource } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TVideoAnswerRow, TVideoPromptRow } from './video-prompts.queries.js';

/** Bytes stored for an answer (written before its transaction, removed again when it fails). */
export type TStoredObject = { region: TDataRegion; key: string; mimeType: string; sizeBytes: number };
/** Objects whose rows a command removed; the caller removes their bytes after the commit. */
export type TRemovedObjects = Array<{ region: TDataRegion; key: string }>;

/** Deletes the user_files rows of answers (their video and poster) and answers their bytes' places. */
async function removeAnswerFiles(tx: TTx, answers: readonly TVideoAnswerRow[]): Promise<TRemovedObjects> {
  const ids = answers
    .flatMap((a) => [a.videoFileId, a.posterFileId])
    .filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(userFiles)
    .where(inArray(userFiles.id, ids))
    .returning({ region: userFiles.region, key: userFiles.storageKey });
  return removed.map((r) => ({ region: r.region as TDataRegion, key: r.key }));
}

/** Inserts or replaces the viewer's answer to a prompt; answers the new row and the objects it replaced. */
async function upsertAnswer(
  ctx: TRequestContext,
  options: {
    prompt: TVideoPromptRow;
    source: TVideoAnswerSource;
    videoFileId: string | null;
    posterFileId: string | null;
    linkUrl: string | null;
  },
): Promise<{ answer: TVideoAnswerRow; replaced: TRemovedObjects }> {
  const userId = ctx.requireViewer().user.id;
  const [previous] = await ctx.tx
    .select()
    .from(videoAnswers)
    .where(and(eq(videoAnswers.promptId, options.prompt.id), eq(videoAnswers.userId, userId)))
    .limit(1);
  const values = {
    source: options.source,
    videoFileId: options.videoFileId,
    posterFileId: options.posterFileId,
    linkUrl: options.linkUrl,
    updatedAt: ctx.now,
  };
  const [answer] = await ctx.tx
    .insert(videoAnswers)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.prompt.hubId,
      promptId: options.prompt.id,
      userId,
      createdAt: ctx.now,
      ...values,
    })
    .onConflictDoUpdate({ target: [videoAnswers.promptId, videoAnswers.userId], set: values })
    .returning();
  if (!answer) throw new Error('video answer not saved');
  const replaced = previous ? await removeAnswerFiles(ctx.tx, [previous]) : [];
  await ctx.audit({
    action: 'video_answer.saved',
    targetType: 'video_prompt',
    targetId: options.prompt.id,
    data: { source: options.source },
  });
  return { answer, replaced };
}

/** Records a recorded or uploaded video (and its poster) whose bytes are stored already, as the viewer's answer. */
export async function saveVideoAnswer(
  ctx: TRequestContext,
  options: {
    prompt: TVideoPromptRow;
    source: 'recorded' | 'uploaded';
    video: TStoredObject;
    poster: TStoredObject | null;
  },
): Promise<{ answer: TVideoAnswerRow; replaced: TRemovedObjects }> {
  const userId = ctx.requireViewer().user.id;
  const record = async (object: TStoredObject, kind: 'video' | 'poster', name: string) => {
    const [row] = await ctx.tx
      .insert(userFiles)
      .values({
        clusterId: ctx.clusterId,
        userId,
        kind,
        region: object.region,
        storageKey: object.key,
        mimeType: object.mimeType,
        sizeBytes: object.sizeBytes,
        originalName: name,
      })
      .returning({ id: userFiles.id });
    if (!row) throw new Error('file not recorded');
    return row.id;
  };
  const videoFileId = await record(
    options.video,
    'video',
    `video-answer.${options.video.mimeType.split('/')[1] ?? 'bin'}`,
  );
  const posterFileId = options.poster
    ? await record(options.poster, 'poster', 'video-answer-poster.webp')
    : null;
  return upsertAnswer(ctx, {
    prompt: options.prompt,
    source: options.source,
    videoFileId,
    posterFileId,
    linkUrl: null,
  });
}

/** Answers with a link. */
export function saveLinkAnswer(
  ctx: TRequestContext,
  options: { prompt: TVideoPromptRow; linkUrl: string },
): Promise<{ answer: TVideoAnswerRow; replaced: TRemovedObjects }> {
  return upsertAnswer(ctx, {
    prompt: options.prompt,
    source: 'link',
    videoFileId: null,
    posterFileId: null,
    linkUrl: options.linkUrl,
  });
}

/** Removes a member's answer to a prompt (the viewer's own, or any for the prompt admins: RLS says the same). */
export async function deleteAnswer(
  ctx: TRequestContext,
  options: { promptId: string; userId: string },
): Promise<TRemovedObjects> {
  const [removed] = await ctx.tx
    .delete(videoAnswers)
    .where(and(eq(videoAnswers.promptId, options.promptId), eq(videoAnswers.userId, options.userId)))
    .returning();
  if (!removed) throw notFound('Answer');
  await ctx.audit({
    action: 'video_answer.deleted',
    targetType: 'video_prompt',
    targetId: options.promptId,
    data: { userId: options.userId },
  });
  return removeAnswerFiles(ctx.tx, [removed]);
}

/** Adds a prompt to the request's hub. */
export async function createVideoPrompt(
  ctx: TRequestContext,
  body: Required<TSaveVideoPromptRequest>,
): Promise<TVideoPromptRow> {
  const [row] = await ctx.tx
    .insert(videoPrompts)
    .values({
      clusterId: ctx.clusterId,
      hubId: ctx.requireHub().id,
      ...body,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('video prompt not saved');
  await ctx.audit({ action: 'video_prompt.created', targetType: 'video_prompt', targetId: row.id });
  return row;
}

/** Changes a prompt of the request's hub. */
export async function updateVideoPrompt(
  ctx: TRequestContext,
  options: { id: string; body: Partial<TSaveVideoPromptRequest> },
): Promise<TVideoPromptRow> {
  const [row] = await ctx.tx
    .update(videoPrompts)
    .set({ ...options.body, updatedAt: ctx.now })
    .where(and(eq(videoPrompts.id, options.id), eq(videoPrompts.hubId, ctx.requireHub().id)))
    .returning();
  if (!row) throw notFound('Video prompt');
  await ctx.audit({ action: 'video_prompt.updated', targetType: 'video_prompt', targetId: row.id });
  return row;
}

/** Removes a prompt of the request's hub with its answers; answers the answers' objects to remove. */
export async function deleteVideoPrompt(ctx: TRequestContext, id: string): Promise<TRemovedObjects> {
  const hubId = ctx.requireHub().id;
  const answers = await ctx.tx
    .select()
    .from(videoAnswers)
    .where(and(eq(videoAnswers.promptId, id), eq(videoAnswers.hubId, hubId)));
  const removed = await ctx.tx
    .delete(videoPrompts)
    .where(and(eq(videoPrompts.id, id), eq(videoPrompts.hubId, hubId)))
    .returning({ id: videoPrompts.id });
  if (removed.length === 0) throw notFound('Video prompt');
  await ctx.audit({ action: 'video_prompt.deleted', targetType: 'video_prompt', targetId: id });
  return removeAnswerFiles(ctx.tx, answers);
}
