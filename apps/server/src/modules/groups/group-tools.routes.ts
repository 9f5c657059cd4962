import {
  GROUP_TOOL_PATHS,
  ZCsvInviteRequest,
  ZCsvInviteResponse,
  ZErrorBody,
  ZGroupAnnouncementRequest,
  ZGroupAnnouncementResponse,
  ZGroupAnnouncementsResponse,
  ZGroupParams,
  ZGroupUnsubscribeRequest,
  ZGroupUnsubscribeResponse,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { requireGroup } from './groups.policy.js';
import { announcementOverview, exportMembersCsv, inviteByCsv, sendAnnouncement, unsubscribeByToken } from './group-tools.commands.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tenant = { auth: 'required', hub: 'optional' } as const;

/** Member CSV import and export, organization announcements (issue #6 Group admin, Organizations). */
export function groupToolRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      GROUP_TOOL_PATHS.inviteCsv,
      {
        schema: {
          tags: ['group-admin'],
          summary: 'Invite members from a CSV of emails: a dry run reports each row that would fail and why; otherwise the valid rows are invited',
          params: ZGroupParams,
          body: ZCsvInviteRequest,
          response: { 200: ZCsvInviteResponse, ...errors },
        },
      },
      async (request) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          if (!can.inviteMembers) throw forbidden('Only the admins of this group can invite members.');
          return inviteByCsv(ctx, access, { ...request.body, publicUrl: deps.config.publicUrl });
        });
        if (!result.dryRun) deps.mail.kick();
        return result;
      },
    );

    app.get(
      GROUP_TOOL_PATHS.exportCsv,
      {
        schema: {
          tags: ['group-admin'],
          summary: 'Export the members as CSV (status, role, admin flags, dates, registration answers)',
          params: ZGroupParams,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const csv = await request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          if (!can.exportMembers) throw forbidden('Only the admins of this group can export its members.');
          return { text: await exportMembersCsv(ctx, access), identifier: access.group.identifier };
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.identifier}-members.csv"`)
          .header('cache-control', 'no-store')
          .send(csv.text);
      },
    );

    app.get(
      GROUP_TOOL_PATHS.announcements,
      {
        schema: {
          tags: ['group-admin'],
          summary: 'Announcements of an organization, who would get one now and how many may still go out today',
          params: ZGroupParams,
          response: { 200: ZGroupAnnouncementsResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          if (access.group.groupType !== 'organization') throw notFound('Organization');
          if (!can.sendCommunications && !can.viewAdminData) throw forbidden('Only the admins of this organization can see its announcements.');
          const overview = await announcementOverview(ctx, access);
          return { ...overview, canSend: can.sendCommunications && overview.remainingToday > 0 };
        }),
    );

    app.post(
      GROUP_TOOL_PATHS.announcements,
      {
        schema: {
          tags: ['group-admin'],
          summary: 'Send an announcement email to the organization’s members (queued, rate limited, unsubscribed members left out)',
          params: ZGroupParams,
          body: ZGroupAnnouncementRequest,
          response: { 201: ZGroupAnnouncementResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          if (access.group.groupType !== 'organization') throw notFound('Organization');
          if (!can.sendCommunications) throw forbidden('Only the admins of this organization can send announcements.');
          return { announcement: await sendAnnouncement(ctx, access, { ...request.body, publicUrl: deps.config.publicUrl, secret: deps.config.jwtSecret }) };
        });
        deps.mail.kick();
        return reply.code(201).send(result);
      },
    );

    app.post(
      GROUP_TOOL_PATHS.unsubscribe,
      {
        schema: {
          tags: ['group-admin'],
          summary: 'Stop announcements of one group for the member an unsubscribe link names (no sign-in needed)',
          body: ZGroupUnsubscribeRequest,
          response: { 200: ZGroupUnsubscribeResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          await unsubscribeByToken(ctx, { token: request.body.token, secret: deps.config.jwtSecret });
          return { isUnsubscribed: true as const };
        }),
    );
  };
}
