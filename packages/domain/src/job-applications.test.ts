import { describe, expect, it } from 'vitest';
import {
  allowedApplicationActions,
  APPLICATION_ACTIONS,
  APPLICATION_STATE_LABELS,
  APPLICATION_STATES,
  APPLICATION_TRANSITIONS,
  applicantProjectStatus,
  applicationActors,
  applicationMoveDenial,
  applicationMoveMessage,
  applicationState,
  applyDenial,
  employerProjectStatus,
  findApplicationTransition,
  projectFilterStatus,
  projectToday,
  stateOnDate,
  storedApplicationState,
  type TApplicationAction,
  type TApplicationActor,
  type TApplicationSide,
  type TApplicationState,
} from './job-applications.js';
import { EMPLOYER_PROJECT_STATUSES, PROJECT_STATUS_FILTER, type TJobFlow } from './jobs.js';

const ACTORS: readonly TApplicationActor[] = ['applicant', 'hiredUser', 'owner', 'admin', 'calendar'];

/** Every move of spec 4 Projects as [flow, from, action, to, who may, who hears]: the machine, spelt out. */
const EXPECTED: readonly [
  TJobFlow,
  TApplicationState,
  TApplicationAction,
  TApplicationState,
  readonly TApplicationActor[],
  TApplicationSide,
][] = [
  ['job', 'applied', 'shortlist', 'shortlisted', ['owner', 'admin'], 'applicant'],
  ['project', 'applied', 'shortlist', 'shortlisted', ['owner', 'admin'], 'applicant'],
  ['job', 'applied', 'hire', 'hired', ['owner', 'admin'], 'applicant'],
  ['job', 'shortlisted', 'hire', 'hired', ['owner', 'admin'], 'applicant'],
  ['project', 'applied', 'hire', 'notStarted', ['owner', 'admin'], 'applicant'],
  ['project', 'shortlisted', 'hire', 'notStarted', ['owner', 'admin'], 'applicant'],
  ['job', 'applied', 'reject', 'rejected', ['owner', 'admin'], 'applicant'],
  ['job', 'shortlisted', 'reject', 'rejected', ['owner', 'admin'], 'applicant'],
  ['project', 'applied', 'reject', 'rejected', ['owner', 'admin'], 'applicant'],
  ['project', 'shortlisted', 'reject', 'rejected', ['owner', 'admin'], 'applicant'],
  ['job', 'applied', 'withdraw', 'withdrawn', ['applicant'], 'owner'],
  ['job', 'shortlisted', 'withdraw', 'withdrawn', ['applicant'], 'owner'],
  ['project', 'applied', 'withdraw', 'withdrawn', ['applicant'], 'owner'],
  ['project', 'shortlisted', 'withdraw', 'withdrawn', ['applicant'], 'owner'],
  ['project', 'notStarted', 'start', 'inProgress', ['calendar'], 'none'],
  ['project', 'inProgress', 'due', 'submitForReview', ['calendar'], 'none'],
  ['project', 'inProgress', 'submit', 'pendingReview', ['hiredUser'], 'owner'],
  ['project', 'submitForReview', 'submit', 'pendingReview', ['hiredUser'], 'owner'],
  ['project', 'pendingReview', 'complete', 'completed', ['owner', 'admin'], 'applicant'],
  ['project', 'pendingReview', 'markNotCompleted', 'notCompleted', ['owner', 'admin'], 'applicant'],
  ['project', 'inProgress', 'markNotCompleted', 'notCompleted', ['owner', 'admin'], 'applicant'],
  ['project', 'submitForReview', 'markNotCompleted', 'notCompleted', ['owner', 'admin'], 'applicant'],
];

