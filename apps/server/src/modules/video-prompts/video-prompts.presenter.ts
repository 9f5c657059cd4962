import type { TVideoAnswer, TVideoPrompt } from '@commons/contract';
import type { TVideoAnswerWithAuthor, TVideoPromptRow } from './video-prompts.queries.js';

/** The path of an answer's video or poster (read with the bearer token). */
export function answerFilePath(answerId: string, file: 'video' | 'poster'): string {
  return `/api/video-prompts/answers/${encodeURIComponent(answerId)}/${file}`;
}

/** An answer as members see it; `canDelete` is the viewer's ability. */
export function presentAnswer(row: TVideoAnswerWithAuthor, options: { canDelete: boolean }): TVideoAnswer {
  const { answer, author } = row;
  return {
    id: answer.id,
    promptId: answer.promptId,
    source: answer.source,
    videoPath: answer.videoFileId === null ? null : answerFilePath(answer.id, 'video'),
    posterPath: answer.posterFileId === null ? null : answerFilePath(answer.id, 'poster'),
    videoMimeType: answer.videoFileId === null ? null : row.videoMimeType,
    linkUrl: answer.linkUrl,
    author: {
      userId: author.id,
      identifier: author.identifier,
      fullName: `${author.firstName} ${author.lastName}`.trim(),
      photoUrl: author.photoUrl,
    },
    updatedAt: answer.updatedAt.toISOString(),
    can: { delete: options.canDelete },
  };
}

/** A prompt with its answer count and the viewer's answer. */
export function presentPrompt(
  row: TVideoPromptRow,
  options: { answerCount: number; myAnswer: TVideoAnswer | null; canAnswer: boolean; canManage: boolean },
): TVideoPrompt {
  return {
    id: row.id,
    question: row.question,
    description: row.description,
    isActive: row.isActive,
    answerCount: options.answerCount,
    myAnswer: options.myAnswer,
    can: { answer: options.canAnswer && row.isActive, manage: options.canManage },
  };
}
