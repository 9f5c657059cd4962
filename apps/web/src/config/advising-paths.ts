/**
 * Path builders of advising (issue #21). Their route patterns are in paths.ts ROUTES (the route table needs
 * them at start); the builders live here so only the pages that link to them load them, not the app's first
 * JavaScript (issue #17's budget), as config/job-paths.ts does for the job board.
 */
import { HUB_SEGMENT } from '@commons/contract';
import { ROUTES } from './paths';

/**
 * The advising admin screens under {hubPath}/site-admin/advising/{section} (right manage-advising): advisers,
 * topics, appointment types and reports.
 */
export const ADVISING_ADMIN_SECTIONS = ['advisers', 'topics', 'appointment-types', 'reports'] as const;
export type TAdvisingAdminSection = (typeof ADVISING_ADMIN_SECTIONS)[number];

/** Whether a path segment names an advising admin screen. */
export function isAdvisingAdminSection(value: string | undefined): value is TAdvisingAdminSection {
  return (ADVISING_ADMIN_SECTIONS as readonly (string | undefined)[]).includes(value);
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

function hubChild(identifier: string, child: string): string {
  return `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;
}

/** Builders of advising's concrete URLs. */
export const advisingPaths = {
  /**
   * Quick booking (spec 2 /advising/quick-book/topics): a topic, then its advisers, then their free slots;
   * `topic` and `adviser` preselect them (an adviser's Book link on /advising/people).
   */
  quickBook: (options: { topicId?: string; adviserId?: string } = {}) =>
    withQuery(ROUTES.advisingQuickBook, { topic: options.topicId, adviser: options.adviserId }),
  /** The hub's advisers (spec 2 /advising/people; the old /advisers is rewritten here). */
  people: () => ROUTES.advisingPeople,
  /** My appointments, upcoming or past, as student or adviser. */
  appointments: (options: { role?: 'student' | 'adviser'; when?: 'upcoming' | 'past' } = {}) =>
    withQuery(ROUTES.advisingAppointments, { role: options.role, when: options.when }),
  /** The adviser's own hours, exceptions and calendar address. */
  availability: () => ROUTES.advisingAvailability,
  /** One advising admin screen of a hub. */
  admin: (identifier: string, section: TAdvisingAdminSection) =>
    hubChild(identifier, ROUTES.hubChildren.siteAdminAdvising.replace(':section', section)),
  /** One adviser's admin page: settings, hours, exceptions and calendar address. */
  adminAdviser: (identifier: string, adviserId: string) =>
    hubChild(
      identifier,
      ROUTES.hubChildren.siteAdminAdviser.replace(':adviserId', encodeURIComponent(adviserId)),
    ),
};
