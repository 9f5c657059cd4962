import { AUTO_GREETING_FIELDS, AUTO_GREETING_MAX_LENGTH, autoGreetingTextError } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZEmailDigestFrequency } from './notifications.js';

/**
 * What a hub's new members meet first (issue #22 item 1): the auto-greeting (hub access group 'auto-greeting',
 * spec 6 feature flag 'auto-greeting') and the notification preferences they start with (hub access group
 * 'notifications'). The outreach templates of the group 'templates' are INBOX_ADMIN_ENDPOINTS in inbox.ts.
 */

/** A hub admin who may send the greeting. */
export const ZAutoGreetingSender = z.object({ id: ZUuid, name: z.string(), email: z.string() });
export type TAutoGreetingSender = z.infer<typeof ZAutoGreetingSender>;

export const ZAutoGreeting = z.object({
  /** The hub's autoGreeting feature flag: new members receive the greeting while it is on. */
  isOn: z.boolean(),
  senderUserId: ZUuid.nullable(),
  body: z.string(),
  /** The hub's admins, any of whom may send it. */
  senders: z.array(ZAutoGreetingSender),
  /** The braced fields the text may carry, e.g. '{first name}'. */
  fields: z.array(z.string()),
  /** Members who received it so far. */
  sentCount: z.number().int(),
});
export type TAutoGreeting = z.infer<typeof ZAutoGreeting>;

export const ZPutAutoGreetingRequest = z
  .object({
    isOn: z.boolean(),
    senderUserId: ZUuid.nullable(),
    body: multiLineText().max(
      AUTO_GREETING_MAX_LENGTH,
      `Use at most ${AUTO_GREETING_MAX_LENGTH} characters.`,
    ),
  })
  .superRefine((value, issue) => {
    if (value.isOn && value.senderUserId === null)
      issue.addIssue({ code: 'custom', path: ['senderUserId'], message: 'Choose who sends the greeting.' });
    if (value.isOn && value.body === '')
      issue.addIssue({ code: 'custom', path: ['body'], message: 'Write the greeting.' });
    const error = autoGreetingTextError(value.body);
    if (error !== null) issue.addIssue({ code: 'custom', path: ['body'], message: error });
  });
export type TPutAutoGreetingRequest = z.infer<typeof ZPutAutoGreetingRequest>;

/** The braced fields, as the editor shows them. */
export const AUTO_GREETING_FIELD_TOKENS = AUTO_GREETING_FIELDS.map((field) => `{${field}}`);

export const ZNotificationDefaults = z.object({
  /** What new members start with: the account settings' email digest frequency. */
  emailDigestFrequency: ZEmailDigestFrequency,
  /** False while the hub keeps the platform's default. */
  isSet: z.boolean(),
});
export type TNotificationDefaults = z.infer<typeof ZNotificationDefaults>;

export const ZPutNotificationDefaultsRequest = z.object({ emailDigestFrequency: ZEmailDigestFrequency });
export type TPutNotificationDefaultsRequest = z.infer<typeof ZPutNotificationDefaultsRequest>;

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

/** Site administration of the auto-greeting (right 'auto-greeting') and notification defaults ('notifications'). */
export const HUB_WELCOME_ENDPOINTS = {
  autoGreeting: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/auto-greeting',
    operationId: 'getAutoGreeting',
    summary: 'The hub’s auto-greeting: on or off, its sender among the hub admins and its text',
    response: ZAutoGreeting,
    errors: [401, 403, 404],
  }),
  saveAutoGreeting: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/auto-greeting',
    operationId: 'saveAutoGreeting',
    summary:
      'Turns the auto-greeting on or off and saves its sender and text (unfilled placeholders refused)',
    body: ZPutAutoGreetingRequest,
    response: ZAutoGreeting,
    errors: [400, 401, 403, 404],
  }),
  notificationDefaults: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/notification-defaults',
    operationId: 'getNotificationDefaults',
    summary: 'The notification preferences the hub’s new members start with',
    response: ZNotificationDefaults,
    errors: [401, 403, 404],
  }),
  saveNotificationDefaults: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/notification-defaults',
    operationId: 'saveNotificationDefaults',
    summary: 'Sets the notification preferences new members start with; existing members keep theirs',
    body: ZPutNotificationDefaultsRequest,
    response: ZNotificationDefaults,
    errors: [400, 401, 403, 404],
  }),
};
