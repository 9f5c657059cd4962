import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TOO_LARGE,
  BRAND_IMAGE_UNKNOWN,
  SIGNUP_METHODS,
  SIGNUP_REQUIRED_FIELD_LABELS,
  type THubBranding,
  type THubModuleSetting,
  type THubSettings,
  type TModuleId,
  type TSignupRequiredField,
  type TSignupSettings,
  type TUpdateHubBrandingRequest,
  type TUpdateHubModulesRequest,
  type TUpdateSignupSettingsRequest,
} from '@commons/contract';
import { isHubFeatureOn } from '@commons/domain';
import { and, count, eq } from 'drizzle-orm';
import { userSchools, users, userTypes, userWorkHistory } from '../../db/schema/index.js';
import { AppError, validationError } from '../../lib/app-error.js';
import type { TRequestContext, TUserTypeRow } from '../../plugins/request-context.js';
import { richTextImageKeyOf, uploadedHubImageErrors } from '../files/hub-images.js';
import { saveHubSettings } from './hubs.commands.js';
import { orderedModules } from './hubs.presenter.js';
import { listUserTypes } from './hubs.queries.js';

/** The admins' module list: every navigation module in the hub's order, each on or off (issue #22 item 1). */
export function presentHubModules(settings: THubSettings): { modules: THubModuleSetting[] } {
  const enabled = new Set<string>(settings.enabledModules);
  const isCareerPathsFlagOn = isHubFeatureOn(settings.featureFlags, 'careerPaths');
  return {
    modules: orderedModules(settings.moduleOrder).map((m) => ({
      id: m.id,
      name: m.name,
      link: m.link,
      isOn: m.id === 'home' || enabled.has(m.id),
      isRequired: m.id === 'home',
      note:
        m.id === 'career-paths' && !isCareerPathsFlagOn
          ? 'Members see this tab only once the Career paths feature is on (Features).'
          : null,
    })),
  };
}

/**
 * Saves the modules' order and which are on (hub settings moduleOrder and enabledModules), audited with both
 * before and after. A module turned off leaves the members' tabs (GET /api/hub) and its pages.
 */
export async function updateHubModules(
  ctx: TRequestContext,
  options: { hubId: number; settings: THubSettings; body: TUpdateHubModulesRequest },
): Promise<THubSettings> {
  const moduleOrder: TModuleId[] = options.body.modules.map((m) => m.id);
  const enabledModules: TModuleId[] = options.body.modules
    .filter((m) => m.isOn || m.id === 'home')
    .map((m) => m.id);
  const before = {
    moduleOrder: orderedModules(options.settings.moduleOrder).map((m) => m.id),
    enabledModules: options.settings.enabledModules,
  };
  return saveHubSettings(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    changes: { moduleOrder, enabledModules },
    audit: {
      action: 'hub.modules_updated',
      data: { before, after: { moduleOrder, enabledModules } },
    },
  });
}

/**
 * Saves the hub's brand: the colours arrive checked by the contract (4.5:1 against white, spec 5 Colour);
 * a new logo or banner must be an image uploaded to this hub of at most 120 kB (spec 5 Banner images), as
 * the action items' banners. Nothing is written when a field is refused. Audited before/after.
 */
export async function updateHubBranding(
  ctx: TRequestContext,
  options: { hubId: number; settings: THubSettings; body: TUpdateHubBrandingRequest },
): Promise<THubBranding> {
  const before = options.settings.branding;
  const images: Record<string, string | null> = {};
  const fields: Record<string, string> = {};
  for (const field of ['logoUrl', 'bannerImageUrl'] as const) {
    const url = options.body[field];
    if (url === null || url === before[field]) continue;
    if (richTextImageKeyOf(url) === null) fields[field] = BRAND_IMAGE_UNKNOWN;
    else images[field] = url;
  }
  Object.assign(
    fields,
    await uploadedHubImageErrors(ctx.tx, {
      hubId: options.hubId,
      images,
      maxBytes: BRAND_IMAGE_MAX_BYTES,
      messages: { unknown: BRAND_IMAGE_UNKNOWN, tooLarge: BRAND_IMAGE_TOO_LARGE },
    }),
  );
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const branding: THubBranding = {
    primaryColor: options.body.primaryColor || null,
    secondaryColor: options.body.secondaryColor || null,
    logoUrl: options.body.logoUrl,
    bannerImageUrl: options.body.bannerImageUrl,
  };
  const saved = await saveHubSettings(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    changes: { branding },
    audit: { action: 'hub.branding_updated', data: { before, after: branding } },
  });
  return saved.branding;
}

/** Methods Commons offers on a hub's signup page today: email (the others need the cluster's providers). */
const AVAILABLE_SIGNUP_METHODS: ReadonlySet<string> = new Set(['email']);

