import { brandColorProblem } from '@commons/domain';
import { z } from 'zod';
import { ZId } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { MODULE_IDS, type TModuleId, ZHubBranding, ZModuleId, ZSignupRequiredField } from './hub.js';
import { ZSignupMethod } from './hub-public.js';

// Apart from hub.ts, whose schemas every signed-in page loads: these are only the admin screens'.
/**
 * Hub settings edited in Site administration (issue #22 item 1): the navigation modules (on/off and order)
 * and the brand under branding-settings, the signup settings under signup-settings.
 */

/** One navigation module as the admins' list shows it. */
export const ZHubModuleSetting = z.object({
  id: ZModuleId,
  /** The tab's name (spec 3 Active module item name). */
  name: z.string(),
  link: z.string(),
  isOn: z.boolean(),
  /** Home is every hub's first page: it is always on. */
  isRequired: z.boolean(),
  /** What else the tab needs to show (e.g. Career Paths needs its feature flag), else null. */
  note: z.string().nullable(),
});
export type THubModuleSetting = z.infer<typeof ZHubModuleSetting>;
export const ZHubModulesResponse = z.object({ modules: z.array(ZHubModuleSetting) });
export type THubModulesResponse = z.infer<typeof ZHubModulesResponse>;

/** Message when a module list does not name every module exactly once. */
export const MODULE_LIST_INCOMPLETE = 'List every module exactly once, in the order members see them.';
/** Message when Home is turned off. */
export const HOME_MODULE_REQUIRED = 'Home is always on.';

/** Every module exactly once, in the new order, each on or off (PUT /api/admin/modules). */
export const ZUpdateHubModulesRequest = z.object({
  modules: z
    .array(z.object({ id: ZModuleId, isOn: z.boolean() }))
    .max(MODULE_IDS.length)
    .superRefine((modules, ctx) => {
      const ids = new Set<TModuleId>(modules.map((m) => m.id));
      if (ids.size !== modules.length || ids.size !== MODULE_IDS.length) {
        ctx.addIssue({ code: 'custom', message: MODULE_LIST_INCOMPLETE });
      }
      const homeIndex = modules.findIndex((m) => m.id === 'home');
      if (homeIndex >= 0 && modules[homeIndex]?.isOn === false) {
        ctx.addIssue({ code: 'custom', path: [homeIndex, 'isOn'], message: HOME_MODULE_REQUIRED });
      }
    }),
});
export type TUpdateHubModulesRequest = z.infer<typeof ZUpdateHubModulesRequest>;

