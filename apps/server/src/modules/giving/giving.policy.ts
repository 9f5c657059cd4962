/** Who may give and who manages giving in a hub (issue #18 item 6; spec 3 givingForm, access group donations). */
import { ZGivingSetting, type TGivingSetting, type THubSettings } from '@commons/contract';
import { isHubFeatureOn, mayGive } from '@commons/domain';
import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireHubReader } from '../content/content.policy.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';

/** The hub's designations and currency (moduleSettings.giving); malformed counts as none. */
export function givingSettingOf(settings: THubSettings): TGivingSetting {
  const parsed = ZGivingSetting.safeParse(settings.moduleSettings['giving'] ?? {});
  return parsed.success ? parsed.data : ZGivingSetting.parse({});
}

/** The hub's giving form feature (spec 6 Feature flags per hub 'giving form'): pledges through Commons. */
export function isGivingFormOn(settings: THubSettings): boolean {
  return isHubFeatureOn(settings.featureFlags, 'givingForm');
}

/** User message of a pledge while the hub's giving form feature is off. */
export const GIVING_FORM_OFF_MESSAGE =
  'The giving form is turned off in this hub. Please give on the school’s payment page instead.';

/**
 * Whether the viewer may pledge in the request's hub: donations on, the giving form feature on, their user
 * type asked to give, approved.
 */
export function viewerMayGive(ctx: TRequestContext, settings: THubSettings): boolean {
  const membership = ctx.membership;
  if (!isGivingFormOn(settings)) return false;
  return mayGive({
    isDonationsEnabled: settings.isDonationsEnabled,
    isGivingFormUserType: membership?.userType?.givingForm === true,
    isApprovedMember: isApprovedMember(membership),
  });
}

/**
 * Pledging: a reader of the hub whose user type may give while the hub takes donations and has its giving
 * form on; else 403 (saying so when it is the form that is off).
 */
export function requireGiver(ctx: TRequestContext, settings: THubSettings): void {
  requireHubReader(ctx);
  if (settings.isDonationsEnabled && !isGivingFormOn(settings)) throw forbidden(GIVING_FORM_OFF_MESSAGE);
  if (!viewerMayGive(ctx, settings)) throw forbidden('Giving is not open to you in this hub.');
}

/** The pledge list, export and settings: hub admins holding the donations right (spec 7 hub access groups). */
export function requireDonationsAdmin(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('donations');
}
