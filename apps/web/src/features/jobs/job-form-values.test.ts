import type { TJobPost, TProjectTemplateView } from '@commons/contract';
import { PROJECT_TEMPLATES } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyJobValues,
  formFieldOf,
  jobRequestFrom,
  jobUpdateFrom,
  jobValuesFromPost,
  plainToHtml,
  projectValuesFrom,
} from './job-form-values';

const defaults = { startDate: '2026-07-01', dueDate: '2026-07-15', expiresOn: '2026-08-16' };
const logo = PROJECT_TEMPLATES.find((t) => t.id === 'design-a-logo') as TProjectTemplateView;

describe('the post form', () => {
  it('fills a project from a template (spec 3 Resulting job fields) with the spec 5 default dates', () => {
    const values = projectValuesFrom({
      template: logo,
      defaults,
      industryKeys: ['design', 'finance'],
      jobFunctionKeys: ['marketing'],
    });
    expect(values).toMatchObject({
      jobFlow: 'project',
      templateId: 'design-a-logo',
      title: 'Design a logo',
      icon: 'palette',
      isPaid: false,
      applicationMethod: 'internal',
      isResumeRequired: false,
      duration: '40',
      durationUnit: 'hours',
      industry: 'design',
      jobFunctions: ['marketing'],
      startDate: '2026-07-01',
      dueDate: '2026-07-15',
      expiresOn: '2026-08-16',
    });
    expect(values.description).toBe(`<p>${logo.jobDescription}</p>`);
  });

  it('leaves out a template industry the hub does not have, and makes a blank custom project of 40 hours', () => {
    const values = projectValuesFrom({ template: logo, defaults, industryKeys: [], jobFunctionKeys: [] });
    expect(values.industry).toBe('');
    expect(values.jobFunctions).toEqual([]);
    const custom = projectValuesFrom({ template: null, defaults, industryKeys: [], jobFunctionKeys: [] });
    expect(custom).toMatchObject({
      templateId: 'custom',
      title: '',
      duration: '40',
      startDate: '2026-07-01',
    });
  });

  it('sends a job without a project’s fields, blanks as null, the audience and the tags it has', () => {
    const values = {
      ...emptyJobValues(defaults),
      title: '  Data analyst ',
      employmentType: 'fullTime' as const,
      location: ' ',
      audience: 'chosen' as const,
      audienceUserTypes: ['00000000-0000-4000-8000-000000000001'],
      tags: [
        { key: '1', kind: 'hiring' as const, label: ' Hiring now ' },
        { key: '2', kind: 'offers' as const, label: '  ' },
      ],
      duration: '10',
      startDate: '2026-01-01',
    };
    expect(jobRequestFrom(values)).toMatchObject({
      jobFlow: 'job',
      templateId: null,
      title: 'Data analyst',
      location: null,
      employmentType: 'fullTime',
      audience: ['00000000-0000-4000-8000-000000000001'],
      tags: [{ kind: 'hiring', label: 'Hiring now' }],
      duration: null,
      durationUnit: null,
      startDate: null,
      expiresOn: '2026-08-16',
    });
  });

  it('sends an external post with its address and no resume rule, and "all" when no type is chosen', () => {
    const values = {
      ...emptyJobValues(defaults),
      title: 'Analyst',
      applicationMethod: 'external' as const,
      externalUrl: ' https://example.org/apply ',
      isResumeRequired: true,
      audience: 'chosen' as const,
    };
    expect(jobRequestFrom(values)).toMatchObject({
      applicationMethod: 'external',
      externalUrl: 'https://example.org/apply',
      isResumeRequired: false,
      audience: 'all',
    });
  });

  it('turns template text into escaped paragraphs, and maps server fields onto the form', () => {
    expect(plainToHtml('One <b>\n\n Two & more')).toBe('<p>One &lt;b&gt;</p><p>Two &amp; more</p>');
    expect(formFieldOf('tags.2.label')).toBe('tags');
    expect(formFieldOf('audience.0')).toBe('audience');
    expect(formFieldOf('latitude')).toBe('location');
    expect(formFieldOf('title')).toBe('title');
  });
});

