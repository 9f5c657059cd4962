import { CLUSTER_EMAIL_TEMPLATE_ENDPOINTS } from '@commons/contract';
import type { FastifyInstance } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import {
  emailTemplate,
  listEmailTemplates,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
} from './cluster-admin.email-templates.js';

/** /api/admin/cluster/email-templates* (issue #23 item 2, email settings: templates). */
export function registerEmailTemplateRoutes(app: FastifyInstance): void {
  tenantRoute(app, CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.list, (ctx) => listEmailTemplates(ctx));

  tenantRoute(app, CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.get, (ctx, { params }) => emailTemplate(ctx, params.key));

  tenantRoute(app, CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.save, (ctx, { params, body }) =>
    saveEmailTemplate(ctx, { key: params.key, body }),
  );

  tenantRoute(app, CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.reset, async (ctx, { params }) => {
    await resetEmailTemplate(ctx, params.key);
    return undefined;
  });

  tenantRoute(app, CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.preview, async (ctx, { params, body }) =>
    previewEmailTemplate(ctx, { key: params.key, body }),
  );
}
