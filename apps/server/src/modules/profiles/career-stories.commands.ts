import type { TCareerAdviceSection, TCareerStoryItemDto, TPutCareerStoriesRequest } from '@commons/contract';
import { isCareerStoryItemEmpty, type TDataRegion } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { careerStories } from '../../db/schema/index.js';
import { forbidden, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { careerStoryPrompts } from './career-stories.policy.js';
import { presentCareerAdvice, presentCareerStoryItem } from './career-stories.presenter.js';
import { loadViewedProfile } from './profiles.access.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';

type TCareerStoryRow = typeof careerStories.$inferSelect;
type TStoredAudio = { region: TDataRegion; key: string };

const UNAVAILABLE = 'Career stories are not available for your user type.';
const UNKNOWN_PROMPT = 'This question is not asked in your hub.';

const blankToNull = (text: string | null): string | null =>
  text === null || text.trim() === '' ? null : text.trim();

/** The viewer's own profile with the prompts of their hub; 403 when their user type may not have career stories. */
async function loadMyCareerStories(ctx: TRequestContext) {
  const viewed = await loadViewedProfile(ctx, 'me');
  if (!viewed.access.sections.has('careerAdvice')) throw forbidden(UNAVAILABLE);
  return { ...viewed, prompts: careerStoryPrompts(viewed.settings) };
}

const isRowEmpty = (row: Pick<TCareerStoryRow, 'value' | 'link' | 'audioKey' | 'isRecorded'>): boolean =>
  isCareerStoryItemEmpty({
    value: row.value,
    link: row.link,
    audioSrc: row.audioKey,
    recorded: row.audioKey !== null && row.isRecorded,
  });

/** The owner's careerAdvice section after a change. */
async function myCareerAdvice(ctx: TRequestContext): Promise<TCareerAdviceSection> {
  const { record, prompts } = await loadMyCareerStories(ctx);
  return presentCareerAdvice({
    identifier: record.user.identifier,
    prompts,
    rows: record.careerStories,
    isOwner: true,
  });
}

/**
 * Sets the text and link of the listed prompts (audio stays); an answer left with nothing is removed
 * (spec 5 Career-story item). Unknown or repeated prompts answer 400 under `items.{index}.promptId`.
 */
export async function putMyCareerStories(
  ctx: TRequestContext,
  input: TPutCareerStoriesRequest,
): Promise<TCareerAdviceSection> {
  const { record, prompts } = await loadMyCareerStories(ctx);
  const known = new Set(prompts.map((p) => p.id));
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  input.items.forEach((item, index) => {
    if (!known.has(item.promptId)) fields[`items.${index}.promptId`] = UNKNOWN_PROMPT;
    else if (seen.has(item.promptId)) fields[`items.${index}.promptId`] = 'Answer each question once.';
    seen.add(item.promptId);
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);

  const userId = record.user.id;
  const existing = new Map(record.careerStories.map((row) => [row.promptId, row]));
  for (const item of input.items) {
    const next = { value: blankToNull(item.value), link: blankToNull(item.link) };
    const row = existing.get(item.promptId);
    if (row) {
      if (isRowEmpty({ ...row, ...next }))
        await ctx.tx.delete(careerStories).where(eq(careerStories.id, row.id));
      else if (row.value !== next.value || row.link !== next.link) {
        await ctx.tx
          .update(careerStories)
          .set({ ...next, updatedAt: ctx.now })
          .where(eq(careerStories.id, row.id));
      }
    } else if (!isRowEmpty({ ...next, audioKey: null, isRecorded: false })) {
      await ctx.tx
        .insert(careerStories)
        .values({ clusterId: ctx.clusterId, userId, promptId: item.promptId, ...next, updatedAt: ctx.now });
    }
  }
  // A written career story completes the career_stories action item (issue #18 item 4).
  if (input.items.some((item) => blankToNull(item.value) !== null || blankToNull(item.link) !== null))
    await completeViewerActionItem(ctx, 'career_stories');
  await ctx.audit({
    action: 'profile.career_stories.update',
    targetType: 'user',
    targetId: userId,
    data: { prompts: [...seen] },
  });
  return myCareerAdvice(ctx);
}

/** Checks that the viewer may give an audio answer to this prompt (before any bytes are stored). */
export async function assertMyCareerStoryPrompt(ctx: TRequestContext, promptId: string): Promise<void> {
  const { prompts } = await loadMyCareerStories(ctx);
  if (!prompts.some((p) => p.id === promptId)) throw validationError({ promptId: UNKNOWN_PROMPT });
}

/** Records an audio answer whose bytes are already stored; answers the item and the audio it replaced. */
export async function setMyCareerStoryAudio(
  ctx: TRequestContext,
  input: { promptId: string; audio: TStoredAudio; mimeType: string; sizeBytes: number; isRecorded: boolean },
): Promise<{ item: TCareerStoryItemDto; replaced: TStoredAudio | null }> {
  await assertMyCareerStoryPrompt(ctx, input.promptId);
  const viewer = ctx.requireViewer();
  const audio = {
    audioRegion: input.audio.region,
    audioKey: input.audio.key,
    audioMimeType: input.mimeType,
    audioSizeBytes: input.sizeBytes,
    isRecorded: input.isRecorded,
    updatedAt: ctx.now,
  };
  const [old] = await ctx.tx
    .select()
    .from(careerStories)
    .where(and(eq(careerStories.userId, viewer.user.id), eq(careerStories.promptId, input.promptId)))
    .limit(1);
  const [row] = old
    ? await ctx.tx.update(careerStories).set(audio).where(eq(careerStories.id, old.id)).returning()
    : await ctx.tx
        .insert(careerStories)
        .values({ clusterId: ctx.clusterId, userId: viewer.user.id, promptId: input.promptId, ...audio })
        .returning();
  if (!row) throw new Error('career story write returned no row');
  await ctx.audit({
    action: 'profile.career_stories.audio',
    targetType: 'user',
    targetId: viewer.user.id,
    data: { promptId: input.promptId, recorded: input.isRecorded },
  });
  return { item: presentCareerStoryItem(viewer.user.identifier, row), replaced: storedAudio(old) };
}

/** Removes the audio of an answer (the answer goes when nothing is left); answers the section and the audio to delete. */
export async function removeMyCareerStoryAudio(
  ctx: TRequestContext,
  promptId: string,
): Promise<{ careerAdvice: TCareerAdviceSection; removed: TStoredAudio }> {
  const viewer = ctx.requireViewer();
  const [row] = await ctx.tx
    .select()
    .from(careerStories)
    .where(and(eq(careerStories.userId, viewer.user.id), eq(careerStories.promptId, promptId)))
    .limit(1);
  const removed = storedAudio(row);
  if (!row || !removed) throw notFound('Audio');
  if (isRowEmpty({ ...row, audioKey: null }))
    await ctx.tx.delete(careerStories).where(eq(careerStories.id, row.id));
  else {
    await ctx.tx
      .update(careerStories)
      .set({
        audioRegion: null,
        audioKey: null,
        audioMimeType: null,
        audioSizeBytes: null,
        isRecorded: false,
        updatedAt: ctx.now,
      })
      .where(eq(careerStories.id, row.id));
  }
  await ctx.audit({
    action: 'profile.career_stories.audio_delete',
    targetType: 'user',
    targetId: viewer.user.id,
    data: { promptId },
  });
  return { careerAdvice: await myCareerAdvice(ctx), removed };
}

/** The stored audio of a row, if any. */
export function storedAudio(row: TCareerStoryRow | undefined): TStoredAudio | null {
  return row && row.audioKey !== null && row.audioRegion !== null
    ? { region: row.audioRegion as TDataRegion, key: row.audioKey }
    : null;
}
