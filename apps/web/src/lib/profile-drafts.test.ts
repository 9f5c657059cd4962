import { DATE_RANGE_MESSAGES } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyWorkHistoryDraft,
  schoolInputOf,
  emptySchoolDraft,
  validateSchoolDrafts,
  validateWorkHistoryDrafts,
  workHistoryInputOf,
} from './profile-drafts';

const now = new Date('2030-06-15T12:00:00Z');

describe('work-history drafts', () => {
  it('reports an end before the start with the exact spec message, keyed like the server', () => {
    const draft = {
      ...emptyWorkHistoryDraft(),
      role: 'Analyst',
      startMonth: '5',
      startYear: '2020',
      endMonth: '3',
      endYear: '2019',
    };
    expect(validateWorkHistoryDrafts({ drafts: [draft], now, timeZone: 'UTC' })).toEqual({
      'items.0.endDate': DATE_RANGE_MESSAGES.endBeforeStart,
    });
  });

  it('requires a role and sends no end for a current position', () => {
    const draft = {
      ...emptyWorkHistoryDraft(),
      startYear: '2021',
      endYear: '2022',
      endMonth: '1',
      current: true,
    };
    expect(validateWorkHistoryDrafts({ drafts: [draft], now, timeZone: 'UTC' })).toEqual({
      'items.0.role': 'Enter your role.',
    });
    expect(workHistoryInputOf(draft)).toMatchObject({
      startYear: 2021,
      endYear: null,
      endMonth: null,
      current: true,
    });
  });
});

describe('school drafts', () => {
  it('splits majors on commas and requires a school name', () => {
    const draft = {
      ...emptySchoolDraft(),
      schoolName: ' Riverside ',
      majors: 'Biology, , Chemistry',
      graduationYear: '2027',
    };
    expect(schoolInputOf(draft)).toMatchObject({
      schoolName: 'Riverside',
      majors: ['Biology', 'Chemistry'],
      graduationYear: 2027,
    });
    expect(validateSchoolDrafts([emptySchoolDraft()])).toEqual({
      'items.0.schoolName': 'Enter the name of the school.',
    });
  });
});
