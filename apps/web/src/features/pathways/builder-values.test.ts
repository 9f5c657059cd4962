import type { TAdminPathway } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import {
  checkPathwayDraft,
  emptyPathwayDraft,
  emptyProgramAssignment,
  emptyStep,
  moved,
  pathwayDraftOf,
  type TPathwayDraft,
} from './builder-values';

const USER_TYPE = '11111111-1111-4111-8111-111111111111';
const PROGRAM = '22222222-2222-4222-8222-222222222222';

function filledDraft(): TPathwayDraft {
  const draft = emptyPathwayDraft();
  const checklist = emptyStep('checklist');
  return {
    ...draft,
    title: 'Career Launch',
    estimatedDays: '14',
    sections: [
      {
        key: 's1',
        title: 'Explore',
        description: '',
        steps: [
          { ...emptyStep('richText'), title: 'Welcome', body: '<p>Hi</p>' },
          { ...checklist, title: 'Set up', items: [{ key: 'i1', label: 'Add a photo' }] },
          { ...emptyStep('reflection'), title: 'Why', prompt: 'What energises you?', needsReview: true },
        ],
      },
    ],
    userTypes: [{ userTypeId: USER_TYPE, completedBy: '2026-03-31' }],
    programs: [
      {
        ...emptyProgramAssignment(PROGRAM),
        roles: ['mentee'],
        completedBy: { mentee: '2026-04-30', mentor: '2026-05-01', both: '' },
      },
    ],
  };
}

describe('checkPathwayDraft', () => {
  it('builds the request: trimmed fields, the kind’s fields only, days as a number, deadlines of the chosen roles', () => {
    const checked = checkPathwayDraft(filledDraft());
    expect(checked.errors).toBeNull();
    const request = checked.request;
    expect(request?.form.settings.estimatedCompletionTime).toBe(14);
    expect(request?.form.sections[0]?.steps.map((step) => step.kind)).toEqual([
      'richText',
      'checklist',
      'reflection',
    ]);
    expect(request?.form.sections[0]?.steps[1]).toEqual({
      kind: 'checklist',
      title: 'Set up',
      needsReview: false,
      items: [{ label: 'Add a photo' }],
    });
    expect(request?.assignments.userTypes).toEqual([{ userTypeId: USER_TYPE, completedBy: '2026-03-31' }]);
    expect(request?.assignments.programs).toEqual([
      { programId: PROGRAM, roles: ['mentee'], completedBy: { mentee: '2026-04-30' } },
    ]);
    expect(request?.slug).toBeUndefined();
  });

  it('names problems by the server’s field paths', () => {
    const draft = filledDraft();
    const section = draft.sections[0];
    if (section === undefined) throw new Error('no section');
    const broken: TPathwayDraft = {
      ...draft,
      title: ' ',
      estimatedDays: 'two',
      sections: [{ ...section, steps: [{ ...emptyStep('video'), title: 'Watch', url: 'not a url' }] }],
    };
    const checked = checkPathwayDraft(broken);
    expect(checked.request).toBeNull();
    expect(Object.keys(checked.errors ?? {})).toEqual(
      expect.arrayContaining([
        'title',
        'form.settings.estimatedCompletionTime',
        'form.sections.0.steps.0.url',
      ]),
    );
    expect(checked.errors?.['form.settings.estimatedCompletionTime']).toMatch(/whole number of days/);
  });
});

describe('pathwayDraftOf', () => {
  it('keeps the ids of sections, steps and items so answers stay attached, and round-trips', () => {
    const saved = {
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'career-launch',
      title: 'Career Launch',
      description: '',
      status: 'published',
      isLibraryPathway: false,
      form: {
        settings: { estimatedCompletionTime: null },
        sections: [
          {
            id: 'explore',
            title: 'Explore',
            description: '',
            steps: [
              {
                id: 'profile',
                kind: 'checklist',
                title: 'Set up',
                needsReview: false,
                items: [{ id: 'photo', label: 'Add a photo' }],
              },
            ],
          },
        ],
      },
      assignments: {
        userTypes: [],
        programs: [
          {
            programId: PROGRAM,
            name: 'Mentoring',
            roles: ['mentee', 'mentor'],
            completedBy: { mentee: '2026-04-30' },
            effectiveCompletedBy: {},
          },
        ],
      },
    } as unknown as TAdminPathway;
    const draft = pathwayDraftOf(saved);
    expect(draft.estimatedDays).toBe('');
    expect(draft.programs[0]?.completedBy).toEqual({ mentee: '2026-04-30', mentor: '', both: '' });
    const request = checkPathwayDraft(draft).request;
    expect(request?.form.sections[0]).toMatchObject({
      id: 'explore',
      steps: [{ id: 'profile', items: [{ id: 'photo' }] }],
    });
    expect(request?.slug).toBe('career-launch');
  });
});

describe('moved', () => {
  it('moves a row up or down and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
