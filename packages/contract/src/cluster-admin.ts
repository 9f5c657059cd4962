import { isPrivateHost, isValidUrl } from '@commons/domain';
import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZRichTextInput } from './rich-text.js';

/**
 * The cluster admin console (issue #23 item 2; spec 6 cluster-level groups): the cluster's hubs and their admins,
 * the public landing page, the email sender and SMTP override, and the majors catalogue. Cluster admins of the
 * request's cluster and super admins only; every write is audited.
 */

/** One admin of a hub: a membership holding admin rights there. */
export const ZClusterHubAdmin = z.object({
  userId: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** How many hub access rights the admin holds there. */
  rightCount: z.number().int(),
  /** Super and cluster admins pass every rights check whatever they hold in the hub (spec 6). */
  level: z.enum(['superAdmin', 'clusterAdmin', 'hubAdmin']),
});
export type TClusterHubAdmin = z.infer<typeof ZClusterHubAdmin>;

export const ZClusterHub = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  /** The hub's admins, by name; at most CLUSTER_HUB_ADMINS_SHOWN of them (adminCount says how many there are). */
  admins: z.array(ZClusterHubAdmin),
  adminCount: z.number().int(),
});
export type TClusterHub = z.infer<typeof ZClusterHub>;

/** Admins listed per hub in the console; the hub's own Manage admins page lists them all. */
export const CLUSTER_HUB_ADMINS_SHOWN = 20;

export const ZClusterHubPage = zPage(ZClusterHub);
export type TClusterHubPage = z.infer<typeof ZClusterHubPage>;

/** The cluster's public root page. */
export const ZLandingPage = z.object({
  title: z.string(),
  /** Sanitised rich text (the rich-text rules of every other body). */
  bodyHtml: z.string(),
  callToAction: z.object({ label: z.string(), url: z.string() }).nullable(),
  updatedAt: ZIsoDateTime,
});
export type TLandingPage = z.infer<typeof ZLandingPage>;

/** The landing page when the cluster has one, else null (the default page is shown). */
export const ZLandingPageAnswer = z.object({ landingPage: ZLandingPage.nullable() });
export type TLandingPageAnswer = z.infer<typeof ZLandingPageAnswer>;

const SITE_PATH_MESSAGE =
  'Enter a path of this site starting with / or a web address starting with https://.';
/** A path of this site (e.g. /signup: one leading slash, no scheme or host) or a public web address (spec 5 URL). */
const ZCallToActionUrl = z
  .string()
  .trim()
  .max(2048, SITE_PATH_MESSAGE)
  .refine((value) => /^\/(?![/\\])[^\s]*$/.test(value) || isValidUrl(value), SITE_PATH_MESSAGE);

export const ZUpdateLandingPageRequest = z.object({
  title: singleLineText().min(1, 'Enter a title.').max(120, 'Use at most 120 characters.'),
  body: ZRichTextInput,
  callToAction: z
    .object({
      label: singleLineText().min(1, 'Enter the button text.').max(40, 'Use at most 40 characters.'),
      url: ZCallToActionUrl,
    })
    .nullable(),
});
export type TUpdateLandingPageRequest = z.input<typeof ZUpdateLandingPageRequest>;

const SMTP_URL_MESSAGE =
  'Enter an SMTP address such as smtps://user:password@smtp.example.com:465 (a public host).';

/** An SMTP transport URL (smtp:// or smtps://) on a public host. */
export function isPublicSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\/[^\s]+$/i.test(value) || !URL.canParse(value)) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host !== '' && !isPrivateHost(host);
}

const ZSmtpUrl = z.string().trim().max(2048, SMTP_URL_MESSAGE).refine(isPublicSmtpUrl, SMTP_URL_MESSAGE);

/** The cluster's email settings as admins see them: the SMTP URL is never answered, only whether it is set. */
export const ZClusterEmailSettings = z.object({
  senderName: z.string().nullable(),
  senderAddress: z.string().nullable(),
  isSmtpUrlSet: z.boolean(),
  updatedAt: ZIsoDateTime.nullable(),
});
export type TClusterEmailSettings = z.infer<typeof ZClusterEmailSettings>;

/**
 * Sender name and address (empty for the platform default); smtpUrl is write-only: absent keeps the current
 * one, null removes it, a URL replaces it.
 */
export const ZUpdateClusterEmailSettingsRequest = z.object({
  senderName: singleLineText()
    .max(100, 'Use at most 100 characters.')
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  senderAddress: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Use at most 254 characters.')
    .refine((value) => value === '' || z.string().email().safeParse(value).success, 'Enter an email address.')
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  smtpUrl: ZSmtpUrl.nullable().optional(),
});
export type TUpdateClusterEmailSettingsRequest = z.input<typeof ZUpdateClusterEmailSettingsRequest>;

/** Most majors one cluster's catalogue holds. */
export const CLUSTER_MAJORS_MAX = 500;

export const ZMajor = z.object({
  id: ZId,
  name: z.string(),
  position: z.number().int(),
  isArchived: z.boolean(),
});
export type TMajor = z.infer<typeof ZMajor>;

