/** Writes of career paths (issue #20 item 2): the catalogue (manage-career-paths) and members' favourites. */
import type { ZCareerPathRequest, ZUpdateCareerPathRequest } from '@commons/contract';
import { CAREER_PATH_VIDEO_MESSAGE, careerPathVideoEmbedUrl } from '@commons/domain';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { careerPathFavorites, careerPaths } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import { isApprovedEmbedUrl } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import type { TCareerPathRow } from './career-paths.queries.js';

type TCreateBody = z.output<typeof ZCareerPathRequest>;
type TUpdateBody = z.output<typeof ZUpdateCareerPathRequest>;

const TITLE_TAKEN = 'A career path with this title exists.';

/** The stored video address: an embeddable link of an approved host (spec 5 Embedded frames), or null. */
function videoAddress(link: string | null | undefined): string | null | undefined {
  if (link === undefined) return undefined;
  if (link === null || link.trim() === '') return null;
  const embed = careerPathVideoEmbedUrl(link);
  if (!isApprovedEmbedUrl(embed)) throw validationError({ videoUrl: CAREER_PATH_VIDEO_MESSAGE });
  return embed;
}

/** Everything search reads besides the title. */
function searchTextOf(
  path: Pick<
    TCareerPathRow,
    'description' | 'education' | 'typicalRoles' | 'skills' | 'industries' | 'jobFunctions'
  >,
): string {
  return [
    path.description,
    path.education,
    ...path.typicalRoles,
    ...path.skills,
    ...path.industries,
    ...path.jobFunctions,
  ].join(' ');
}

/** Adds a career path to the cluster's catalogue; a title the cluster has (any case) answers 409. */
export async function createCareerPath(ctx: TRequestContext, body: TCreateBody): Promise<TCareerPathRow> {
  const viewer = ctx.requireViewer();
  const videoUrl = videoAddress(body.videoUrl) ?? null;
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [created] = await sp
      .insert(careerPaths)
      .values({
        clusterId: ctx.clusterId,
        title: body.title,
        description: body.description,
        typicalRoles: body.typicalRoles,
        skills: body.skills,
        education: body.education,
        salaryMin: body.salaryMin,
        salaryMax: body.salaryMax,
        industries: body.industries,
        jobFunctions: body.jobFunctions,
        videoUrl,
        searchText: searchTextOf(body),
        createdByUserId: viewer.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return created;
  });
  if (!row) throw conflict(TITLE_TAKEN, { title: TITLE_TAKEN });
  await ctx.audit({ action: 'career_path.create', targetType: 'career_path', targetId: row.id });
  return row;
}

async function requirePath(ctx: TRequestContext, id: string): Promise<TCareerPathRow> {
  const [row] = await ctx.tx
    .select()
    .from(careerPaths)
    .where(and(eq(careerPaths.clusterId, ctx.clusterId), eq(careerPaths.id, id)))
    .limit(1);
  if (!row) throw notFound('Career path');
  return row;
}

/** Edits a career path of the cluster (404 for any other); a salary range is checked against the stored half. */
export async function updateCareerPath(
  ctx: TRequestContext,
  options: { id: string; body: TUpdateBody },
): Promise<TCareerPathRow> {
  const current = await requirePath(ctx, options.id);
  const { videoUrl: link, ...fields } = options.body;
  const videoUrl = videoAddress(link);
  const next = { ...current, ...fields };
  if (next.salaryMin !== null && next.salaryMax !== null && next.salaryMin > next.salaryMax) {
    throw validationError({ salaryMax: 'The lowest salary must not be above the highest.' });
  }
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [updated] = await sp
      .update(careerPaths)
      .set({
        ...fields,
        ...(videoUrl === undefined ? {} : { videoUrl }),
        searchText: searchTextOf(next),
        updatedAt: ctx.now,
      })
      .where(and(eq(careerPaths.clusterId, ctx.clusterId), eq(careerPaths.id, options.id)))
      .returning();
    return updated;
  });
  if (!row) throw conflict(TITLE_TAKEN, { title: TITLE_TAKEN });
  await ctx.audit({ action: 'career_path.update', targetType: 'career_path', targetId: row.id });
  return row;
}

/** Archives (members no longer see it; favourites stay for a restore) or restores a career path. */
export async function setCareerPathArchived(
  ctx: TRequestContext,
  options: { id: string; isArchived: boolean },
): Promise<TCareerPathRow> {
  const current = await requirePath(ctx, options.id);
  if ((current.archivedAt !== null) === options.isArchived) return current;
  const [row] = await ctx.tx
    .update(careerPaths)
    .set({ archivedAt: options.isArchived ? ctx.now : null, updatedAt: ctx.now })
    .where(
      and(
        eq(careerPaths.clusterId, ctx.clusterId),
        eq(careerPaths.id, options.id),
        options.isArchived ? isNull(careerPaths.archivedAt) : isNotNull(careerPaths.archivedAt),
      ),
    )
    .returning();
  const result = row ?? current;
  await ctx.audit({
    action: options.isArchived ? 'career_path.archive' : 'career_path.restore',
    targetType: 'career_path',
    targetId: result.id,
  });
  return result;
}

/**
 * Favourites an active career path of the cluster (404 for an archived or unknown one). Idempotent: a second
 * favourite changes nothing. Completes the viewer's favorite_career_paths action item in their hubs.
 */
export async function favoriteCareerPath(ctx: TRequestContext, id: string): Promise<void> {
  const viewer = ctx.requireViewer();
  const path = await requirePath(ctx, id);
  if (path.archivedAt !== null) throw notFound('Career path');
  await ctx.tx
    .insert(careerPathFavorites)
    .values({ clusterId: ctx.clusterId, userId: viewer.user.id, careerPathId: id, createdAt: ctx.now })
    .onConflictDoNothing({ target: [careerPathFavorites.userId, careerPathFavorites.careerPathId] });
  await completeViewerActionItem(ctx, 'favorite_career_paths');
}

/** Removes a career path from the viewer's favourites; idempotent (archived paths may be unfavourited). */
export async function unfavoriteCareerPath(ctx: TRequestContext, id: string): Promise<void> {
  const viewer = ctx.requireViewer();
  await requirePath(ctx, id);
  await ctx.tx
    .delete(careerPathFavorites)
    .where(and(eq(careerPathFavorites.userId, viewer.user.id), eq(careerPathFavorites.careerPathId, id)));
}
