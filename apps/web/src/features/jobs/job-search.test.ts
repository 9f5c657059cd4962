import { describe, expect, it } from 'vitest';
import {
  alertRequestFor,
  describeSearch,
  EMPTY_JOB_SEARCH,
  isSearchEmpty,
  searchFromParams,
  searchOfAlert,
  searchToParams,
  selectedFilterCount,
  tabFromParams,
} from './job-search';

describe('the job board search in the address', () => {
  it('reads the text, the facets and the kind, dropping unknown values', () => {
    const search = searchFromParams(
      new URLSearchParams(
        'q=desinger&industry=tech&industry=media&employmentType=fullTime&employmentType=bogus&paid=true&remote=maybe&flow=project&location=Boston',
      ),
    );
    expect(search).toEqual({
      q: 'desinger',
      jobFlow: 'project',
      industry: ['tech', 'media'],
      jobFunction: [],
      employmentType: ['fullTime'],
      paid: 'true',
      remote: null,
      location: ['Boston'],
    });
  });

  it('writes a search back and reads the same search, keeping the tab', () => {
    const search = {
      ...EMPTY_JOB_SEARCH,
      q: 'data',
      jobFunction: ['research'],
      employmentType: ['internship' as const],
      remote: 'false' as const,
    };
    const params = searchToParams(search, new URLSearchParams('tab=saved&q=old&industry=x'));
    expect(params.get('tab')).toBe('saved');
    expect(params.getAll('industry')).toEqual([]);
    expect(searchFromParams(params)).toEqual(search);
    expect(searchToParams(EMPTY_JOB_SEARCH).toString()).toBe('');
  });

  it('reads the tab, the search tab when absent or unknown', () => {
    expect(tabFromParams(new URLSearchParams('tab=alerts'))).toBe('alerts');
    expect(tabFromParams(new URLSearchParams('tab=nope'))).toBe('all');
    expect(tabFromParams(new URLSearchParams(''))).toBe('all');
  });

  it('counts the chosen filters, and knows an empty search', () => {
    expect(selectedFilterCount(EMPTY_JOB_SEARCH)).toBe(0);
    expect(isSearchEmpty({ ...EMPTY_JOB_SEARCH, q: '  ' })).toBe(true);
    const search = {
      ...EMPTY_JOB_SEARCH,
      industry: ['a', 'b'],
      paid: 'false' as const,
      jobFlow: 'job' as const,
    };
    expect(selectedFilterCount(search)).toBe(4);
    expect(isSearchEmpty(search)).toBe(false);
  });
});

describe('a job alert of the search', () => {
  it('keeps the trimmed text, the filters and the frequency, and opens the same search again', () => {
    const search = { ...EMPTY_JOB_SEARCH, q: ' logo design ', industry: ['design'], paid: 'true' as const };
    const request = alertRequestFor(search, 'daily');
    expect(request).toEqual({
      query: 'logo design',
      frequency: 'daily',
      filters: { industry: ['design'], jobFunction: [], employmentType: [], paid: 'true', location: [] },
    });
    expect(searchOfAlert(request)).toEqual({ ...search, q: 'logo design' });
  });

  it('describes a search in words, with the facets’ labels', () => {
    const search = {
      ...EMPTY_JOB_SEARCH,
      q: 'logo',
      jobFlow: 'project' as const,
      paid: 'true' as const,
      remote: 'true' as const,
      employmentType: ['partTime' as const],
      industry: ['design'],
      location: ['Boston'],
    };
    expect(
      describeSearch(search, {
        projectsName: 'Student Projects',
        labelOf: (v) => (v === 'design' ? 'Design' : v),
      }),
    ).toBe('“logo” · Student Projects · Paid · Remote · Part-time · Industry: Design · Location: Boston');
    expect(describeSearch(EMPTY_JOB_SEARCH, { projectsName: 'Projects' })).toBe('Every new post');
  });
});
