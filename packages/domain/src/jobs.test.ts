import { describe, expect, it } from 'vitest';
import {
  APPLICANT_PROJECT_STATUSES,
  DEFAULT_POST_EXPIRATION_DAYS,
  DEFAULT_PROJECT_DURATION,
  DEFAULT_PROJECT_TEMPLATES,
  EMPLOYER_PROJECT_STATUSES,
  EXTRA_PROJECT_TEMPLATES,
  jobDefaultDates,
  PROJECT_STATUS_FILTER,
  PROJECT_STATUS_LABELS,
  PROJECT_TEMPLATES,
  projectFromTemplate,
  projectStatusesFor,
  defaultJobExpiry,
  isInJobAudience,
  isJobApprovalNeeded,
  isJobExternalUrlValid,
  isJobFlowShown,
  isJobPostListed,
  jobExpiryInstant,
  jobPostDenial,
  jobTagColour,
  JOB_TAG_KINDS,
} from './jobs.js';

describe('project templates (spec 3, spec 9)', () => {
  it('has eleven defaults plus Legal Advising and Customer Service, all 40 long', () => {
    expect(DEFAULT_PROJECT_TEMPLATES).toHaveLength(11);
    expect(EXTRA_PROJECT_TEMPLATES.map((t) => t.role)).toEqual(['Legal Advising', 'Customer Service']);
    expect(PROJECT_TEMPLATES).toHaveLength(13);
    expect(DEFAULT_PROJECT_TEMPLATES.map((t) => t.role)).toEqual(
      expect.arrayContaining(['Design a logo', 'Analyze data']),
    );
    for (const template of PROJECT_TEMPLATES) {
      expect(template.duration).toBe(DEFAULT_PROJECT_DURATION);
      expect(template.isCustom).toBe(false);
      expect(template.jobFunctionSlugs.length).toBeGreaterThan(0);
    }
    expect(new Set(PROJECT_TEMPLATES.map((t) => t.id)).size).toBe(13);
    expect(DEFAULT_PROJECT_DURATION).toBe(40);
  });
});

describe('jobDefaultDates (spec 5 Jobs and projects)', () => {
  const now = new Date('2025-03-01T06:00:00Z'); // still Feb 28 in Los Angeles
  it.each([
    [
      'unset expiration',
      undefined,
      'UTC',
      { expiresAt: '2025-04-30', startDate: '2025-03-15', dueDate: '2025-03-29' },
    ],
    [
      'null expiration',
      null,
      'UTC',
      { expiresAt: '2025-04-30', startDate: '2025-03-15', dueDate: '2025-03-29' },
    ],
    [
      'zero expiration',
      0,
      'UTC',
      { expiresAt: '2025-04-30', startDate: '2025-03-15', dueDate: '2025-03-29' },
    ],
    [
      '30-day expiration',
      30,
      'UTC',
      { expiresAt: '2025-03-31', startDate: '2025-03-15', dueDate: '2025-03-29' },
    ],
    [
      'Los Angeles today',
      undefined,
      'America/Los_Angeles',
      { expiresAt: '2025-04-29', startDate: '2025-03-14', dueDate: '2025-03-28' },
    ],
  ])('%s gives %j', (_label, defaultPostExpirationDays, timeZone, dates) => {
    expect(jobDefaultDates({ now, timeZone, defaultPostExpirationDays })).toEqual(dates);
  });

  it('defaults the post expiry to 60 days', () => {
    expect(DEFAULT_POST_EXPIRATION_DAYS).toBe(60);
  });
});

