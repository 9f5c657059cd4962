import {
  DEFAULT_PLEDGE_CURRENCY,
  PLEDGE_AMOUNT_MAX_MINOR,
  PLEDGE_DESIGNATION_MAX_LENGTH,
  PLEDGE_DESIGNATIONS_MAX,
  PLEDGE_FREQUENCIES,
} from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage } from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';
import { ZBanner } from './hub.js';

export const ZPledgeFrequency = z.enum(PLEDGE_FREQUENCIES);

/**
 * The hub's giving options besides the spec 3 settings isDonationsEnabled and homepageDonationBanner,
 * stored in hub settings `moduleSettings.giving`: the designations a pledge picks from (none: the donor may
 * name any, or leave it to the school) and the currency of the pledges. Parsed leniently: malformed counts
 * as none.
 */
export const ZGivingSetting = z.object({
  designations: z.array(z.string()).default([]),
  currency: z.string().length(3).default(DEFAULT_PLEDGE_CURRENCY),
});
export type TGivingSetting = z.infer<typeof ZGivingSetting>;

/** A pledge as its donor sees it. Amounts are integer minor units (cents) of `currency`. */
export const ZPledge = z.object({
  id: ZId,
  amountMinor: z.number().int(),
  currency: z.string(),
  designation: z.string().nullable(),
  isRecurring: z.boolean(),
  frequency: ZPledgeFrequency.nullable(),
  isAnonymous: z.boolean(),
  note: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TPledge = z.infer<typeof ZPledge>;

/** The hub's giving page for the viewer (GET /api/giving). */
export const ZGivingPage = z.object({
  /** The hub takes donations (spec 3 Hub settings isDonationsEnabled). */
  isEnabled: z.boolean(),
  /**
   * The hub's giving form feature is on (spec 6 Feature flags per hub 'giving form'). When off, nobody pledges
   * through Commons: the page leads to the school's payment page instead.
   */
  isFormEnabled: z.boolean(),
  /**
   * The viewer may pledge: donations are on, the giving form feature is on and their user type has the giving
   * form (spec 3 givingForm).
   */
  mayGive: z.boolean(),
  /** The hub's donation banner (spec 3 Banner), when it has one. */
  banner: ZBanner.nullable(),
  /** The school's payment page a pledge is completed on (the banner's giveCampusURL), an http(s) URL. */
  paymentUrl: z.string().nullable(),
  currency: z.string(),
  /** The designations to pick from; empty: free text (or none, "where it is needed most"). */
  designations: z.array(z.string()),
  /** The viewer's own pledges in the hub, newest first (at most 20). */
  pledges: z.array(ZPledge),
  can: z.object({ manage: z.boolean() }),
});
export type TGivingPage = z.infer<typeof ZGivingPage>;

export const PLEDGE_AMOUNT_MESSAGE = 'Enter an amount greater than 0.';
export const PLEDGE_AMOUNT_MAX_MESSAGE = 'Enter an amount of at most 1,000,000.';
export const PLEDGE_FREQUENCY_MESSAGE = 'Choose how often you give.';

/**
 * A pledge (POST /api/giving/pledges). `frequency` is required when `isRecurring` and ignored otherwise;
 * `designation` must be one of the hub's when it lists some (checked by the server).
 */
export const ZCreatePledgeRequest = z
  .object({
    amountMinor: z
      .number({ error: PLEDGE_AMOUNT_MESSAGE })
      .int(PLEDGE_AMOUNT_MESSAGE)
      .min(1, PLEDGE_AMOUNT_MESSAGE)
      .max(PLEDGE_AMOUNT_MAX_MINOR, PLEDGE_AMOUNT_MAX_MESSAGE),
    designation: singleLineText()
      .max(
        PLEDGE_DESIGNATION_MAX_LENGTH,
        `Keep the designation to ${PLEDGE_DESIGNATION_MAX_LENGTH} characters.`,
      )
      .nullable()
      .transform((value) => (value === '' ? null : value)),
    isRecurring: z.boolean(),
    frequency: ZPledgeFrequency.nullable(),
    isAnonymous: z.boolean(),
    note: multiLineText()
      .max(1000, 'Keep the note to 1000 characters.')
      .nullable()
      .transform((value) => (value === '' ? null : value)),
  })
  .superRefine((pledge, context) => {
    if (pledge.isRecurring && pledge.frequency === null)
      context.addIssue({ code: 'custom', path: ['frequency'], message: PLEDGE_FREQUENCY_MESSAGE });
  });
export type TCreatePledgeRequest = z.input<typeof ZCreatePledgeRequest>;

export const ZCreatePledgeResponse = z.object({
  pledge: ZPledge,
  /** Where the donor completes the gift (opened in a new tab); null when the hub set no payment page. */
  paymentUrl: z.string().nullable(),
});
export type TCreatePledgeResponse = z.infer<typeof ZCreatePledgeResponse>;

/**
 * A pledge in the admin list. Admins holding the donations right see the donor even of an anonymous pledge:
 * the gift office needs it for receipts and to leave the donor out of published donor lists; `isAnonymous`
 * tells them to. Nobody else sees another member's pledges.
 */
export const ZAdminPledge = ZPledge.extend({
  donor: z.object({ id: ZId, name: z.string(), email: z.string() }),
});
export type TAdminPledge = z.infer<typeof ZAdminPledge>;
export const ZAdminPledgesPage = zPage(ZAdminPledge);
export type TAdminPledgesPage = z.infer<typeof ZAdminPledgesPage>;

/** An image uploaded through the rich-text image endpoint, like the action items' banner images. */
const ZBannerImageUrl = z.string().max(2000).nullable();

/** The hub's giving settings as its donation admins edit them. */
export const ZGivingSettings = z.object({
  isDonationsEnabled: z.boolean(),
  banner: ZBanner.nullable(),
  designations: z.array(z.string()),
  currency: z.string(),
});
export type TGivingSettings = z.infer<typeof ZGivingSettings>;

/**
 * Edits of the giving settings (PUT /api/giving/settings): isDonationsEnabled, the spec 3 Banner
 * (bannerImage an image uploaded to this hub of at most 120 kB, or the one already set), the designations
 * and the currency (ISO 4217).
 */
export const ZUpdateGivingSettingsRequest = z.object({
  isDonationsEnabled: z.boolean(),
  banner: z
    .object({
      title: singleLineText().min(1, 'Enter a title.').max(200, 'Keep the title to 200 characters.'),
      description: multiLineText().max(1000, 'Keep the description to 1000 characters.'),
      bannerImage: ZBannerImageUrl,
      giveCampusURL: webUrl('Enter the payment page address, starting with http:// or https://.').nullable(),
      linkLabel: singleLineText().max(100, 'Keep the button label to 100 characters.'),
    })
    .nullable(),
  designations: z
    .array(
      singleLineText()
        .min(1, 'Enter the designation or remove it.')
        .max(
          PLEDGE_DESIGNATION_MAX_LENGTH,
          `Keep each designation to ${PLEDGE_DESIGNATION_MAX_LENGTH} characters.`,
        ),
    )
    .max(PLEDGE_DESIGNATIONS_MAX, `List at most ${PLEDGE_DESIGNATIONS_MAX} designations.`)
    .refine((list) => new Set(list).size === list.length, 'List each designation once.'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code, such as USD.')
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'Enter a known currency code.'),
});
export type TUpdateGivingSettingsRequest = z.input<typeof ZUpdateGivingSettingsRequest>;

const MEMBER = { auth: 'required', hub: 'required', tag: 'hubs' } as const;

/** Giving endpoints (issue #18 item 6; spec 3 givingForm, isDonationsEnabled, homepageDonationBanner, Banner). */
export const GIVING_ENDPOINTS = {
  page: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/giving',
    operationId: 'getGivingPage',
    summary: 'The hub’s giving page: banner, payment page, designations and my pledges',
    response: ZGivingPage,
    errors: [400, 401, 403, 404],
  }),
  pledge: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/giving/pledges',
    operationId: 'createPledge',
    summary: 'Pledge a gift (members whose user type has the giving form)',
    description:
      'Records the pledge and emails the donor a thank-you; no card is processed: the answer carries the ' +
      'school’s payment page, where the donor completes the gift. An anonymous pledge is hidden from everyone ' +
      'but the donor and the hub’s donations admins.',
    body: ZCreatePledgeRequest,
    response: ZCreatePledgeResponse,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  pledges: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/giving/pledges',
    operationId: 'listPledges',
    summary: 'The hub’s pledges, newest first (hub admins with the donations right)',
    description:
      'Donations admins see the donor of every pledge, anonymous ones included (receipts); isAnonymous marks ' +
      'those to leave out of any published donor list.',
    query: ZPageQuery,
    response: ZAdminPledgesPage,
    errors: [400, 401, 403, 404],
  }),
  pledgesCsv: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/giving/pledges.csv',
    operationId: 'exportPledges',
    summary: 'Every pledge of the hub as CSV (hub admins with the donations right)',
    response: null,
    produces: ['text/csv'],
    errors: [401, 403, 404],
  }),
  settings: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/giving/settings',
    operationId: 'getGivingSettings',
    summary: 'The hub’s giving settings (hub admins with the donations right)',
    response: ZGivingSettings,
    errors: [401, 403, 404],
  }),
  updateSettings: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/giving/settings',
    operationId: 'updateGivingSettings',
    summary: 'Edit the hub’s giving settings (hub admins with the donations right)',
    body: ZUpdateGivingSettingsRequest,
    response: ZGivingSettings,
    errors: [400, 401, 403, 404],
  }),
};
