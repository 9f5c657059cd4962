/**
 * The hub settings screens of Site administration (issue #22 item 1: modules, branding, signup settings): their
 * route patterns for the route table and their builders, kept here so the shared paths file stays as it is.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route patterns under the hub's routes. */
export const HUB_SETTINGS_ROUTES = {
  modules: 'site-admin/modules',
  branding: 'site-admin/branding',
  signup: 'site-admin/signup-settings',
} as const;

const under = (identifier: string, route: string) =>
  `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${route}`;

/** Builders of the hub settings screens' URLs. */
export const hubSettingsPaths = {
  modules: (identifier: string) => under(identifier, HUB_SETTINGS_ROUTES.modules),
  branding: (identifier: string) => under(identifier, HUB_SETTINGS_ROUTES.branding),
  signup: (identifier: string) => under(identifier, HUB_SETTINGS_ROUTES.signup),
};
