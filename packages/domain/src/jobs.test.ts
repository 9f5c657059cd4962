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
