import { ORGANIZATION_TEMPLATE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { outreachTemplatesOf } from '../inbox/inbox.admin.routes.js';
import { replaceOutreachTemplates } from '../inbox/inbox.commands.js';
import { presentOutreachTemplateSets } from '../inbox/inbox.presenter.js';
import { requireOrganizationRight } from './organization-admin.policy.js';

/**
 * /api/admin/organizations/:identifier/outreach-templates (spec 6 Organisation admins: templates; issue #22): an
 * organisation's outreach templates per user type pair, offered first to its approved members writing to each other.
 * The templates right in the organisation (organization-admin.policy), then the hub's template commands and
 * validation with the organisation's scope.
 */
export const organizationTemplateRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ORGANIZATION_TEMPLATE_ENDPOINTS.templates, async (ctx, { params, request }) => {
    const access = await requireOrganizationRight(ctx, {
      identifier: params.identifier,
      request,
      rights: ['templates'],
    });
    const { group } = access;
    return {
      ...(await outreachTemplatesOf(ctx.tx, { hubId: group.hubId, organizationId: group.id })),
      organization: { id: group.id, identifier: group.identifier, name: group.name },
    };
  });

  tenantRoute(
    app,
    ORGANIZATION_TEMPLATE_ENDPOINTS.replaceTemplates,
    async (ctx, { params, body, request }) => {
      const access = await requireOrganizationRight(ctx, {
        identifier: params.identifier,
        request,
        rights: ['templates'],
      });
      const rows = await replaceOutreachTemplates(ctx, body, { organizationId: access.group.id });
      return { items: presentOutreachTemplateSets(rows) };
    },
  );
};
