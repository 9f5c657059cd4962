import { APPLICATION_STATE_LABELS, APPLICATION_STATES, allowedApplicationActions } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import { applicationFileProblem } from './application-file';
import { allowedOwnerMoves, applicationBadgeColour, moveLabel, stateLabel } from './application-status';

const none = {
  shortlist: false,
  hire: false,
  reject: false,
  withdraw: false,
  submit: false,
  complete: false,
  markNotCompleted: false,
};

describe('application states as the web shows them', () => {
  it('names every state with the domain’s label and gives each a colour', () => {
    for (const state of APPLICATION_STATES) {
      expect(stateLabel(state)).toBe(APPLICATION_STATE_LABELS[state]);
      expect(applicationBadgeColour(state).c).toMatch(/\.(7|8|9)$/);
    }
  });

  it('offers the owner exactly the moves the status machine allows, in a fixed order', () => {
    const can = (actions: string[]) => ({ ...none, ...Object.fromEntries(actions.map((a) => [a, true])) });
    const applied = allowedApplicationActions({ flow: 'project', state: 'applied', actors: ['owner'] });
    expect(allowedOwnerMoves(can(applied))).toEqual(['shortlist', 'hire', 'reject']);
    const review = allowedApplicationActions({ flow: 'project', state: 'pendingReview', actors: ['owner'] });
    expect(allowedOwnerMoves(can(review))).toEqual(['complete', 'markNotCompleted']);
    expect(allowedOwnerMoves(can(['withdraw', 'submit']))).toEqual([]);
    expect(moveLabel('markNotCompleted')).toBe('Mark not completed');
  });
});

describe('files of an application', () => {
  it('takes PDF and DOCX up to 10 MB', () => {
    expect(applicationFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(applicationFileProblem({ name: 'cv.DOCX', type: '', size: 1000 })).toBeNull();
    expect(applicationFileProblem({ name: 'cv.png', type: 'image/png', size: 1000 })).toBe(
      'Choose a PDF or Word (DOCX) file.',
    );
    expect(applicationFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 })).toBe(
      'Choose a file of at most 10 MB.',
    );
    expect(applicationFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 0 })).toBe(
      'This file is empty.',
    );
  });
});
