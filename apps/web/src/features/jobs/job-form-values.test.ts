import type { TProjectTemplateView } from '@commons/contract';
import { PROJECT_TEMPLATES } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyJobValues,
  formFieldOf,
  jobRequestFrom,
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
