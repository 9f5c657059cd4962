import { WEBHOOK_EVENT_TYPES } from '@commons/domain';
import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Outgoing webhooks (issue #23 item 3; spec 6 cluster-level group webhook-settings): cluster admins subscribe a
 * URL to events of the catalogue; every delivery is signed in the Standard Webhooks format with the
 * subscription's secret (shown once), retried with exponential backoff for 24 hours, and logged.
 */

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

const URL_MESSAGE = 'Enter a web address starting with http:// or https://.';
/** The target: http(s) and at most 2048 characters here; the server's guard refuses private addresses. */
const ZWebhookUrl = z
  .string()
  .trim()
  .max(2048, URL_MESSAGE)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), URL_MESSAGE);
const ZWebhookEvents = z
  .array(ZWebhookEventType)
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const ZCreateWebhookRequest = z.object({ url: ZWebhookUrl, events: ZWebhookEvents });
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

/** Change the URL or events, or turn a webhook off or on again (on again clears its failure count). */
export const ZUpdateWebhookRequest = z
  .object({
    url: ZWebhookUrl.optional(),
    events: ZWebhookEvents.optional(),
    isEnabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change.');
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

export const ZWebhook = z.object({
  id: ZId,
  url: z.string(),
  events: z.array(ZWebhookEventType),
  isEnabled: z.boolean(),
  disabledAt: ZIsoDateTime.nullable(),
  /** Why the server turned it off (persistent failure), or null. */
  disabledReason: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookList = z.object({
  items: z.array(ZWebhook),
  /** The event catalogue with what each event means. */
  events: z.array(z.object({ type: ZWebhookEventType, label: z.string() })),
});
export type TWebhookList = z.infer<typeof ZWebhookList>;

/** A new webhook with its signing secret: the only answer that ever holds the secret. */
export const ZCreatedWebhook = z.object({ webhook: ZWebhook, secret: z.string().startsWith('whsec_') });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export const ZWebhookDelivery = z.object({
  id: ZId,
  /** The webhook-id header of the delivery (the same on every attempt). */
  messageId: z.string(),
  eventType: z.string(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The last attempt's HTTP status, or null when it got no answer. */
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: ZIsoDateTime.nullable(),
  lastAttemptAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({
  items: z.array(ZWebhookDelivery),
  nextCursor: z.string().nullable(),
});
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

const ZWebhookParams = z.object({ id: ZUuid });
const ZWebhookDeliveryParams = z.object({ id: ZUuid, deliveryId: ZUuid });
const ADMIN = { auth: 'required', hub: 'optional', tag: 'admin' } as const;

export const WEBHOOK_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/webhooks',
    operationId: 'listWebhooks',
    summary: "Cluster and super admins: the cluster's webhooks and the event catalogue",
    response: ZWebhookList,
    errors: [401, 403],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/webhooks',
    operationId: 'createWebhook',
    summary: 'Adds a webhook; the answer holds its signing secret, shown this once',
    body: ZCreateWebhookRequest,
    response: ZCreatedWebhook,
    status: 201,
    errors: [400, 401, 403],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/webhooks/:id',
    operationId: 'updateWebhook',
    summary: "Changes a webhook's URL or events, or turns it off or on again",
    params: ZWebhookParams,
    body: ZUpdateWebhookRequest,
    response: ZWebhook,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Removes a webhook and its delivery log',
    params: ZWebhookParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
  deliveries: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "A webhook's delivery log, newest first: status, response code, attempts, next attempt, error",
    params: ZWebhookParams,
    query: ZPageQuery,
    response: ZWebhookDeliveryPage,
    errors: [400, 401, 403, 404],
  }),
  redeliver: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Sends a delivery again now (a new attempt with the same webhook-id)',
    params: ZWebhookDeliveryParams,
    response: ZWebhookDelivery,
    status: 202,
    errors: [401, 403, 404, 409],
  }),
};
