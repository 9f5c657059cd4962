import { INBOX_ADMIN_ENDPOINTS, type TOutreachTemplatesResponse } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TTx } from '../../db/client.js';
import { tenantRoute } from '../../plugins/route.js';
import { listUserTypes } from '../hubs/hubs.queries.js';
import {
  closeMentorshipAsAdmin,
  replaceOutreachTemplates,
  STUDENT_STANDARD_TYPES,
} from './inbox.commands.js';
import { requireMentorshipOverseer, requireOutreachTemplateManager } from './inbox.policy.js';
import {
  presentDefaultTemplates,
  presentMentorship,
  presentOutreachTemplateSets,
} from './inbox.presenter.js';
import { listMentorships, listOutreachTemplates, mentorshipLengthsOfHub } from './inbox.queries.js';

/**
 * The outreach templates screen's answer for the hub's sets (organizationId null) or one organisation's: its sets
 * per user type pair, the defaults and the hub's user types (student-style senders get the student defaults).
 */
export async function outreachTemplatesOf(
  tx: TTx,
  options: { hubId: number; organizationId: string | null },
): Promise<TOutreachTemplatesResponse> {
  const rows = await listOutreachTemplates(tx, options);
  const types = await listUserTypes(tx, options.hubId);
  return {
    items: presentOutreachTemplateSets(rows),
    defaults: presentDefaultTemplates(),
    userTypes: types.map((type) => ({
      id: type.id,
      title: type.title,
      isStudentStyle: STUDENT_STANDARD_TYPES.has(type.standardUserType),
    })),
  };
}

/**
 * Hub administration of the inbox: outreach templates per user type pair (spec 6 'Admin templates replace
 * the default outreach templates by user type pair') and the hub's long-term mentorships (spec 4 adminClosed).
 */
export const inboxAdminRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, INBOX_ADMIN_ENDPOINTS.templates, async (ctx) => {
    requireOutreachTemplateManager(ctx);
    return outreachTemplatesOf(ctx.tx, { hubId: ctx.requireHub().id, organizationId: null });
  });

  tenantRoute(app, INBOX_ADMIN_ENDPOINTS.replaceTemplates, async (ctx, { body }) => {
    requireOutreachTemplateManager(ctx);
    return { items: presentOutreachTemplateSets(await replaceOutreachTemplates(ctx, body)) };
  });

  tenantRoute(app, INBOX_ADMIN_ENDPOINTS.mentorships, async (ctx, { query }) => {
    requireMentorshipOverseer(ctx);
    const hubId = ctx.requireHub().id;
    const { rows, nextCursor } = await listMentorships(ctx.tx, { hubId, ...query });
    const { hubLength, byUserType } = await mentorshipLengthsOfHub(ctx.tx, hubId);
    const lengthOf = (row: (typeof rows)[number]) =>
      row.menteeUserTypeId === null ? hubLength : (byUserType.get(row.menteeUserTypeId) ?? hubLength);
    return { items: rows.map((row) => presentMentorship(row, lengthOf(row))), nextCursor };
  });

  tenantRoute(app, INBOX_ADMIN_ENDPOINTS.closeMentorship, async (ctx, { params }) => {
    requireMentorshipOverseer(ctx);
    return { mentorship: presentMentorship(await closeMentorshipAsAdmin(ctx, params.id), null) };
  });
};