describe('the application status machine (spec 4 Projects)', () => {
  it('has exactly the expected moves', () => {
    const table = APPLICATION_TRANSITIONS.flatMap((t) =>
      t.flows.map((flow) => [flow, t.from, t.action, t.to, [...t.by], t.notifies]),
    );
    expect(new Set(table.map((row) => JSON.stringify(row)))).toEqual(
      new Set(EXPECTED.map((row) => JSON.stringify(row))),
    );
    expect(table).toHaveLength(EXPECTED.length);
  });

  it.each(EXPECTED)('%s: %s --%s--> %s, by %j, tells %s', (flow, from, action, to, by) => {
    expect(findApplicationTransition({ flow, from, action })?.to).toBe(to);
    for (const actor of ACTORS) {
      const denial = applicationMoveDenial({ flow, state: from, action, actors: [actor] });
      expect(denial === null, `${actor}`).toBe(by.includes(actor));
    }
  });

  it('refuses every move the table does not list, from every state and for every actor', () => {
    for (const flow of ['job', 'project'] as const) {
      for (const state of APPLICATION_STATES) {
        for (const action of APPLICATION_ACTIONS) {
          const listed = EXPECTED.find((e) => e[0] === flow && e[1] === state && e[2] === action);
          for (const actor of ACTORS) {
            const allowed = applicationMoveDenial({ flow, state, action, actors: [actor] }) === null;
            expect(allowed, `${flow} ${state} ${action} ${actor}`).toBe(listed?.[4].includes(actor) ?? false);
          }
        }
      }
    }
  });

  it('says invalidTransition when the actor could make the move from another state, else notAllowed', () => {
    expect(
      applicationMoveDenial({ flow: 'project', state: 'rejected', action: 'hire', actors: ['owner'] }),
    ).toBe('invalidTransition');
    expect(
      applicationMoveDenial({ flow: 'project', state: 'applied', action: 'hire', actors: ['applicant'] }),
    ).toBe('notAllowed');
    expect(
      applicationMoveDenial({ flow: 'job', state: 'hired', action: 'submit', actors: ['hiredUser'] }),
    ).toBe('notAllowed');
    expect(
      applicationMoveDenial({
        flow: 'project',
        state: 'pendingReview',
        action: 'submit',
        actors: ['hiredUser'],
      }),
    ).toBe('invalidTransition');
    expect(applicationMoveMessage({ denial: 'invalidTransition', state: 'rejected' })).toBe(
      'This application is now not selected, so this cannot be done.',
    );
  });

  it('final states have no moves and every state has a label', () => {
    for (const state of ['hired', 'rejected', 'withdrawn', 'completed', 'notCompleted'] as const) {
      expect(APPLICATION_TRANSITIONS.filter((t) => t.from === state)).toEqual([]);
    }
    expect(Object.keys(APPLICATION_STATE_LABELS).sort()).toEqual([...APPLICATION_STATES].sort());
  });
});

describe('applicationActors (spec 6 Projects)', () => {
  it('makes the applicant the hired user once hired, and adds owner and admin', () => {
    expect(
      applicationActors({ isApplicant: true, isOwner: false, isAdmin: false, state: 'applied' }),
    ).toEqual(['applicant']);
    for (const state of ['hired', 'notStarted', 'inProgress', 'pendingReview', 'completed'] as const) {
      expect(applicationActors({ isApplicant: true, isOwner: false, isAdmin: false, state })).toEqual([
        'hiredUser',
      ]);
    }
    expect(applicationActors({ isApplicant: false, isOwner: true, isAdmin: true, state: 'applied' })).toEqual(
      ['owner', 'admin'],
    );
    expect(
      applicationActors({ isApplicant: false, isOwner: false, isAdmin: false, state: 'applied' }),
    ).toEqual([]);
  });

  it('offers each role its moves (the can flags)', () => {
    expect(allowedApplicationActions({ flow: 'project', state: 'applied', actors: ['owner'] })).toEqual([
      'shortlist',
      'hire',
      'reject',
    ]);
    expect(allowedApplicationActions({ flow: 'project', state: 'applied', actors: ['applicant'] })).toEqual([
      'withdraw',
    ]);
    expect(
      allowedApplicationActions({ flow: 'project', state: 'inProgress', actors: ['hiredUser'] }),
    ).toEqual(['submit']);
    expect(
      allowedApplicationActions({ flow: 'project', state: 'notStarted', actors: ['hiredUser'] }),
    ).toEqual([]);
    expect(allowedApplicationActions({ flow: 'project', state: 'pendingReview', actors: ['admin'] })).toEqual(
      ['complete', 'markNotCompleted'],
    );
    expect(
      allowedApplicationActions({ flow: 'job', state: 'hired', actors: ['owner', 'hiredUser'] }),
    ).toEqual([]);
  });
});

describe('stored state', () => {
  it.each(APPLICATION_STATES)('%s round-trips through status and work_status', (state) => {
    expect(applicationState(storedApplicationState(state))).toBe(state);
  });

  it('keeps a project stage as a hired decision with its work status', () => {
    expect(storedApplicationState('pendingReview')).toEqual({ status: 'hired', workStatus: 'pendingReview' });
    expect(storedApplicationState('shortlisted')).toEqual({ status: 'shortlisted', workStatus: null });
  });
});

describe('stateOnDate (the calendar moves)', () => {
  const dates = { startDate: '2025-03-15', dueDate: '2025-03-29' };
  it.each([
    ['notStarted', '2025-03-14', 'notStarted'],
    ['notStarted', '2025-03-15', 'inProgress'],
    ['notStarted', '2025-03-29', 'submitForReview'],
    ['inProgress', '2025-03-28', 'inProgress'],
    ['inProgress', '2025-03-29', 'submitForReview'],
    ['pendingReview', '2025-04-30', 'pendingReview'],
    ['completed', '2025-04-30', 'completed'],
    ['applied', '2025-04-30', 'applied'],
  ] as const)('%s on %s is %s', (state, today, expected) => {
    expect(stateOnDate({ flow: 'project', state, dates, today })).toBe(expected);
  });

  it('starts at once without a start date and never falls due without a due date', () => {
    expect(
      stateOnDate({
        flow: 'project',
        state: 'notStarted',
        dates: { startDate: null, dueDate: null },
        today: '2025-01-01',
      }),
    ).toBe('inProgress');
  });
});

