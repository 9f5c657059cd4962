import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TTx } from '../../db/client.js';
import { userFiles, users, videoAnswers, videoPrompts } from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter } from '../../lib/keyset.js';

export type TVideoPromptRow = typeof videoPrompts.$inferSelect;
export type TVideoAnswerRow = typeof videoAnswers.$inferSelect;

const videoFiles = alias(userFiles, 'video_files');

/** An answer with its author and its video's type, as the presenter needs it. */
export type TVideoAnswerWithAuthor = {
  answer: TVideoAnswerRow;
  author: { id: string; identifier: string; firstName: string; lastName: string; photoUrl: string | null };
  videoMimeType: string | null;
  question: string;
};

const ANSWER_COLUMNS = {
  answer: videoAnswers,
  author: {
    id: users.id,
    identifier: users.identifier,
    firstName: users.firstName,
    lastName: users.lastName,
    photoUrl: users.photoUrl,
  },
  videoMimeType: videoFiles.mimeType,
  question: videoPrompts.question,
};

/** Answers with author, video type and question: one statement (joins), whatever the filter. */
function answersQuery(tx: TTx) {
  return tx
    .select(ANSWER_COLUMNS)
    .from(videoAnswers)
    .innerJoin(users, eq(users.id, videoAnswers.userId))
    .innerJoin(videoPrompts, eq(videoPrompts.id, videoAnswers.promptId))
    .leftJoin(videoFiles, eq(videoFiles.id, videoAnswers.videoFileId));
}

/** The hub's prompts, newest first (active ones only unless `isAll`). */
export async function listVideoPrompts(
  tx: TTx,
  options: { hubId: number; isAll: boolean },
): Promise<TVideoPromptRow[]> {
  return tx
    .select()
    .from(videoPrompts)
    .where(
      options.isAll
        ? eq(videoPrompts.hubId, options.hubId)
        : and(eq(videoPrompts.hubId, options.hubId), eq(videoPrompts.isActive, true)),
    )
    .orderBy(desc(videoPrompts.createdAt), desc(videoPrompts.id));
}

/** One prompt of the hub. */
export async function findVideoPrompt(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TVideoPromptRow | null> {
  const [row] = await tx
    .select()
    .from(videoPrompts)
    .where(and(eq(videoPrompts.id, options.id), eq(videoPrompts.hubId, options.hubId)))
    .limit(1);
  return row ?? null;
}

/** How many answered each of these prompts. */
export async function answerCounts(tx: TTx, promptIds: readonly string[]): Promise<Map<string, number>> {
  if (promptIds.length === 0) return new Map();
  const rows = await tx
    .select({ promptId: videoAnswers.promptId, total: count() })
    .from(videoAnswers)
    .where(inArray(videoAnswers.promptId, [...promptIds]))
    .groupBy(videoAnswers.promptId);
  return new Map(rows.map((r) => [r.promptId, Number(r.total)]));
}

/** A member's answers to these prompts (or to every prompt of the hub), newest first. */
export async function answersOfUser(
  tx: TTx,
  options: { hubId: number; userId: string; promptIds?: readonly string[] },
): Promise<TVideoAnswerWithAuthor[]> {
  if (options.promptIds?.length === 0) return [];
  return answersQuery(tx)
    .where(
      and(
        eq(videoAnswers.userId, options.userId),
        eq(videoAnswers.hubId, options.hubId),
        options.promptIds === undefined ? undefined : inArray(videoAnswers.promptId, [...options.promptIds]),
      ),
    )
    .orderBy(desc(videoAnswers.updatedAt), desc(videoAnswers.id));
}

/** A page of a prompt's answers, newest first (index video_answers_prompt_idx). */
export async function answersPage(
  tx: TTx,
  options: { promptId: string; cursor: TCursor | null; limit: number },
): Promise<TVideoAnswerWithAuthor[]> {
  return answersQuery(tx)
    .where(
      and(
        eq(videoAnswers.promptId, options.promptId),
        keysetAfter(options.cursor, {
          sortKey: videoAnswers.updatedAt,
          id: videoAnswers.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(videoAnswers.updatedAt), desc(videoAnswers.id))
    .limit(options.limit + 1);
}

/** One answer in the hub with its stored files (the video and poster endpoints). */
export async function findAnswerFiles(
  tx: TTx,
  options: { hubId: number; answerId: string },
): Promise<{
  video: typeof userFiles.$inferSelect | null;
  poster: typeof userFiles.$inferSelect | null;
} | null> {
  const [answer] = await tx
    .select()
    .from(videoAnswers)
    .where(and(eq(videoAnswers.id, options.answerId), eq(videoAnswers.hubId, options.hubId)))
    .limit(1);
  if (!answer) return null;
  const ids = [answer.videoFileId, answer.posterFileId].filter((id): id is string => id !== null);
  const files = ids.length === 0 ? [] : await tx.select().from(userFiles).where(inArray(userFiles.id, ids));
  return {
    video: files.find((f) => f.id === answer.videoFileId) ?? null,
    poster: files.find((f) => f.id === answer.posterFileId) ?? null,
  };
}
