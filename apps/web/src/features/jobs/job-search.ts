/**
 * The job board's search as it lives in the address (so Back, reloads and shared links keep it) and as the
 * API and a job alert take it (contract ZJobListQuery, ZCreateJobAlertRequest). Pure, tested on its own.
 */
import type { TCreateJobAlertRequest, TJobAlert, TJobListFilters } from '@commons/contract';
import { JOB_EMPLOYMENT_TYPE_LABELS, JOB_EMPLOYMENT_TYPES, type TJobEmploymentType } from '@commons/domain';
import { JOB_BOARD_TABS, type TJobBoardTab } from '../../config/job-paths';

/** One search of the board: the typed text and the facet filters. */
export interface TJobSearch {
  q: string;
  jobFlow: 'job' | 'project' | null;
  industry: string[];
  jobFunction: string[];
  employmentType: TJobEmploymentType[];
  /** 'true' paid only, 'false' unpaid only, null either. */
  paid: 'true' | 'false' | null;
  remote: 'true' | 'false' | null;
  location: string[];
}

/** The search with nothing typed or chosen. */
export const EMPTY_JOB_SEARCH: TJobSearch = {
  q: '',
  jobFlow: null,
  industry: [],
  jobFunction: [],
  employmentType: [],
  paid: null,
  remote: null,
  location: [],
};

const LIST_KEYS = ['industry', 'jobFunction', 'location'] as const;

function isEmploymentType(value: string): value is TJobEmploymentType {
  return (JOB_EMPLOYMENT_TYPES as readonly string[]).includes(value);
}

function booleanParam(value: string | null): 'true' | 'false' | null {
  return value === 'true' || value === 'false' ? value : null;
}

/** Reads the search from the page's query string (?q=&industry=a&industry=b&paid=true…). */
export function searchFromParams(params: URLSearchParams): TJobSearch {
  const flow = params.get('flow');
  return {
    q: params.get('q') ?? '',
    jobFlow: flow === 'job' || flow === 'project' ? flow : null,
    industry: params.getAll('industry'),
    jobFunction: params.getAll('jobFunction'),
    employmentType: params.getAll('employmentType').filter(isEmploymentType),
    paid: booleanParam(params.get('paid')),
    remote: booleanParam(params.get('remote')),
    location: params.getAll('location'),
  };
}

/** The board's tab in the query string; the search tab when absent or unknown. */
export function tabFromParams(params: URLSearchParams): TJobBoardTab {
  const tab = params.get('tab');
  return (JOB_BOARD_TABS as readonly string[]).includes(tab ?? '') ? (tab as TJobBoardTab) : 'all';
}

/** Writes the search into a query string, keeping the other parameters (the tab) as they are. */
export function searchToParams(
  search: TJobSearch,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['q', 'flow', 'paid', 'remote', 'employmentType', ...LIST_KEYS]) params.delete(key);
  if (search.q.trim() !== '') params.set('q', search.q);
  if (search.jobFlow !== null) params.set('flow', search.jobFlow);
  for (const key of LIST_KEYS) for (const value of search[key]) params.append(key, value);
  for (const value of search.employmentType) params.append('employmentType', value);
  if (search.paid !== null) params.set('paid', search.paid);
  if (search.remote !== null) params.set('remote', search.remote);
  return params;
}

/** The facet filters of a search as the API and an alert take them. */
export function searchFilters(search: TJobSearch): TJobListFilters {
  return {
    ...(search.jobFlow === null ? {} : { jobFlow: search.jobFlow }),
    industry: search.industry,
    jobFunction: search.jobFunction,
    employmentType: search.employmentType,
    ...(search.paid === null ? {} : { paid: search.paid }),
    ...(search.remote === null ? {} : { remote: search.remote }),
    location: search.location,
  };
}

/** How many filters are chosen (the phone's "Filters (n selected)" button). */
export function selectedFilterCount(search: TJobSearch): number {
  return (
    search.industry.length +
    search.jobFunction.length +
    search.employmentType.length +
    search.location.length +
    (search.paid === null ? 0 : 1) +
    (search.remote === null ? 0 : 1) +
    (search.jobFlow === null ? 0 : 1)
  );
}

/** Whether the search narrows the board at all (an alert of an empty search mails every new post). */
export function isSearchEmpty(search: TJobSearch): boolean {
  return search.q.trim() === '' && selectedFilterCount(search) === 0;
}

/** A job alert of this search (spec: a saved search mailed daily or weekly). */
export function alertRequestFor(
  search: TJobSearch,
  frequency: TCreateJobAlertRequest['frequency'],
): TCreateJobAlertRequest {
  return { query: search.q.trim(), filters: searchFilters(search), frequency };
}

/** The search an alert keeps, to open it on the board again. */
export function searchOfAlert(alert: Pick<TJobAlert, 'query' | 'filters'>): TJobSearch {
  const { filters } = alert;
  return {
    q: alert.query,
    jobFlow: filters.jobFlow ?? null,
    industry: filters.industry,
    jobFunction: filters.jobFunction,
    employmentType: filters.employmentType,
    paid: filters.paid ?? null,
    remote: filters.remote ?? null,
    location: filters.location,
  };
}

/**
 * A search in words, for the alert list and the alert dialog: "“designer” · Paid · Remote · Full-time ·
 * Industry: Technology". Option keys are named by `labelOf` where the facets know their labels.
 */
export function describeSearch(
  search: TJobSearch,
  options: { projectsName: string; labelOf?: (value: string) => string } = { projectsName: 'Projects' },
): string {
  const label = options.labelOf ?? ((value: string) => value);
  const parts: string[] = [];
  if (search.q.trim() !== '') parts.push(`“${search.q.trim()}”`);
  if (search.jobFlow === 'job') parts.push('Jobs');
  if (search.jobFlow === 'project') parts.push(options.projectsName);
  if (search.paid !== null) parts.push(search.paid === 'true' ? 'Paid' : 'Unpaid');
  if (search.remote !== null) parts.push(search.remote === 'true' ? 'Remote' : 'On site');
  for (const type of search.employmentType) parts.push(JOB_EMPLOYMENT_TYPE_LABELS[type]);
  if (search.industry.length > 0) parts.push(`Industry: ${search.industry.map(label).join(', ')}`);
  if (search.jobFunction.length > 0) parts.push(`Function: ${search.jobFunction.map(label).join(', ')}`);
  if (search.location.length > 0) parts.push(`Location: ${search.location.join(', ')}`);
  return parts.length === 0 ? 'Every new post' : parts.join(' · ');
}
