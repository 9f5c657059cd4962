import { ASSESSMENT_LIMITS, ASSESSMENT_SLUG_PATTERN } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, ZUuid } from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The career assessment integration (issue #20 item 4): a hub's external assessments ('PathwayU' by default),
 * launched with a short-lived signed token, their results delivered to a signed webhook and shown on the profile.
 */

/** Slugs the API's own paths take; an assessment may not use them. */
export const RESERVED_ASSESSMENT_SLUGS = ['admin', 'results', 'demo-provider'] as const;
export const ASSESSMENT_SLUG_MESSAGE = 'Use lower-case letters, digits and hyphens, like pathwayu.';
export const ASSESSMENT_SLUG_RESERVED_MESSAGE = 'This address is used by Commons; choose another.';
export const ASSESSMENT_SLUG_TAKEN_MESSAGE = 'Another assessment of this hub has this address.';
export const ASSESSMENT_SECRET_MESSAGE = `The shared secret has ${ASSESSMENT_LIMITS.secretMin} to ${ASSESSMENT_LIMITS.secretMax} characters.`;

/** One match of a result (a career, a field), with its score when the provider gives one (0–100). */
export const ZAssessmentMatch = z.object({
  title: z.string(),
  score: z.number().nullable(),
});

/** A member's result of an assessment as the profile shows it. */
export const ZAssessmentResult = z.object({
  id: ZId,
  assessmentId: ZId,
  assessmentName: z.string(),
  assessmentSlug: z.string(),
  summary: z.string(),
  matches: z.array(ZAssessmentMatch),
  completedAt: ZIsoDateTime,
});
export type TAssessmentResult = z.infer<typeof ZAssessmentResult>;

/** An assessment as members see it: what it is and their latest result. */
export const ZAssessmentCard = z.object({
  id: ZId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  latestResult: ZAssessmentResult.nullable(),
});
export type TAssessmentCard = z.infer<typeof ZAssessmentCard>;

export const ZAssessmentsResponse = z.object({
  /** The tab's name ('PathwayU' unless the hub renamed it). */
  tabName: z.string(),
  items: z.array(ZAssessmentCard),
  can: z.object({ manage: z.boolean() }),
});
export type TAssessmentsResponse = z.infer<typeof ZAssessmentsResponse>;

export const ZAssessmentSlugParams = z.object({ slug: z.string().min(1).max(ASSESSMENT_LIMITS.slugMax) });
export const ZAssessmentIdParams = z.object({ id: ZUuid });

/** The address to open: the provider's launch URL with the signed token, valid until expiresAt. */
export const ZAssessmentLaunchResponse = z.object({ launchUrl: z.string(), expiresAt: ZIsoDateTime });
export type TAssessmentLaunchResponse = z.infer<typeof ZAssessmentLaunchResponse>;

export const ZAssessmentResultsQuery = z.object({ userId: ZUuid.optional() });
export const ZAssessmentResultsResponse = z.object({ items: z.array(ZAssessmentResult) });
export type TAssessmentResultsResponse = z.infer<typeof ZAssessmentResultsResponse>;

/**
 * The claims of a launch token (HS256 under the assessment's shared secret): who (`sub`, names), where (hub),
 * which launch (`jti`, sent back with the results), where to post the results and where to send the member back.
 */
export const ZAssessmentLaunchClaims = z.object({
  iss: z.string(),
  aud: z.string(),
  sub: z.string(),
  jti: z.string(),
  iat: z.number(),
  exp: z.number(),
  hub: z.object({ id: z.string(), identifier: z.string(), name: z.string() }),
  firstName: z.string(),
  lastName: z.string(),
  assessment: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  resultsUrl: z.string(),
  returnUrl: z.string(),
});
export type TAssessmentLaunchClaims = z.infer<typeof ZAssessmentLaunchClaims>;

/** The results a provider posts to the webhook (signed; see ASSESSMENT_WEBHOOK_HEADERS of the domain). */
export const ZAssessmentWebhookBody = z.object({
  /** Unique per delivery: a delivery id seen before is refused as a replay. */
  deliveryId: z.string().min(1).max(ASSESSMENT_LIMITS.deliveryIdMax),
  /** The launch token's jti. */
  launchId: ZUuid,
  completedAt: ZIsoDateTime,
  summary: multiLineText().max(ASSESSMENT_LIMITS.summaryMax).default(''),
  matches: z
    .array(
      z.object({
        title: singleLineText().min(1).max(ASSESSMENT_LIMITS.matchTitleMax),
        score: z.number().min(0).max(100).nullable().default(null),
      }),
    )
    .max(ASSESSMENT_LIMITS.matchesMax)
    .default([]),
});
export type TAssessmentWebhookBody = z.input<typeof ZAssessmentWebhookBody>;
export const ZAssessmentWebhookResponse = z.object({ resultId: ZId });

// ---- Admin (hub admins with manage-career-paths) ----

/** An assessment as its admins see it; the shared secret is never sent back, only whether one is set. */
export const ZAdminAssessment = z.object({
  id: ZId,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  launchUrl: z.string(),
  /** Where the provider posts results. */
  webhookUrl: z.string(),
  hasSecret: z.literal(true),
  isActive: z.boolean(),
  resultCount: z.number().int(),
  updatedAt: ZIsoDateTime,
});
export type TAdminAssessment = z.infer<typeof ZAdminAssessment>;
export const ZAdminAssessmentsResponse = z.object({ tabName: z.string(), items: z.array(ZAdminAssessment) });
export type TAdminAssessmentsResponse = z.infer<typeof ZAdminAssessmentsResponse>;

const ZSlug = z
  .string()
  .trim()
  .min(1, ASSESSMENT_SLUG_MESSAGE)
  .max(ASSESSMENT_LIMITS.slugMax, ASSESSMENT_SLUG_MESSAGE)
  .regex(ASSESSMENT_SLUG_PATTERN, ASSESSMENT_SLUG_MESSAGE)
  .refine(
    (slug) => !(RESERVED_ASSESSMENT_SLUGS as readonly string[]).includes(slug),
    ASSESSMENT_SLUG_RESERVED_MESSAGE,
  );
const ZSecret = z
  .string()
  .min(ASSESSMENT_LIMITS.secretMin, ASSESSMENT_SECRET_MESSAGE)
  .max(ASSESSMENT_LIMITS.secretMax, ASSESSMENT_SECRET_MESSAGE);
const ZName = singleLineText().min(1, 'Enter a name.').max(ASSESSMENT_LIMITS.nameMax);

export const ZCreateAssessmentRequest = z.object({
  name: ZName,
  slug: ZSlug,
  description: multiLineText().max(ASSESSMENT_LIMITS.descriptionMax).default(''),
  launchUrl: webUrl(),
  sharedSecret: ZSecret,
  isActive: z.boolean().default(true),
});
export type TCreateAssessmentRequest = z.input<typeof ZCreateAssessmentRequest>;

/** Fields left out stay; a new shared secret replaces the old one. */
export const ZUpdateAssessmentRequest = z.object({
  name: ZName.optional(),
  slug: ZSlug.optional(),
  description: multiLineText().max(ASSESSMENT_LIMITS.descriptionMax).optional(),
  launchUrl: webUrl().optional(),
  sharedSecret: ZSecret.optional(),
  isActive: z.boolean().optional(),
});
export type TUpdateAssessmentRequest = z.input<typeof ZUpdateAssessmentRequest>;

export const ZAssessmentSettingsRequest = z.object({
  tabName: singleLineText().min(1, 'Enter a tab name.').max(40),
});
export type TAssessmentSettingsRequest = z.input<typeof ZAssessmentSettingsRequest>;

/** The demo provider's pages (the demo's assessment is served by the demo server itself). */
export const ASSESSMENT_DEMO_PROVIDER_PATH = '/api/assessments/demo-provider';
export const ZDemoProviderQuery = z.object({ token: z.string().max(4096).optional() });
export const ZDemoProviderFinishBody = z.object({
  token: z.string().min(1).max(4096),
  interest: z.enum(['people', 'ideas', 'things', 'data']).default('people'),
  action: z.enum(['finish', 'cancel']).default('finish'),
});

const MEMBER = { auth: 'required', hub: 'required', tag: 'assessments' } as const;

/** Career assessment endpoints of members. */
export const ASSESSMENT_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/assessments',
    operationId: 'listAssessments',
    summary: 'The hub’s active assessments with my latest result of each, and the tab’s name',
    response: ZAssessmentsResponse,
    errors: [401, 403, 404],
  }),
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/assessments/:slug',
    operationId: 'getAssessment',
    summary: 'One active assessment ({hubPath}/career-assessment/{assessmentSlug}) with my latest result',
    params: ZAssessmentSlugParams,
    response: ZAssessmentCard,
    errors: [400, 401, 403, 404],
  }),
  launch: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/assessments/:slug',
    operationId: 'launchAssessment',
    summary: 'Starts an assessment: the provider’s address with a signed token valid for 10 minutes',
    params: ZAssessmentSlugParams,
    response: ZAssessmentLaunchResponse,
    errors: [400, 401, 403, 404],
  }),
  results: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/assessments/results',
    operationId: 'listAssessmentResults',
    summary: 'A member’s latest result of each assessment of the hub (their profile): the member and admins',
    query: ZAssessmentResultsQuery,
    response: ZAssessmentResultsResponse,
    errors: [400, 401, 403, 404],
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/assessments/:id/results',
    operationId: 'receiveAssessmentResults',
    summary: 'The provider’s results of a launch (HMAC-SHA256 of `{timestamp}.{raw body}`, 5 minutes, once)',
    description:
      'Headers `x-commons-timestamp` (Unix seconds) and `x-commons-signature: v1={hex HMAC-SHA256 of ' +
      '"{timestamp}.{raw body}" under the shared secret}`. A timestamp more than 5 minutes away is refused (401), ' +
      'a delivery id received before is refused (409). Completes the complete_pathwayu_assessment action item.',
    tag: 'assessments',
    params: ZAssessmentIdParams,
    body: ZAssessmentWebhookBody,
    response: ZAssessmentWebhookResponse,
    status: 201,
    errors: [400, 401, 404, 409],
    auth: 'public',
    hub: 'none',
  }),
} as const;

