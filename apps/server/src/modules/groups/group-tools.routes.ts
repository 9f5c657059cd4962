import { GROUP_TOOL_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import {
  announcementOverview,
  exportMembersCsv,
  inviteByCsv,
  sendAnnouncement,
  unsubscribeByToken,
} from './group-tools.commands.js';
import {
  requireAnnouncementSender,
  requireAnnouncementsReader,
  requireExportMembers,
  requireGroup,
  requireInviteMembers,
} from './groups.policy.js';

/**
 * Member CSV import and export, organization announcements (issue #6 Group admin, Organizations). The
 * routes that write mail open the transaction themselves and kick the mail relay once it has committed.
 */
export function groupToolRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsync {
  return async (app) => {
    route(app, GROUP_TOOL_ENDPOINTS.inviteCsv, async ({ params, body, request }) => {
      const result = await request.tenant(tenantOptionsOf(GROUP_TOOL_ENDPOINTS.inviteCsv), async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: params.identifier, request });
        requireInviteMembers(can);
        return inviteByCsv(ctx, access, { ...body, publicUrl: deps.config.publicUrl });
      });
      if (!result.dryRun) deps.mail.kick();
      return result;
    });

    route(app, GROUP_TOOL_ENDPOINTS.exportCsv, async ({ params, request, reply }) => {
      const csv = await request.tenant(tenantOptionsOf(GROUP_TOOL_ENDPOINTS.exportCsv), async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: params.identifier, request });
        requireExportMembers(can);
        return { text: await exportMembersCsv(ctx, access), identifier: access.group.identifier };
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.identifier}-members.csv"`)
        .header('cache-control', 'no-store')
        .send(csv.text);
    });

    tenantRoute(app, GROUP_TOOL_ENDPOINTS.announcements, async (ctx, { params, request }) => {
      const found = await requireGroup(ctx, { identifier: params.identifier, request });
      requireAnnouncementsReader(found);
      const overview = await announcementOverview(ctx, found.access);
      return { ...overview, canSend: found.can.sendCommunications && overview.remainingToday > 0 };
    });

    route(app, GROUP_TOOL_ENDPOINTS.sendAnnouncement, async ({ params, body, request }) => {
      const result = await request.tenant(
        tenantOptionsOf(GROUP_TOOL_ENDPOINTS.sendAnnouncement),
        async (ctx) => {
          const found = await requireGroup(ctx, { identifier: params.identifier, request });
          requireAnnouncementSender(found);
          return {
            announcement: await sendAnnouncement(ctx, found.access, {
              ...body,
              publicUrl: deps.config.publicUrl,
              secret: deps.config.jwtSecret,
            }),
          };
        },
      );
      deps.mail.kick();
      return result;
    });

    tenantRoute(app, GROUP_TOOL_ENDPOINTS.unsubscribe, async (ctx, { body }) => {
      await unsubscribeByToken(ctx, { token: body.token, secret: deps.config.jwtSecret });
      return { isUnsubscribed: true as const };
    });
  };
}
