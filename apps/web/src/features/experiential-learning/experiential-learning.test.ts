import { PARTICIPATION_MESSAGES } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import { interestKey, interestsFromKeys } from './interests';
import { reportErrors, reportRequestFrom, type TReportValues } from './report-values';

describe('experience interests as checkbox values', () => {
  it('round-trips kind and value, dropping unknown kinds, blanks and repeats', () => {
    const key = interestKey({ kind: 'industry', value: 'tech:ai' });
    expect(key).toBe('industry:tech:ai');
    expect(interestsFromKeys([key, 'opportunityType:project', 'nope:x', 'industry:', key])).toEqual([
      { kind: 'industry', value: 'tech:ai' },
      { kind: 'opportunityType', value: 'project' },
    ]);
  });
});

describe('the participation report form', () => {
  const valid: TReportValues = {
    postId: '',
    title: 'Food bank volunteering',
    organisation: 'City Food Bank',
    startedOn: '2026-05-01',
    endedOn: '2026-05-03',
    hours: '6.5',
    reflection: 'I learned how a warehouse runs.',
  };

  it('accepts a complete report and sends it with nulls for what is not chosen', () => {
    expect(reportErrors(valid, '2026-05-10')).toEqual({});
    expect(reportRequestFrom({ ...valid, endedOn: '' })).toEqual({
      postId: null,
      title: 'Food bank volunteering',
      organisation: 'City Food Bank',
      startedOn: '2026-05-01',
      endedOn: null,
      hours: 6.5,
      reflection: 'I learned how a warehouse runs.',
    });
  });

  it('names what is missing or wrong with the domain’s messages', () => {
    const errors = reportErrors(
      { ...valid, title: ' ', startedOn: '2026-06-01', endedOn: '2026-05-01', hours: '0.1', reflection: ' ' },
      '2026-05-10',
    );
    expect(errors).toEqual({
      title: PARTICIPATION_MESSAGES.title,
      startedOn: PARTICIPATION_MESSAGES.future,
      endedOn: PARTICIPATION_MESSAGES.dates,
      hours: PARTICIPATION_MESSAGES.hours,
      reflection: PARTICIPATION_MESSAGES.reflection,
    });
    expect(reportErrors({ ...valid, postId: 'p1', title: '' }, '2026-05-10')).toEqual({});
  });
});