describe('projectToday', () => {
  it('is the day in the owner’s zone, or the default zone when theirs is unknown', () => {
    const now = new Date('2025-03-15T05:00:00Z');
    expect(projectToday(now, 'Europe/Paris')).toBe('2025-03-15');
    expect(projectToday(now, 'America/Los_Angeles')).toBe('2025-03-14');
    expect(projectToday(now, 'Not/AZone')).toBe('2025-03-14');
    expect(projectToday(now, null)).toBe('2025-03-14');
  });
});

describe('project status views (spec 4 Projects)', () => {
  it('the applicant sees the project stages, the employer the same without submitForReview', () => {
    expect(applicantProjectStatus('submitForReview')).toBe('submitForReview');
    expect(employerProjectStatus('submitForReview')).toBe('inProgress');
    expect(applicantProjectStatus('shortlisted')).toBeNull();
    expect(employerProjectStatus('hired')).toBeNull();
    for (const state of APPLICATION_STATES) {
      const status = employerProjectStatus(state);
      if (status !== null) expect(EMPLOYER_PROJECT_STATUSES).toContain(status);
    }
  });

  const open = { isClosed: false, isExpired: false };
  it.each([
    [{ approval: 'rejected', ...open, hiredStates: [] }, 'unapproved'],
    [{ approval: 'pending', ...open, hiredStates: [] }, 'pendingApproval'],
    [{ approval: 'approved', ...open, hiredStates: [] }, 'pendingHire'],
    [{ approval: 'approved', isClosed: true, isExpired: false, hiredStates: [] }, 'inactive'],
    [{ approval: 'approved', isClosed: false, isExpired: true, hiredStates: [] }, 'inactive'],
    [{ approval: 'pending', isClosed: false, isExpired: true, hiredStates: [] }, 'inactive'],
    [{ approval: 'pending', isClosed: true, isExpired: false, hiredStates: [] }, 'inactive'],
    [{ approval: 'rejected', isClosed: false, isExpired: true, hiredStates: [] }, 'unapproved'],
    [{ approval: 'rejected', isClosed: true, isExpired: false, hiredStates: [] }, 'inactive'],
    [{ approval: 'approved', isClosed: true, isExpired: false, hiredStates: ['notStarted'] }, 'notStarted'],
    [{ approval: 'approved', ...open, hiredStates: ['submitForReview'] }, 'inProgress'],
    [{ approval: 'approved', ...open, hiredStates: ['completed', 'pendingReview'] }, 'pendingReview'],
    [{ approval: 'approved', ...open, hiredStates: ['completed', 'notCompleted'] }, 'notCompleted'],
    [{ approval: 'approved', isClosed: false, isExpired: true, hiredStates: ['completed'] }, 'completed'],
  ] as const)('the admin filter of %j is %s', (options, expected) => {
    const status = projectFilterStatus(options);
    expect(status).toBe(expected);
    expect(PROJECT_STATUS_FILTER).toContain(status);
  });
});

describe('applyDenial (spec 6 Projects: canApplyProject for a first application only)', () => {
  const base = {
    flow: 'project' as const,
    applicationMethod: 'internal' as const,
    isOpen: true,
    isOwner: false,
    isAdmin: false,
    hasApplied: false,
    canApplyProject: true,
    audience: [] as string[],
    userTypeId: 'student',
  };

  it.each([
    [{}, null],
    [{ isOwner: true }, 'ownPost'],
    [{ isOpen: false }, 'notOpen'],
    [{ applicationMethod: 'external' }, 'external'],
    [{ hasApplied: true }, 'alreadyApplied'],
    [{ hasApplied: true, isAdmin: true }, 'alreadyApplied'],
    [{ canApplyProject: false }, 'userTypeCannotApply'],
    [{ canApplyProject: false, isAdmin: true }, null],
    [{ canApplyProject: false, flow: 'job' }, null],
    [{ audience: ['all'] }, null],
    [{ audience: ['student'] }, null],
    [{ audience: ['alumni'] }, 'notInAudience'],
    [{ audience: ['alumni'], flow: 'job' }, 'notInAudience'],
    [{ audience: ['alumni'], isAdmin: true }, null],
    [{ audience: ['alumni'], userTypeId: null }, 'notInAudience'],
  ] as const)('%j → %s', (overrides, expected) => {
    expect(applyDenial({ ...base, ...overrides })).toBe(expected);
  });
});