/** The demo provider (development demo only): its launch page and its Finish button. */
export const ASSESSMENT_DEMO_ENDPOINTS = {
  page: defineEndpoint({
    method: 'GET',
    path: ASSESSMENT_DEMO_PROVIDER_PATH,
    operationId: 'getDemoAssessmentProvider',
    summary: 'The demo assessment’s launch page: the token’s claims and a Finish button',
    tag: 'assessments',
    query: ZDemoProviderQuery,
    response: null,
    produces: ['text/html'],
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
  finish: defineEndpoint({
    method: 'POST',
    path: `${ASSESSMENT_DEMO_PROVIDER_PATH}/finish`,
    operationId: 'finishDemoAssessment',
    summary: 'Posts signed results of the demo assessment to the webhook and sends the member back',
    tag: 'assessments',
    body: ZDemoProviderFinishBody,
    consumes: 'application/x-www-form-urlencoded',
    response: null,
    status: 201,
    produces: ['text/html'],
    errors: [400, 401, 404, 409],
    auth: 'public',
    hub: 'none',
  }),
} as const;

const ADMIN = { auth: 'required', hub: 'required', tag: 'assessments' } as const;

/** Assessment configuration (hub admins with manage-career-paths). */
export const ASSESSMENT_ADMIN_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/assessments',
    operationId: 'listAdminAssessments',
    summary: 'The hub’s assessments with launch and webhook addresses (never the shared secret)',
    response: ZAdminAssessmentsResponse,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/assessments',
    operationId: 'createAssessment',
    summary: 'Configures an external assessment (name, slug, launch URL, shared secret)',
    body: ZCreateAssessmentRequest,
    response: ZAdminAssessment,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/assessments/:id',
    operationId: 'updateAssessment',
    summary: 'Changes an assessment; a new shared secret replaces the old one',
    params: ZAssessmentIdParams,
    body: ZUpdateAssessmentRequest,
    response: ZAdminAssessment,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/assessments/:id',
    operationId: 'deleteAssessment',
    summary: 'Removes an assessment and its results',
    params: ZAssessmentIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  settings: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/assessments/settings',
    operationId: 'updateAssessmentSettings',
    summary: 'Renames the assessments’ tab (PathwayU by default)',
    body: ZAssessmentSettingsRequest,
    response: ZAdminAssessmentsResponse,
    errors: [400, 401, 403, 404],
  }),
} as const;
