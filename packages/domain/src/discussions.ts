/**
 * Accepted answers of discussion questions (issue #16 item 18: answer and vote counts and accepted answers,
 * as Q&A sites show them). The spec is silent; the rules follow Stack Overflow and Discourse's solved
 * plugin: the asker, or whoever moderates the discussion, marks one answer of the question as the one
 * that solved it.
 */
import { canModerateGroup, type TViewerRoles } from './permissions.js';

/**
 * Who may accept, move or take back the accepted answer of a question: the question's author, or someone
 * who moderates the discussion (a super, cluster or hub admin, or an admin of the question's group who is
 * not view-only, as for pins, spec 6 Posts). Nobody who is signed out.
 */
export function canAcceptAnswer(options: {
  viewer: TViewerRoles;
  isSignedIn: boolean;
  isQuestionAuthor: boolean;
}): boolean {
  if (!options.isSignedIn) return false;
  return options.isQuestionAuthor || canModerateGroup(options.viewer);
}

/** Why an answer cannot be accepted; null when it can. */
export type TAcceptAnswerDenial = 'notAllowed' | 'notApproved' | 'otherQuestion';

/**
 * Whether this viewer may accept this answer on this question: they must be allowed
 * (`canAcceptAnswer`), the question approved (a waiting one has no answers to choose from), and the
 * answer one of this question's, never an answer of another question.
 */
export function acceptAnswerDenial(options: {
  viewer: TViewerRoles;
  isSignedIn: boolean;
  isQuestionAuthor: boolean;
  questionStatus: 'pending' | 'approved' | 'rejected';
  questionId: string;
  answerQuestionId: string;
}): TAcceptAnswerDenial | null {
  if (!canAcceptAnswer(options)) return 'notAllowed';
  if (options.questionStatus !== 'approved') return 'notApproved';
  if (options.answerQuestionId !== options.questionId) return 'otherQuestion';
  return null;
}

/**
 * Answers in the order a reader sees them: the accepted answer first, the others in the order given
 * (pinned, then most upvoted, then oldest). The order of the others is kept.
 */
export function acceptedAnswerFirst<T extends { id: string }>(
  answers: readonly T[],
  acceptedAnswerId: string | null,
): T[] {
  if (acceptedAnswerId === null) return [...answers];
  const accepted = answers.filter((a) => a.id === acceptedAnswerId);
  return [...accepted, ...answers.filter((a) => a.id !== acceptedAnswerId)];
}
