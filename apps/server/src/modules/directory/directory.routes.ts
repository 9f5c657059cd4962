import { DIRECTORY_ENDPOINTS } from '@commons/contract';
import { mentionSearchTerm } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import { profileAccess } from '../profiles/profiles.policy.js';
import { findProfile } from '../profiles/profiles.queries.js';
import { requireDirectoryAccess } from './directory.policy.js';
import { searchDirectory, searchMentions, similarPeople } from './directory.queries.js';

/** People directory and the mention lookup of spec 7 (issue #4 item 6). */
export const directoryRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, DIRECTORY_ENDPOINTS.search, async (ctx, { query }) =>
    searchDirectory(ctx.tx, { hubId: requireDirectoryAccess(ctx), query }),
  );

  tenantRoute(app, DIRECTORY_ENDPOINTS.mentions, async (ctx, { query }) => {
    const hubId = requireDirectoryAccess(ctx);
    const term = mentionSearchTerm(query.q);
    if (!term) return { items: [] };
    return {
      items: await searchMentions(ctx.tx, { hubId, term, excludeUserId: ctx.requireViewer().user.id }),
    };
  });

  tenantRoute(app, DIRECTORY_ENDPOINTS.similar, async (ctx, { params }) => {
    const hubId = requireDirectoryAccess(ctx);
    const record = await findProfile(
      ctx.tx,
      params.identifier === 'me' ? ctx.requireViewer().user.identifier : params.identifier,
    );
    if (!record || !profileAccess(ctx, record)) throw notFound('Profile');
    return {
      items: await similarPeople(ctx.tx, {
        hubId,
        userId: record.user.id,
        viewerId: ctx.requireViewer().user.id,
      }),
    };
  });
};