describe('projectFromTemplate (spec 3 Resulting job fields)', () => {
  const template = PROJECT_TEMPLATES[0];
  it('fills the job fields from the template and the default dates', () => {
    if (template === undefined) throw new Error('no template');
    const job = projectFromTemplate({
      template,
      owner: 'u1',
      now: new Date('2025-03-01T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(job).toMatchObject({
      jobFlow: 'project',
      applicationMethod: 'internal',
      owner: 'u1',
      isPaid: false,
      jobTitle: 'Design a logo',
      jobRequirements: template.requirement,
      jobAudience: ['all'],
      resumeOptional: true,
      jobIcon: template.icon,
      duration: 40,
      expiresAt: '2025-04-30',
      startDate: '2025-03-15',
      dueDate: '2025-03-29',
    });
    const restricted = projectFromTemplate({
      template,
      owner: 'u1',
      now: new Date('2025-03-01T12:00:00Z'),
      timeZone: 'UTC',
      jobAudience: ['student'],
    });
    expect(restricted.jobAudience).toEqual(['student']);
  });
});

describe('project statuses (spec 4 Projects)', () => {
  it('lists the applicant, employer and wider statuses', () => {
    expect(APPLICANT_PROJECT_STATUSES).toEqual([
      'notStarted',
      'inProgress',
      'submitForReview',
      'pendingReview',
      'completed',
      'notCompleted',
    ]);
    expect(EMPLOYER_PROJECT_STATUSES).toEqual([
      'notStarted',
      'inProgress',
      'pendingReview',
      'completed',
      'notCompleted',
    ]);
    expect(PROJECT_STATUS_FILTER).toEqual([
      ...APPLICANT_PROJECT_STATUSES,
      'pendingApproval',
      'pendingHire',
      'inactive',
      'unapproved',
    ]);
    expect(Object.keys(PROJECT_STATUS_LABELS)).toEqual([...PROJECT_STATUS_FILTER]);
  });

  it.each([
    ['applicant', true],
    ['employer', false],
  ] as const)('the %s view includes submitForReview=%s', (view, expected) => {
    expect(projectStatusesFor(view).includes('submitForReview')).toBe(expected);
  });
});

describe('who may post (spec 3 canPostJob, spec 6 canPostJob and DIY projects)', () => {
  const base = {
    jobFlow: 'job' as const,
    isAdmin: false,
    isApprovedMember: true,
    canPostJob: false,
    isDiyProjectsEnabled: false,
    isFlowShown: true,
  };
  it.each([
    ['an admin', { isAdmin: true }, null],
    ['an admin when the flow is hidden', { isAdmin: true, isFlowShown: false }, 'flowHidden'],
    ['a user type with canPostJob', { canPostJob: true }, null],
    ['a user type without canPostJob', {}, 'userTypeCannotPost'],
    ['a pending member with canPostJob', { canPostJob: true, isApprovedMember: false }, 'notApproved'],
    ['any member, a DIY project', { jobFlow: 'project', isDiyProjectsEnabled: true }, null],
    ['any member, a job with DIY projects on', { isDiyProjectsEnabled: true }, 'userTypeCannotPost'],
    ['any member, a project without DIY', { jobFlow: 'project' }, 'userTypeCannotPost'],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(jobPostDenial({ ...base, ...overrides })).toBe(expected);
  });
});

describe('audience (spec 3 jobAudience, spec 6 Projects)', () => {
  it.each([
    [[], 'type-a', {}, true],
    [['all'], null, {}, true],
    [['type-a'], 'type-a', {}, true],
    [['type-a'], 'type-b', {}, false],
    [['type-a'], null, {}, false],
    [['type-a'], 'type-b', { isAdmin: true }, true],
    [['type-a'], 'type-b', { isOwner: true }, true],
  ] as const)('audience %j and user type %s (%j): %s', (audience, userTypeId, roles, expected) => {
    expect(isInJobAudience({ audience, userTypeId, ...roles })).toBe(expected);
  });
});

describe('approval (spec 6 approve-job-posts)', () => {
  const employer = 'Corporate Partner & Employer';
  it.each([
    [{ isAdmin: false, standardUserType: employer, isEmployerPostAutoApproved: false }, true],
    [{ isAdmin: false, standardUserType: employer, isEmployerPostAutoApproved: true }, false],
    [{ isAdmin: true, standardUserType: employer, isEmployerPostAutoApproved: false }, false],
    [{ isAdmin: false, standardUserType: 'Alumni', isEmployerPostAutoApproved: false }, false],
    [{ isAdmin: false, standardUserType: null, isEmployerPostAutoApproved: false }, false],
  ] as const)('%j needs approval: %s', (options, expected) => {
    expect(isJobApprovalNeeded(options)).toBe(expected);
  });
});

describe('expiry (spec 5 Jobs and projects)', () => {
  const now = new Date('2025-03-10T15:00:00Z');
  it.each([
    [null, '2025-05-09T07:00:00.000Z'],
    [0, '2025-05-09T07:00:00.000Z'],
    [30, '2025-04-09T07:00:00.000Z'],
    [1, '2025-03-11T07:00:00.000Z'],
  ] as const)('default expiration %s days ends at the start of the day in the zone: %s', (days, expected) => {
    expect(
      defaultJobExpiry({
        now,
        timeZone: 'America/Los_Angeles',
        defaultPostExpirationDays: days,
      }).toISOString(),
    ).toBe(expected);
  });

  it('an explicit day expires at its start in the zone', () => {
    expect(jobExpiryInstant({ expiresOn: '2025-07-01', timeZone: 'Europe/Paris' }).toISOString()).toBe(
      '2025-06-30T22:00:00.000Z',
    );
  });

  const expiresAt = new Date('2025-03-11T00:00:00Z');
  it.each([
    ['approved and open', { approvalStatus: 'approved', closedAt: null }, now, true],
    ['pending', { approvalStatus: 'pending', closedAt: null }, now, false],
    ['rejected', { approvalStatus: 'rejected', closedAt: null }, now, false],
    ['closed', { approvalStatus: 'approved', closedAt: now }, now, false],
    ['at its expiry', { approvalStatus: 'approved', closedAt: null }, expiresAt, false],
    [
      'after its expiry',
      { approvalStatus: 'approved', closedAt: null },
      new Date('2025-03-12T00:00:00Z'),
      false,
    ],
  ] as const)('a post %s is listed: %s', (_name, post, at, expected) => {
    expect(isJobPostListed({ ...post, expiresAt, now: at })).toBe(expected);
  });
});

describe('flows shown, tags and external links', () => {
  it.each([
    ['job', { areJobsShown: true, areProjectsShown: false }, true],
    ['job', { areJobsShown: false, areProjectsShown: true }, false],
    ['project', { areJobsShown: true, areProjectsShown: false }, false],
    ['project', { areJobsShown: false, areProjectsShown: true }, true],
  ] as const)('a %s with %j shows: %s', (flow, settings, expected) => {
    expect(isJobFlowShown(flow, settings)).toBe(expected);
  });

  it('colours tags as spec 9: hiring purple, industry grey, offers green, service type grey', () => {
    expect(Object.fromEntries(JOB_TAG_KINDS.map((kind) => [kind, jobTagColour(kind)]))).toEqual({
      hiring: 'purple',
      industry: 'grey',
      offers: 'green',
      serviceType: 'grey',
    });
  });

  it.each([
    ['https://careers.example.com/apply/42', true],
    ['http://example.org/jobs', true],
    ['ftp://example.org/jobs', false],
    ['https://192.168.1.10/apply', false],
    ['https://localhost/apply', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ] as const)('external application address %s is valid: %s', (url, expected) => {
    expect(isJobExternalUrlValid(url)).toBe(expected);
  });
});
