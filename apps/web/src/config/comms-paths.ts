/**
 * Path builders of bulk emails, announcements (issue #22 item 3). Their route patterns are in paths.ts ROUTES;
 * the builders live here so only the pages that link to them load them (as config/assessment-paths.ts).
 */
import { HUB_SEGMENT } from '@commons/contract';
import { ROUTES } from './paths';

function hubChild(identifier: string, child: string): string {
  return `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;
}

export const commsPaths = {
  /** The admins' bulk emails and announcements (rights bulk-emails, announcements). */
  messages: (identifier: string) => hubChild(identifier, ROUTES.hubChildren.siteAdminMessages),
  /** A member's announcements (the hub.announcement notification's link). */
  announcements: (identifier: string) => hubChild(identifier, ROUTES.hubChildren.announcements),
};