/** A project as GET /api/jobs/{id} answers it. */
const savedProject: TJobPost = {
  id: 'p1',
  jobFlow: 'project',
  title: 'Design a logo',
  organisation: 'Northfield',
  excerpt: 'Make a logo',
  location: null,
  isRemote: true,
  employmentType: null,
  isPaid: false,
  industry: { key: 'design', label: 'Design' },
  jobFunctions: [{ key: 'marketing', label: 'Marketing' }],
  applicationMethod: 'internal',
  icon: 'palette',
  tags: [{ kind: 'offers', label: 'Mentoring', colour: 'green' }],
  duration: 3,
  durationUnit: 'weeks',
  startDate: '2026-07-01',
  dueDate: '2026-07-15',
  // Midnight of 16 August in New York (the day it closes there), still 16 August in UTC.
  expiresAt: '2026-08-16T04:00:00.000Z',
  isExpired: false,
  approvalStatus: 'approved',
  projectStatus: 'pendingHire',
  closedAt: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  owner: { id: 'u1', identifier: 'sam', fullName: 'Sam Lee', photoUrl: null },
  isSaved: false,
  hasApplied: false,
  description: '<p>Make a logo</p>',
  requirements: '',
  latitude: null,
  longitude: null,
  audience: ['type-alumni'],
  externalUrl: null,
  isResumeRequired: true,
  templateId: 'design-a-logo',
  reviewedAt: null,
  updatedAt: '2026-06-01T12:00:00.000Z',
  can: { edit: true, close: true, approve: false, save: true, apply: false, viewApplications: true },
};

describe('the edit form', () => {
  it('prefills the form from the post: option keys, chosen audience, tags, duration and the closing day', () => {
    const values = jobValuesFromPost(savedProject, 'America/New_York');
    expect(values).toMatchObject({
      jobFlow: 'project',
      templateId: 'design-a-logo',
      title: 'Design a logo',
      organisation: 'Northfield',
      description: '<p>Make a logo</p>',
      location: '',
      isRemote: true,
      employmentType: '',
      industry: 'design',
      jobFunctions: ['marketing'],
      audience: 'chosen',
      audienceUserTypes: ['type-alumni'],
      isResumeRequired: true,
      icon: 'palette',
      duration: '3',
      durationUnit: 'weeks',
      startDate: '2026-07-01',
      dueDate: '2026-07-15',
      expiresOn: '2026-08-16',
    });
    expect(values.tags.map(({ kind, label }) => ({ kind, label }))).toEqual([
      { kind: 'offers', label: 'Mentoring' },
    ]);
  });

  it('reads the closing day in the viewer’s zone', () => {
    // Closes at 2026-08-16T04:00Z: midnight in New York, still the evening before in Los Angeles.
    expect(jobValuesFromPost(savedProject, 'America/New_York').expiresOn).toBe('2026-08-16');
    expect(jobValuesFromPost(savedProject, 'America/Los_Angeles').expiresOn).toBe('2026-08-15');
  });

  it('sends what the form edits without the flow and template, and the closing day only when changed', () => {
    const initial = jobValuesFromPost(savedProject, 'America/New_York');
    const unchanged = jobUpdateFrom({ ...initial, title: ' Logo refresh ' }, initial);
    expect(unchanged).not.toHaveProperty('jobFlow');
    expect(unchanged).not.toHaveProperty('templateId');
    expect(unchanged).not.toHaveProperty('expiresOn');
    expect(unchanged).toMatchObject({
      title: 'Logo refresh',
      industry: 'design',
      jobFunctions: ['marketing'],
      audience: ['type-alumni'],
      tags: [{ kind: 'offers', label: 'Mentoring' }],
      duration: 3,
      durationUnit: 'weeks',
      startDate: '2026-07-01',
      dueDate: '2026-07-15',
    });
    expect(jobUpdateFrom({ ...initial, expiresOn: '2026-09-01' }, initial)).toMatchObject({
      expiresOn: '2026-09-01',
    });
    const everyone = jobUpdateFrom({ ...initial, audience: 'all' }, initial);
    expect(everyone.audience).toBe('all');
  });
});
