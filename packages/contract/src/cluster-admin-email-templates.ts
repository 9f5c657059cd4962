import { MAIL_TEMPLATE_BODY_MAX, MAIL_TEMPLATE_SUBJECT_MAX } from '@commons/domain';
import { z } from 'zod';
import { ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The cluster's email templates (issue #23 item 2; spec 6 cluster-level group email-settings): the wording of the
 * transactional emails of the domain's catalogue (packages/domain/src/mail-templates.ts), per cluster. Plain text
 * with {{placeholders}}; without an override the default is sent. Cluster and super admins; writes are audited.
 */

export const ZMailTemplateSummary = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  isCustomised: z.boolean(),
  /** When the override was last saved; null for the default. */
  updatedAt: ZIsoDateTime.nullable(),
});
export type TMailTemplateSummary = z.infer<typeof ZMailTemplateSummary>;

export const ZMailTemplateList = z.object({ items: z.array(ZMailTemplateSummary) });
export type TMailTemplateList = z.infer<typeof ZMailTemplateList>;

export const ZMailTemplatePlaceholder = z.object({
  name: z.string(),
  description: z.string(),
  isLink: z.boolean(),
  /** The template must keep it (the link of a sign-in, reset or confirmation email). */
  isRequired: z.boolean(),
});
export type TMailTemplatePlaceholder = z.infer<typeof ZMailTemplatePlaceholder>;

const ZMailTemplateText = z.object({ subject: z.string(), body: z.string() });

export const ZMailTemplate = ZMailTemplateSummary.extend({
  placeholders: z.array(ZMailTemplatePlaceholder),
  /** What is sent without an override. */
  default: ZMailTemplateText,
  /** The cluster's wording, or null. */
  override: ZMailTemplateText.nullable(),
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;

/**
 * A template's text. The sizes are checked here; the catalogue's rules (known placeholders, the required link,
 * one line of subject) need the template's key and are checked by the server, per field.
 */
export const ZMailTemplateInput = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject.')
    .max(MAIL_TEMPLATE_SUBJECT_MAX, `Use at most ${MAIL_TEMPLATE_SUBJECT_MAX} characters.`),
  body: z
    .string()
    .trim()
    .min(1, 'Enter the text of the email.')
    .max(MAIL_TEMPLATE_BODY_MAX, `Use at most ${MAIL_TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters.`),
});
export type TMailTemplateInput = z.input<typeof ZMailTemplateInput>;

/** A template rendered with sample values; problems are what saving it would refuse, per field. */
export const ZMailTemplatePreview = z.object({
  subject: z.string(),
  text: z.string(),
  /** Built from escaped text only (no markup of the template or the values survives), then sanitised. */
  html: z.string(),
  problems: z.object({ subject: z.string().optional(), body: z.string().optional() }),
});
export type TMailTemplatePreview = z.infer<typeof ZMailTemplatePreview>;

const ADMIN = { auth: 'required', hub: 'none', tag: 'admin' } as const;
const ZKeyParams = z.object({ key: z.string().min(1).max(64) });

export const CLUSTER_EMAIL_TEMPLATE_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/email-templates',
    operationId: 'listClusterEmailTemplates',
    summary: "The catalogue's email templates and whether the cluster has reworded each",
    response: ZMailTemplateList,
    errors: [401, 403],
  }),
  get: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/email-templates/:key',
    operationId: 'getClusterEmailTemplate',
    summary: 'One email template: its placeholders, the default and the cluster’s override',
    params: ZKeyParams,
    response: ZMailTemplate,
    errors: [401, 403, 404],
  }),
  save: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/cluster/email-templates/:key',
    operationId: 'saveClusterEmailTemplate',
    summary: 'Sets the cluster’s wording of an email (only its placeholders; a required link stays)',
    params: ZKeyParams,
    body: ZMailTemplateInput,
    response: ZMailTemplate,
    errors: [400, 401, 403, 404],
  }),
  reset: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/cluster/email-templates/:key',
    operationId: 'resetClusterEmailTemplate',
    summary: 'Goes back to the default wording of an email',
    params: ZKeyParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
  preview: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/cluster/email-templates/:key/preview',
    operationId: 'previewClusterEmailTemplate',
    summary: 'Renders a wording with sample values (nothing is saved or sent)',
    params: ZKeyParams,
    body: ZMailTemplateInput,
    response: ZMailTemplatePreview,
    errors: [400, 401, 403, 404],
  }),
};
