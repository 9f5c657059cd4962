import type { THubAccessRight } from '@commons/domain';
import {
  organizationAdminPaths,
  type TOrganizationConsoleSection,
} from '../../config/organization-admin-paths';
import { hubWelcomePaths } from '../../config/hub-welcome-paths';
import { paths } from '../../config/paths';
import { profileFieldsPaths } from '../../config/profile-fields-paths';

/** The organisation's manage page (the group tools) open at one of its tabs. */
function manageOrganizationPath(organization: string, tab: 'settings' | 'members'): string {
  return `${paths.manageGroup('organization', organization)}?${new URLSearchParams({ tab }).toString()}`;
}

/** One screen of an organisation's console, listed to its admins who hold one of its rights. */
export interface TOrganizationSection {
  key: string;
  title: string;
  description: string;
  /** Any of these rights (spec 6 Organisation admins' limited list) opens it. */
  rights: readonly THubAccessRight[];
  /** The console's own section, or an existing page of the organisation (some under the hub's path). */
  target:
    | { section: TOrganizationConsoleSection }
    | { path: (organization: string, hubIdentifier: string) => string };
}

/**
 * The organisation admins' limited list (spec 6: explore-users, analytics, import-data, groups, programs,
 * branding-settings, custom-fields, templates, resources, events, bulk-email, announcements…), each scoped to the
 * organisation.
 */
export const ORGANIZATION_SECTIONS: readonly TOrganizationSection[] = [
  {
    key: 'members',
    title: 'Members',
    description:
      'The organization’s members with their email, user type and join date: filter them, open profiles and download the list as CSV.',
    rights: ['explore-users'],
    target: { section: 'members' },
  },
  {
    key: 'analytics',
    title: 'Reports and analytics',
    description:
      'Sign-ups, active users, messages, meetings, mentorships and event registrations of the organization’s members, as charts and CSV.',
    rights: ['analytics', 'reports'],
    target: { section: 'analytics' },
  },
  {
    key: 'import',
    title: 'Import members',
    description:
      'Upload a CSV of people: a dry run shows what happens to each row, then missing accounts are created and invited, and everyone joins the organization.',
    rights: ['import-data'],
    target: { section: 'import' },
  },
  {
    key: 'announcements',
    title: 'Announcements',
    description:
      'Email the organization’s members, with a preview; members can unsubscribe, and each announcement shows how many it reached.',
    rights: ['bulk-emails', 'announcements'],
    target: { path: (organization) => paths.organizationCommunications(organization) },
  },
  {
    key: 'membership',
    title: 'Join requests and admins',
    description: 'Approve or decline requests to join, remove members and choose the organization’s admins.',
    rights: ['groups', 'programs'],
    target: { path: (organization) => manageOrganizationPath(organization, 'members') },
  },
  {
    key: 'page',
    title: 'Organization page',
    description:
      'The organization’s name, descriptions, banner image, who can join and the tabs its page shows.',
    rights: ['branding-settings'],
    target: { path: (organization) => manageOrganizationPath(organization, 'settings') },
  },
  {
    key: 'branding',
    title: 'Brand',
    description:
      'The organization’s colour and logo on its page’s header; the colour must keep text readable (4.5:1).',
    rights: ['branding-settings'],
    target: { section: 'branding' },
  },
  {
    key: 'custom-fields',
    title: 'Custom fields',
    description:
      'Questions only the organization’s members answer on their profile, such as their chapter: add, order, archive or delete them.',
    rights: ['custom-fields'],
    target: {
      path: (organization, hubIdentifier) => profileFieldsPaths.organization(hubIdentifier, organization),
    },
  },
  {
    key: 'templates',
    title: 'Message templates',
    description:
      'The templates the organization’s members start from when they write to each other, per pair of user types: offered first, under its name.',
    rights: ['templates'],
    target: {
      path: (organization, hubIdentifier) =>
        hubWelcomePaths.organizationTemplates(hubIdentifier, organization),
    },
  },
  {
    key: 'events',
    title: 'Events',
    description: 'The organization’s events: add one, edit it and follow its registrations.',
    rights: ['manage-events'],
    target: { path: (organization) => paths.groupPage('organization', organization, 'events') },
  },
  {
    key: 'resources',
    title: 'Resources',
    description: 'The links, files and posts the organization shares with its members.',
    rights: ['resources'],
    target: { path: (organization) => paths.groupPage('organization', organization, 'resources') },
  },
];

/** The sections an admin holding these rights in the organisation may open, in the console's order. */
export function organizationSectionsFor(rights: readonly string[]): TOrganizationSection[] {
  return ORGANIZATION_SECTIONS.filter((section) => section.rights.some((right) => rights.includes(right)));
}

/** The URL of a section for one organisation of the hub. */
export function organizationSectionPath(
  section: TOrganizationSection,
  hubIdentifier: string,
  organization: string,
): string {
  return 'section' in section.target
    ? organizationAdminPaths.section(hubIdentifier, organization, section.target.section)
    : section.target.path(organization, hubIdentifier);
}
