import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { assessmentResults, assessments } from '../../db/schema/index.js';

export type TAssessmentRow = typeof assessments.$inferSelect;
/** An assessment as the member and admin reads need it: everything but the encrypted secret. */
export type TAssessmentListRow = Omit<TAssessmentRow, 'secretCiphertext'>;
export type TAssessmentResultRow = typeof assessmentResults.$inferSelect & {
  assessmentName: string;
  assessmentSlug: string;
};

const LIST_COLUMNS = {
  id: assessments.id,
  clusterId: assessments.clusterId,
  hubId: assessments.hubId,
  name: assessments.name,
  slug: assessments.slug,
  description: assessments.description,
  launchUrl: assessments.launchUrl,
  isActive: assessments.isActive,
  createdAt: assessments.createdAt,
  updatedAt: assessments.updatedAt,
};

/** A hub's assessments by name (active ones only unless `isAll`), without their secrets. */
export async function listAssessments(
  tx: TTx,
  options: { hubId: number; isAll?: boolean },
): Promise<TAssessmentListRow[]> {
  return tx
    .select(LIST_COLUMNS)
    .from(assessments)
    .where(
      options.isAll
        ? eq(assessments.hubId, options.hubId)
        : and(eq(assessments.hubId, options.hubId), eq(assessments.isActive, true)),
    )
    .orderBy(asc(assessments.name), asc(assessments.id));
}

/** One assessment of the hub by slug, with its encrypted secret (launching signs with it). */
export async function findAssessmentBySlug(
  tx: TTx,
  options: { hubId: number; slug: string },
): Promise<TAssessmentRow | null> {
  const [row] = await tx
    .select()
    .from(assessments)
    .where(and(eq(assessments.hubId, options.hubId), eq(assessments.slug, options.slug)))
    .limit(1);
  return row ?? null;
}

/** One assessment by id in the hub (admin screens), without its secret. */
export async function findAssessment(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TAssessmentListRow | null> {
  const [row] = await tx
    .select(LIST_COLUMNS)
    .from(assessments)
    .where(and(eq(assessments.hubId, options.hubId), eq(assessments.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** How many results each assessment of the hub received (the admin list). */
export async function resultCountsByAssessment(tx: TTx, hubId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ assessmentId: assessmentResults.assessmentId, total: count() })
    .from(assessmentResults)
    .where(eq(assessmentResults.hubId, hubId))
    .groupBy(assessmentResults.assessmentId);
  return new Map(rows.map((r) => [r.assessmentId, Number(r.total)]));
}

/**
 * A member's latest result of each assessment of the hub (one statement: DISTINCT ON the assessment, newest
 * completion first), ordered by assessment name; results of removed assessments go with them (cascade).
 */
export async function latestResultsOf(
  tx: TTx,
  options: { userId: string; hubId: number; assessmentId?: string },
): Promise<TAssessmentResultRow[]> {
  const rows = await tx
    .selectDistinctOn([assessmentResults.assessmentId], {
      result: assessmentResults,
      assessmentName: assessments.name,
      assessmentSlug: assessments.slug,
    })
    .from(assessmentResults)
    .innerJoin(assessments, eq(assessments.id, assessmentResults.assessmentId))
    .where(
      and(
        eq(assessmentResults.userId, options.userId),
        eq(assessmentResults.hubId, options.hubId),
        options.assessmentId === undefined
          ? sql`true`
          : eq(assessmentResults.assessmentId, options.assessmentId),
      ),
    )
    .orderBy(
      assessmentResults.assessmentId,
      desc(assessmentResults.completedAt),
      desc(assessmentResults.receivedAt),
    );
  return rows
    .map((r) => ({ ...r.result, assessmentName: r.assessmentName, assessmentSlug: r.assessmentSlug }))
    .sort((a, b) => a.assessmentName.localeCompare(b.assessmentName));
}