export const ZMajorList = z.object({ items: z.array(ZMajor) });
export type TMajorList = z.infer<typeof ZMajorList>;

const ZMajorName = singleLineText().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
export const ZCreateMajorRequest = z.object({ name: ZMajorName });
export type TCreateMajorRequest = z.input<typeof ZCreateMajorRequest>;

export const ZUpdateMajorRequest = z
  .object({ name: ZMajorName.optional(), isArchived: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.isArchived !== undefined, 'Nothing to change.');
export type TUpdateMajorRequest = z.input<typeof ZUpdateMajorRequest>;

/** The catalogue's new order: every major's id once, first to last. */
export const ZReorderMajorsRequest = z.object({
  ids: z
    .array(ZUuid)
    .min(1)
    .max(CLUSTER_MAJORS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each major once.'),
});
export type TReorderMajorsRequest = z.input<typeof ZReorderMajorsRequest>;

/** The active majors of the cluster, in catalogue order (profiles and onboarding suggest them). */
export const ZMajorCatalogue = z.object({ items: z.array(z.object({ id: ZId, name: z.string() })) });
export type TMajorCatalogue = z.infer<typeof ZMajorCatalogue>;

/** Cluster-wide: no hub is read, so audit entries belong to the cluster rather than to whichever hub was open. */
const ADMIN = { auth: 'required', hub: 'none', tag: 'admin' } as const;
const ZMajorParams = z.object({ id: ZUuid });

export const CLUSTER_ADMIN_ENDPOINTS = {
  hubs: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/hubs',
    operationId: 'listClusterHubs',
    summary: "Cluster and super admins: the cluster's hubs, each with its admins",
    query: ZPageQuery,
    response: ZClusterHubPage,
    errors: [400, 401, 403],
  }),
  landingPage: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/landing-page',
    operationId: 'getClusterLandingPageSettings',
    summary: "Cluster and super admins: the cluster's landing page, or null for the default one",
    response: ZLandingPageAnswer,
    errors: [401, 403],
  }),
  updateLandingPage: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/cluster/landing-page',
    operationId: 'updateClusterLandingPage',
    summary: "Sets the cluster's landing page (the body is sanitised)",
    body: ZUpdateLandingPageRequest,
    response: ZLandingPage,
    errors: [400, 401, 403],
  }),
  removeLandingPage: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/cluster/landing-page',
    operationId: 'removeClusterLandingPage',
    summary: 'Goes back to the default landing page',
    response: null,
    status: 204,
    errors: [401, 403],
  }),
  emailSettings: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/email-settings',
    operationId: 'getClusterEmailSettings',
    summary: "The cluster's mail sender and whether an SMTP override is set (never the override itself)",
    response: ZClusterEmailSettings,
    errors: [401, 403],
  }),
  updateEmailSettings: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/cluster/email-settings',
    operationId: 'updateClusterEmailSettings',
    summary: "Sets the cluster's mail sender; the SMTP override is write-only",
    body: ZUpdateClusterEmailSettingsRequest,
    response: ZClusterEmailSettings,
    errors: [400, 401, 403],
  }),
  majors: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/majors',
    operationId: 'listClusterMajors',
    summary: "The cluster's majors catalogue in order, archived ones included (at most 500)",
    response: ZMajorList,
    errors: [401, 403],
  }),
  createMajor: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/cluster/majors',
    operationId: 'createClusterMajor',
    summary: 'Adds a major at the end of the catalogue',
    body: ZCreateMajorRequest,
    response: ZMajor,
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  updateMajor: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/cluster/majors/:id',
    operationId: 'updateClusterMajor',
    summary: 'Renames a major, or archives or restores it',
    params: ZMajorParams,
    body: ZUpdateMajorRequest,
    response: ZMajor,
    errors: [400, 401, 403, 404, 409],
  }),
  reorderMajors: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/cluster/majors/order',
    operationId: 'reorderClusterMajors',
    summary: "Sets the catalogue's order (every major's id once)",
    body: ZReorderMajorsRequest,
    response: ZMajorList,
    errors: [400, 401, 403],
  }),
};

/** What any visitor of the cluster reads. */
export const CLUSTER_PUBLIC_ENDPOINTS = {
  landingPage: defineEndpoint({
    auth: 'optional',
    hub: 'none',
    tag: 'hubs',
    method: 'GET',
    path: '/api/cluster/landing-page',
    operationId: 'getClusterLandingPage',
    summary: "The cluster's landing page for `/`, or null for the default one",
    response: ZLandingPageAnswer,
    // A token of another cluster is refused even here.
    errors: [401],
  }),
  majors: defineEndpoint({
    auth: 'optional',
    hub: 'none',
    tag: 'hubs',
    method: 'GET',
    path: '/api/cluster/majors',
    operationId: 'getClusterMajorCatalogue',
    summary: "The cluster's active majors in catalogue order (suggested in profiles and onboarding)",
    response: ZMajorCatalogue,
    // A token of another cluster is refused even here.
    errors: [401],
  }),
};
