import type { TMyMatch, TProgramHealthResponse, TProgramMentor } from '@commons/contract';
import { favoritingMessage, type TFavoritingWindow } from '@commons/domain';
import { presentMemberUser } from './groups.presenter.js';
import type { TQuestionRow } from './groups.queries.js';
import {
  publicMentorAnswers,
  type listMyMatches,
  type listProgramMentors,
  type programHealth,
} from './programs.queries.js';

type TMyMatchRow = Awaited<ReturnType<typeof listMyMatches>>[number];
type TMentorRow = Awaited<ReturnType<typeof listProgramMentors>>['rows'][number];
type THealth = Awaited<ReturnType<typeof programHealth>>;

/** One of the viewer's matches: the other member, the mentorship thread, score and reasons. */
export function presentMyMatch(row: TMyMatchRow): TMyMatch {
  return {
    role: row.role,
    otherUser: presentMemberUser(row.other),
    threadId: row.match.threadId,
    score: row.match.score,
    reasons: row.match.reasons,
    createdAt: row.match.createdAt.toISOString(),
  };
}

/** A mentor of the program with the answers mentees may see and whether the viewer favourited them. */
export function presentProgramMentor(row: TMentorRow, questions: readonly TQuestionRow[]): TProgramMentor {
  return {
    user: presentMemberUser(row.user),
    role: row.membership.role === 'both' ? 'both' : 'mentor',
    answers: publicMentorAnswers(questions, row.membership.answers),
    isFavorite: row.isFavorite,
  };
}

/** The favouriting window and its spec 8 message, shown above the mentor list. */
export function presentFavoriting(window: TFavoritingWindow): {
  favoritingWindow: TFavoritingWindow;
  favoritingMessage: string | null;
} {
  return { favoritingWindow: window, favoritingMessage: favoritingMessage(window) };
}

/** Program health with its stalled mentorships. */
export function presentProgramHealth(health: THealth): TProgramHealthResponse {
  return {
    ...health,
    stalled: health.stalled.map((s) => ({
      threadId: s.threadId,
      mentee: presentMemberUser(s.mentee),
      mentor: presentMemberUser(s.mentor),
      lastMessageAt: s.lastMessageAt.toISOString(),
      lastNudgedAt: s.lastNudgedAt ? s.lastNudgedAt.toISOString() : null,
    })),
  };
}
