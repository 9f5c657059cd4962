import { describe, expect, it } from 'vitest';
import { acceptAnswerDenial, acceptedAnswerFirst, canAcceptAnswer } from './discussions.js';
import type { TViewerRoles } from './permissions.js';

const member: TViewerRoles = {};
const base = {
  viewer: member,
  isSignedIn: true,
  isQuestionAuthor: true,
  questionStatus: 'approved' as const,
  questionId: 'q1',
  answerQuestionId: 'q1',
};

describe('canAcceptAnswer', () => {
  it.each<[string, TViewerRoles, boolean, boolean]>([
    ['the question’s author', member, true, true],
    ['another member', member, false, false],
    ['a hub admin (any rights)', { isHubAdmin: true, accessRights: [] }, false, true],
    ['a cluster admin', { isClusterAdmin: true }, false, true],
    ['a super admin', { isSuperAdmin: true }, false, true],
    ['an admin of the question’s group', { isGroupAdmin: true }, false, true],
    ['a view-only admin of the group', { isGroupAdmin: true, isViewOnlyAdmin: true }, false, false],
  ])('%s → %s', (_name, viewer, isQuestionAuthor, expected) => {
    expect(canAcceptAnswer({ viewer, isSignedIn: true, isQuestionAuthor })).toBe(expected);
  });

  it('refuses anyone signed out, even with author or admin flags', () => {
    expect(
      canAcceptAnswer({ viewer: { isSuperAdmin: true }, isSignedIn: false, isQuestionAuthor: true }),
    ).toBe(false);
  });
});

describe('acceptAnswerDenial', () => {
  it('allows the author to accept an answer of their approved question', () => {
    expect(acceptAnswerDenial(base)).toBeNull();
  });

  it('refuses an answer of another question, even to an admin', () => {
    expect(acceptAnswerDenial({ ...base, answerQuestionId: 'q2' })).toBe('otherQuestion');
    expect(
      acceptAnswerDenial({
        ...base,
        viewer: { isClusterAdmin: true },
        isQuestionAuthor: false,
        answerQuestionId: 'q2',
      }),
    ).toBe('otherQuestion');
  });

  it('refuses other members before saying anything about the answer', () => {
    expect(acceptAnswerDenial({ ...base, isQuestionAuthor: false, answerQuestionId: 'q2' })).toBe(
      'notAllowed',
    );
  });

  it('refuses on a question that is waiting or was not approved', () => {
    expect(acceptAnswerDenial({ ...base, questionStatus: 'pending' })).toBe('notApproved');
    expect(acceptAnswerDenial({ ...base, questionStatus: 'rejected' })).toBe('notApproved');
  });
});

describe('acceptedAnswerFirst', () => {
  const answers = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('moves the accepted answer to the top and keeps the others in order', () => {
    expect(acceptedAnswerFirst(answers, 'c').map((a) => a.id)).toEqual(['c', 'a', 'b']);
    expect(acceptedAnswerFirst(answers, 'b').map((a) => a.id)).toEqual(['b', 'a', 'c']);
  });

  it('keeps the order when nothing (or an answer not in the list) is accepted', () => {
    expect(acceptedAnswerFirst(answers, null).map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(acceptedAnswerFirst(answers, 'gone').map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not change the list it was given', () => {
    acceptedAnswerFirst(answers, 'c');
    expect(answers.map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });
});
