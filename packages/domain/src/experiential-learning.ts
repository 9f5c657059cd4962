/**
 * Experiential learning (spec 2 {hubPath}/experiential-learning, spec 2 Home sections 'experiential-learning
 * lists: recent, recommended, nearby, saved, applied, add interests', spec 3 Action items el_*): a member's
 * experience interests, the lists of opportunities (the hub's job posts and projects), and participation
 * reports (hours and a reflection) that the hub's admins review.
 */

/** The lists of the experiential-learning page, in the order it shows them (spec 2 Home sections). */
export const EL_LISTS = ['recent', 'recommended', 'nearby', 'saved', 'applied'] as const;
/** One list. */
export type TElList = (typeof EL_LISTS)[number];

/** Headings of the lists. */
export const EL_LIST_LABELS: Readonly<Record<TElList, string>> = {
  recent: 'Recently posted',
  recommended: 'Recommended for you',
  nearby: 'Near you',
  saved: 'Saved',
  applied: 'Applied',
};

/**
 * What an experience interest names: an industry or a job function of the hub's standard data (spec 3
 * standardData job-industries, job-functions), or a kind of opportunity (a project, or a job's employment type).
 */
export const EL_INTEREST_KINDS = ['industry', 'jobFunction', 'opportunityType'] as const;
/** One kind of interest. */
export type TElInterestKind = (typeof EL_INTEREST_KINDS)[number];

/** The kinds of opportunity an interest may name: projects, and the employment types of job posts. */
export const EL_OPPORTUNITY_TYPES = [
  'project',
  'fullTime',
  'partTime',
  'internship',
  'contract',
  'temporary',
  'volunteer',
] as const;
/** One kind of opportunity. */
export type TElOpportunityType = (typeof EL_OPPORTUNITY_TYPES)[number];

/** How many interests a member keeps in a hub. */
export const EL_INTERESTS_MAX = 30;

/** Limits of a participation report (hours in quarter hours; a reflection as long as an action item's). */
export const PARTICIPATION_HOURS_MIN = 0.25;
export const PARTICIPATION_HOURS_MAX = 1000;
export const PARTICIPATION_REFLECTION_MAX = 2000;
export const PARTICIPATION_TITLE_MAX = 200;
export const PARTICIPATION_REVIEW_NOTE_MAX = 1000;

/** User-facing messages of the report's checks. */
export const PARTICIPATION_MESSAGES = {
  hours: `Enter the hours, from ${PARTICIPATION_HOURS_MIN} to ${PARTICIPATION_HOURS_MAX}, in quarter hours.`,
  reflection: 'Write a short reflection on what you did and learned.',
  reflectionTooLong: `Keep the reflection to ${PARTICIPATION_REFLECTION_MAX} characters.`,
  title: 'Name the experience, or choose the opportunity it was.',
  dates: 'The end date cannot be before the start date.',
  future: 'Report an experience once it has started.',
} as const;

/** Review states of a participation report: waiting for an admin, approved, or returned to the member. */
export const PARTICIPATION_REPORT_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** One review state. */
export type TParticipationReportStatus = (typeof PARTICIPATION_REPORT_STATUSES)[number];

/** Display names of the review states. */
export const PARTICIPATION_REPORT_STATUS_LABELS: Readonly<Record<TParticipationReportStatus, string>> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Not approved',
};

/** An admin's decision on a pending report. */
export type TParticipationDecision = 'approve' | 'reject';

/** The state a decision leads to; only a pending report is decided (null otherwise: already reviewed). */
export function participationReviewTarget(options: {
  status: TParticipationReportStatus;
  decision: TParticipationDecision;
}): TParticipationReportStatus | null {
  if (options.status !== 'pending') return null;
  return options.decision === 'approve' ? 'approved' : 'rejected';
}

/** Whether hours are within the limits and whole quarter hours. */
export function isValidParticipationHours(hours: number): boolean {
  return (
    Number.isFinite(hours) &&
    hours >= PARTICIPATION_HOURS_MIN &&
    hours <= PARTICIPATION_HOURS_MAX &&
    Number.isInteger(hours * 4)
  );
}

/** Hours as the minutes stored (whole quarter hours are whole minutes). */
export function participationMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** Stored minutes as hours. */
export function participationHours(minutes: number): number {
  return minutes / 60;
}

/**
 * The field errors of a participation report's dates, keyed by field: the end not before the start, and
 * the start not after today (a report is of something already under way). Days are 'YYYY-MM-DD'.
 */
export function participationDateErrors(options: {
  startedOn: string;
  endedOn: string | null;
  today: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (options.startedOn > options.today) errors['startedOn'] = PARTICIPATION_MESSAGES.future;
  if (options.endedOn !== null && options.endedOn < options.startedOn)
    errors['endedOn'] = PARTICIPATION_MESSAGES.dates;
  return errors;
}

/**
 * The place a location names, for "near you": its first comma-separated part (the city), lower-case with
 * runs of spaces made one; null when empty. 'Boston, MA' and 'boston' are the same place.
 */
export function locationKey(location: string | null | undefined): string | null {
  const first = (location ?? '').split(',')[0] ?? '';
  const key = first.trim().replace(/\s+/g, ' ').toLowerCase();
  return key === '' ? null : key;
}