/** The signup settings as the admins' page shows them. */
export function presentSignupSettings(settings: THubSettings, types: TUserTypeRow[]): TSignupSettings {
  const core = settings.coreSettings;
  const hidden = new Set<string>(core.hiddenSignupMethods);
  return {
    isStandardSignupEnabled: core.isStandardSignupEnabled,
    signupMethods: SIGNUP_METHODS.map((method) => ({
      method,
      isShown: !hidden.has(method),
      isAvailable: AVAILABLE_SIGNUP_METHODS.has(method),
    })),
    isApprovalRequired: !core.isAutoApprovalEnabled,
    userTypes: types
      .filter((type) => !type.isDisabled)
      .map((type) => ({ id: type.id, title: type.title, isAutoApproved: type.isAutoApproved })),
    requiredFields: core.requiredSignupFields,
  };
}

/**
 * Saves the signup settings in one transaction: the hub's coreSettings (methods shown, approval, required
 * fields) and each user type's auto-approval; a user type that is not this hub's refuses the whole edit.
 * Audited with the settings before and after.
 */
export async function updateSignupSettings(
  ctx: TRequestContext,
  options: { hubId: number; settings: THubSettings; body: TUpdateSignupSettingsRequest },
): Promise<TSignupSettings> {
  const types = await listUserTypes(ctx.tx, options.hubId);
  const known = new Set(types.filter((type) => !type.isDisabled).map((type) => type.id));
  const unknown = options.body.autoApprovedUserTypeIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw validationError({ autoApprovedUserTypeIds: 'Choose from the hub’s user types.' });
  }
  const before = presentSignupSettings(options.settings, types);
  const autoApproved = new Set(options.body.autoApprovedUserTypeIds);
  // One after another: a transaction's queries share one connection.
  for (const type of types) {
    const isAutoApproved = autoApproved.has(type.id);
    if (type.isDisabled || type.isAutoApproved === isAutoApproved) continue;
    await ctx.tx
      .update(userTypes)
      .set({ isAutoApproved })
      .where(and(eq(userTypes.id, type.id), eq(userTypes.hubId, options.hubId)));
  }
  const coreSettings = {
    ...options.settings.coreSettings,
    isStandardSignupEnabled: options.body.isStandardSignupEnabled,
    hiddenSignupMethods: [...new Set(options.body.hiddenSignupMethods)],
    isAutoApprovalEnabled: !options.body.isApprovalRequired,
    requiredSignupFields: [...new Set(options.body.requiredFields)],
  };
  const after = presentSignupSettings(
    { ...options.settings, coreSettings },
    types.map((type) => ({ ...type, isAutoApproved: !type.isDisabled && autoApproved.has(type.id) })),
  );
  await saveHubSettings(ctx, {
    hubId: options.hubId,
    settings: options.settings,
    changes: { coreSettings },
    audit: { action: 'hub.signup_settings_updated', data: { before, after } },
  });
  return after;
}

/** Message when a hub does not offer self sign-up with email. */
export const SIGNUP_CLOSED_MESSAGE =
  'This hub does not offer sign-up with email. Ask the hub’s admins for an invitation.';

/**
 * Refuses a sign-up request when the hub's signup settings close it: sign-up off, or the email method
 * hidden (spec 5 Signup methods; issue #22 item 1).
 */
export function assertEmailSignupOpen(settings: THubSettings): void {
  const core = settings.coreSettings;
  if (core.isStandardSignupEnabled && !core.hiddenSignupMethods.includes('email')) return;
  throw new AppError({
    statusCode: 403,
    code: 'signup_closed',
    message: 'Email sign-up is not offered in this hub',
    userMessage: SIGNUP_CLOSED_MESSAGE,
  });
}

/** The message for one required field left empty at the end of the signup steps. */
export function requiredFieldMessage(field: TSignupRequiredField): string {
  return `${SIGNUP_REQUIRED_FIELD_LABELS[field]} is required by this hub. Go back and fill it in.`;
}

/**
 * The required signup fields (hub signup settings) the member has left empty, as field messages; {} when
 * every one is filled.
 */
export async function missingRequiredSignupFields(
  ctx: TRequestContext,
  options: { userId: string; required: readonly TSignupRequiredField[] },
): Promise<Record<string, string>> {
  if (options.required.length === 0) return {};
  const [user] = await ctx.tx
    .select({ headline: users.headline, location: users.location })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  const fields: Record<string, string> = {};
  for (const field of options.required) {
    let isFilled: boolean;
    if (field === 'headline') isFilled = (user?.headline ?? '').trim() !== '';
    else if (field === 'location') isFilled = (user?.location ?? '').trim() !== '';
    else {
      const table = field === 'schools' ? userSchools : userWorkHistory;
      const [row] = await ctx.tx.select({ n: count() }).from(table).where(eq(table.userId, options.userId));
      isFilled = (row?.n ?? 0) > 0;
    }
    if (!isFilled) fields[field] = requiredFieldMessage(field);
  }
  return fields;
}
