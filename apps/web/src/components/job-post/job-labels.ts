/**
 * Words a post shows on its card and page: its kind, pay, place, duration and standing on the board. Status
 * names come from packages/domain (JOB_EMPLOYMENT_TYPE_LABELS, PROJECT_STATUS_LABELS), never a copy.
 */
import type { TJobPostSummary } from '@commons/contract';
import { JOB_EMPLOYMENT_TYPE_LABELS, PROJECT_STATUS_LABELS } from '@commons/domain';

type TPostFacts = Pick<
  TJobPostSummary,
  | 'jobFlow'
  | 'employmentType'
  | 'isPaid'
  | 'location'
  | 'isRemote'
  | 'duration'
  | 'durationUnit'
  | 'approvalStatus'
  | 'closedAt'
  | 'isExpired'
  | 'projectStatus'
>;

/** "40 hours", "1 week"; null without a duration. */
export function durationText(duration: number | null, unit: string | null): string | null {
  if (duration === null) return null;
  const base = (unit ?? 'hours').replace(/s$/, '');
  return `${duration} ${duration === 1 ? base : `${base}s`}`;
}

/** Where the work happens: "Boston, MA", "Remote", "Boston, MA or remote"; null when the post says nothing. */
export function placeText(post: Pick<TPostFacts, 'location' | 'isRemote'>): string | null {
  const location = post.location?.trim() ?? '';
  if (location === '') return post.isRemote ? 'Remote' : null;
  // A post whose location is "Remote" says it once.
  if (location.toLowerCase() === 'remote') return 'Remote';
  return post.isRemote ? `${location} or remote` : location;
}

/**
 * The short facts of a card, in reading order: the kind (employment type, or "Project · 40 hours"), paid or
 * unpaid, and the place.
 */
export function postFacts(post: TPostFacts, options: { projectName?: string } = {}): string[] {
  const facts: string[] = [];
  if (post.jobFlow === 'project') {
    const duration = durationText(post.duration, post.durationUnit);
    facts.push(
      duration === null
        ? (options.projectName ?? 'Project')
        : `${options.projectName ?? 'Project'} · ${duration}`,
    );
  } else if (post.employmentType !== null) {
    facts.push(JOB_EMPLOYMENT_TYPE_LABELS[post.employmentType]);
  }
  facts.push(post.isPaid ? 'Paid' : 'Unpaid');
  const place = placeText(post);
  if (place !== null) facts.push(place);
  return facts;
}

/** A post's standing when it is not simply open on the board; null when it is. */
export function postStandingLabel(
  post: Pick<TPostFacts, 'approvalStatus' | 'closedAt' | 'isExpired'>,
): string | null {
  if (post.approvalStatus === 'pending') return 'Awaiting approval';
  if (post.approvalStatus === 'rejected') return 'Not approved';
  if (post.closedAt !== null) return 'Closed';
  if (post.isExpired) return 'Expired';
  return null;
}

/**
 * A project's status (spec 4, the domain's names), shown to its owner and admins beside its standing; null for
 * jobs, and when it only repeats the standing ('Pending approval' beside 'Awaiting approval', 'Unapproved'
 * beside 'Not approved').
 */
export function projectStatusLabel(
  post: Pick<TPostFacts, 'jobFlow' | 'projectStatus' | 'approvalStatus'>,
): string | null {
  if (post.jobFlow !== 'project' || post.projectStatus === null) return null;
  if (post.projectStatus === 'pendingApproval' && post.approvalStatus === 'pending') return null;
  if (post.projectStatus === 'unapproved' && post.approvalStatus === 'rejected') return null;
  return PROJECT_STATUS_LABELS[post.projectStatus];
}