/** A brand colour: refused below 4.5:1 against white with its ratio in the message (spec 5 Colour). */
export const ZBrandColor = z
  .string()
  .trim()
  .max(40)
  .superRefine((color, ctx) => {
    const problem = brandColorProblem(color);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An image of the hub: an uploaded image's URL (the server checks it is this hub's and at most 120 kB). */
export const ZBrandImageUrl = z.string().max(300);

/** The brand as saved (PUT /api/admin/branding); null clears a field (the app's default then applies). */
export const ZUpdateHubBrandingRequest = z.object({
  primaryColor: ZBrandColor.nullable(),
  secondaryColor: ZBrandColor.nullable(),
  logoUrl: ZBrandImageUrl.nullable(),
  bannerImageUrl: ZBrandImageUrl.nullable(),
});
export type TUpdateHubBrandingRequest = z.infer<typeof ZUpdateHubBrandingRequest>;
export const ZHubBrandingResponse = z.object({ branding: ZHubBranding });
export type THubBrandingResponse = z.infer<typeof ZHubBrandingResponse>;

/** Logo and banner images: at most 120 kB (spec 5 Banner images), the limit the action items' banners use. */
export const BRAND_IMAGE_MAX_BYTES = 120 * 1024;
export const BRAND_IMAGE_TOO_LARGE = 'The image must be 120 kB or smaller.';
export const BRAND_IMAGE_UNKNOWN = 'Upload the image again: it is not one of this hub’s images.';

/** The signup settings of a hub (GET and PUT /api/admin/signup-settings). */
export const ZSignupSettings = z.object({
  /** Whether visitors may sign up to the hub themselves (spec 3 coreSettings). */
  isStandardSignupEnabled: z.boolean(),
  /** The signup methods (spec 5 Signup methods) offered on the hub's signup page. */
  signupMethods: z.array(
    z.object({
      method: ZSignupMethod,
      isShown: z.boolean(),
      /** Whether Commons offers the method in this hub today (email; the others need the cluster's sign-in providers). */
      isAvailable: z.boolean(),
    }),
  ),
  /** New members wait for an admin's approval (else every sign-up is approved at once). */
  isApprovalRequired: z.boolean(),
  /** Per user type: its sign-ups are approved at once even when approval is required. */
  userTypes: z.array(z.object({ id: ZId, title: z.string(), isAutoApproved: z.boolean() })),
  /** Profile fields the signup steps require. */
  requiredFields: z.array(ZSignupRequiredField),
});
export type TSignupSettings = z.infer<typeof ZSignupSettings>;

/** Message when every signup method is hidden while sign-up is open. */
export const NO_SIGNUP_METHOD = 'Show at least one signup method, or turn sign-up off.';

export const ZUpdateSignupSettingsRequest = z
  .object({
    isStandardSignupEnabled: z.boolean(),
    hiddenSignupMethods: z.array(ZSignupMethod).max(4),
    isApprovalRequired: z.boolean(),
    autoApprovedUserTypeIds: z.array(ZId).max(100),
    requiredFields: z.array(ZSignupRequiredField).max(4),
  })
  .superRefine((body, ctx) => {
    if (body.isStandardSignupEnabled && new Set(body.hiddenSignupMethods).has('email')) {
      ctx.addIssue({ code: 'custom', path: ['hiddenSignupMethods'], message: NO_SIGNUP_METHOD });
    }
  });
export type TUpdateSignupSettingsRequest = z.infer<typeof ZUpdateSignupSettingsRequest>;

/** Labels of the required fields, as the signup steps name them. */
export const SIGNUP_REQUIRED_FIELD_LABELS: Record<z.infer<typeof ZSignupRequiredField>, string> = {
  headline: 'Headline',
  location: 'Location',
  schools: 'A school',
  workHistory: 'A work history entry',
};

/** Hub settings endpoints of Site administration (issue #22 item 1). */
export const HUB_ADMIN_SETTINGS_ENDPOINTS = {
  modules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/modules',
    operationId: 'getHubModules',
    summary: 'The hub’s navigation modules in order, each on or off (branding-settings)',
    tag: 'admin',
    response: ZHubModulesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateModules: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/modules',
    operationId: 'updateHubModules',
    summary: 'Turn the hub’s navigation modules on or off and reorder them (branding-settings)',
    description:
      'Every module exactly once in the new order; Home stays on. A module turned off leaves members’ tabs ' +
      'and its pages answer as unavailable. Audited with the order and modules before and after.',
    tag: 'admin',
    body: ZUpdateHubModulesRequest,
    response: ZHubModulesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  branding: defineEndpoint({
    method: 'GET',
    path: '/api/admin/branding',
    operationId: 'getHubBranding',
    summary: 'The hub’s colours, logo and banner image (branding-settings)',
    tag: 'admin',
    response: ZHubBrandingResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateBranding: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/branding',
    operationId: 'updateHubBranding',
    summary: 'Save the hub’s colours, logo and banner image (branding-settings)',
    description:
      'Colours must be opaque with a contrast ratio of at least 4.5:1 against white (the ratio is in the ' +
      'message); logo and banner are images uploaded to this hub of at most 120 kB. Audited before/after.',
    tag: 'admin',
    body: ZUpdateHubBrandingRequest,
    response: ZHubBrandingResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  signupSettings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/signup-settings',
    operationId: 'getSignupSettings',
    summary:
      'The hub’s signup methods, approval, auto-approval per user type and required fields (signup-settings)',
    tag: 'admin',
    response: ZSignupSettings,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateSignupSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/signup-settings',
    operationId: 'updateSignupSettings',
    summary: 'Save the hub’s signup settings (signup-settings)',
    description:
      'Signup methods shown, whether new members wait for approval, the user types approved at once and ' +
      'the profile fields the signup steps require. Audited with the settings before and after.',
    tag: 'admin',
    body: ZUpdateSignupSettingsRequest,
    response: ZSignupSettings,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
