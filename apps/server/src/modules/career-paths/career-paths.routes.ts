import { CAREER_PATH_ADMIN_ENDPOINTS, CAREER_PATH_ENDPOINTS, type THubSettings } from '@commons/contract';
import { experimentVariant } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { decodeCursor } from '../../lib/cursor.js';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import {
  createCareerPath,
  favoriteCareerPath,
  setCareerPathArchived,
  unfavoriteCareerPath,
  updateCareerPath,
} from './career-paths.commands.js';
import {
  canManageCareerPaths,
  mayFavorite,
  requireCareerPathsManager,
  requireCareerPathsReader,
  requireFavoriter,
} from './career-paths.policy.js';
import { presentAlumnus, presentCareerPath, type TCareerPathViewer } from './career-paths.presenter.js';
import {
  activeTitles,
  alumniForCareerPaths,
  findCareerPath,
  listCareerPaths,
} from './career-paths.queries.js';

/** Alumni the career path page recommends. */
const CAREER_PATH_ALUMNI_LIMIT = 12;

/** The viewer as the presenter needs them, from the hub's settings. */
function careerPathViewer(ctx: TRequestContext, settings: THubSettings): TCareerPathViewer {
  return {
    // spec 6 career-path-favorite-cta-copy: the hub's variant words the favourite button.
    ctaVariant: experimentVariant({
      moduleSettings: settings.moduleSettings,
      name: 'career-path-favorite-cta-copy',
    }),
    canFavorite: mayFavorite(ctx, settings),
    canManage: canManageCareerPaths(ctx),
  };
}

/** The catalogue's member and admin endpoints (issue #20 items 2 and 5: /api/career-paths). */
export const careerPathRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, CAREER_PATH_ENDPOINTS.list, async (ctx, { query }) => {
    const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
    requireCareerPathsReader(ctx, settings);
    const page = await listCareerPaths(ctx.tx, {
      clusterId: ctx.clusterId,
      viewerId: ctx.requireViewer().user.id,
      status: 'active',
      q: query.q,
      isFavoritesOnly: query.favorites === 'true',
      cursor: decodeCursor(query.cursor, 'text'),
      limit: query.limit,
    });
    const viewer = careerPathViewer(ctx, settings);
    return {
      items: page.rows.map((row) => presentCareerPath(row, viewer)),
      nextCursor: page.nextCursor,
      can: { manage: viewer.canManage },
    };
  });

  tenantRoute(app, CAREER_PATH_ENDPOINTS.titles, async (ctx) => {
    ctx.requireViewer();
    return { titles: await activeTitles(ctx.tx, { clusterId: ctx.clusterId }) };
  });

  tenantRoute(app, CAREER_PATH_ENDPOINTS.get, async (ctx, { params }) => {
    const hub = ctx.requireHub();
    const settings = await getHubSettings(ctx.tx, hub.id);
    requireCareerPathsReader(ctx, settings);
    const viewerId = ctx.requireViewer().user.id;
    const row = await findCareerPath(ctx.tx, { clusterId: ctx.clusterId, id: params.id, viewerId });
    // Members see active paths only; those who manage the catalogue also archived ones.
    if (!row || (row.path.archivedAt !== null && !canManageCareerPaths(ctx))) throw notFound('Career path');
    const alumni =
      row.path.archivedAt === null
        ? await alumniForCareerPaths(ctx.tx, {
            hubId: hub.id,
            titles: [row.path.title],
            excludeUserId: viewerId,
            limit: CAREER_PATH_ALUMNI_LIMIT,
          })
        : [];
    return {
      careerPath: presentCareerPath(row, careerPathViewer(ctx, settings)),
      alumni: alumni.map(presentAlumnus),
    };
  });

  const favoriteRoute = (isFavorite: boolean) => async (ctx: TRequestContext, id: string) => {
    const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
    requireFavoriter(ctx, settings);
    if (isFavorite) await favoriteCareerPath(ctx, id);
    else await unfavoriteCareerPath(ctx, id);
    const row = await findCareerPath(ctx.tx, {
      clusterId: ctx.clusterId,
      id,
      viewerId: ctx.requireViewer().user.id,
    });
    if (!row) throw notFound('Career path');
    return { careerPath: presentCareerPath(row, careerPathViewer(ctx, settings)) };
  };
  const favorite = favoriteRoute(true);
  const unfavorite = favoriteRoute(false);
  tenantRoute(app, CAREER_PATH_ENDPOINTS.favorite, (ctx, { params }) => favorite(ctx, params.id));
  tenantRoute(app, CAREER_PATH_ENDPOINTS.unfavorite, (ctx, { params }) => unfavorite(ctx, params.id));

  tenantRoute(app, CAREER_PATH_ADMIN_ENDPOINTS.list, async (ctx, { query }) => {
    requireCareerPathsManager(ctx);
    const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
    const page = await listCareerPaths(ctx.tx, {
      clusterId: ctx.clusterId,
      viewerId: ctx.requireViewer().user.id,
      status: query.status,
      q: query.q,
      isFavoritesOnly: false,
      cursor: decodeCursor(query.cursor, 'text'),
      limit: query.limit,
    });
    const viewer = careerPathViewer(ctx, settings);
    return {
      items: page.rows.map((row) => presentCareerPath(row, viewer)),
      nextCursor: page.nextCursor,
      can: { manage: true },
    };
  });

  /** A written path as its manager sees it. */
  const managed = async (ctx: TRequestContext, id: string) => {
    const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
    const row = await findCareerPath(ctx.tx, {
      clusterId: ctx.clusterId,
      id,
      viewerId: ctx.requireViewer().user.id,
    });
    if (!row) throw notFound('Career path');
    return { careerPath: presentCareerPath(row, careerPathViewer(ctx, settings)) };
  };

  tenantRoute(app, CAREER_PATH_ADMIN_ENDPOINTS.create, async (ctx, { body }) => {
    requireCareerPathsManager(ctx);
    const row = await createCareerPath(ctx, body);
    return managed(ctx, row.id);
  });

  tenantRoute(app, CAREER_PATH_ADMIN_ENDPOINTS.update, async (ctx, { params, body }) => {
    requireCareerPathsManager(ctx);
    await updateCareerPath(ctx, { id: params.id, body });
    return managed(ctx, params.id);
  });

  tenantRoute(app, CAREER_PATH_ADMIN_ENDPOINTS.archive, async (ctx, { params }) => {
    requireCareerPathsManager(ctx);
    await setCareerPathArchived(ctx, { id: params.id, isArchived: true });
    return managed(ctx, params.id);
  });

  tenantRoute(app, CAREER_PATH_ADMIN_ENDPOINTS.restore, async (ctx, { params }) => {
    requireCareerPathsManager(ctx);
    await setCareerPathArchived(ctx, { id: params.id, isArchived: false });
    return managed(ctx, params.id);
  });
};
