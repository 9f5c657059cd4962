/**
 * The Site administration screens of what new members meet first (issue #22 item 1: outreach templates, also an
 * organisation's, auto-greeting, notification defaults): their route patterns for the route table and their
 * builders, kept here so the shared paths file stays as it is.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route patterns under the hub's routes. */
export const HUB_WELCOME_ROUTES = {
  templates: 'site-admin/templates',
  autoGreeting: 'site-admin/auto-greeting',
  notifications: 'site-admin/notification-defaults',
  /** An organisation's own templates, beside its console's sections (site-admin/organizations/:organization/…). */
  organizationTemplates: 'site-admin/organizations/:organization/templates',
} as const;

const under = (identifier: string, route: string) =>
  `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${route}`;

/** Builders of the screens' URLs. */
export const hubWelcomePaths = {
  templates: (identifier: string) => under(identifier, HUB_WELCOME_ROUTES.templates),
  autoGreeting: (identifier: string) => under(identifier, HUB_WELCOME_ROUTES.autoGreeting),
  notifications: (identifier: string) => under(identifier, HUB_WELCOME_ROUTES.notifications),
  organizationTemplates: (identifier: string, organization: string) =>
    under(identifier, `site-admin/organizations/${encodeURIComponent(organization)}/templates`),
};
