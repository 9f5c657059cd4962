import type { TAdminAssessment, TAssessmentCard, TAssessmentResult } from '@commons/contract';
import type { TAssessmentListRow, TAssessmentResultRow } from './assessments.queries.js';

/** A stored result as the profile and the assessment page show it. */
export function presentResult(row: TAssessmentResultRow): TAssessmentResult {
  return {
    id: row.id,
    assessmentId: row.assessmentId,
    assessmentName: row.assessmentName,
    assessmentSlug: row.assessmentSlug,
    summary: row.summary,
    matches: row.matches.map((m) => ({ title: m.title, score: m.score ?? null })),
    completedAt: row.completedAt.toISOString(),
  };
}

/** An assessment as members see it, with the viewer's latest result. */
export function presentCard(
  row: TAssessmentListRow,
  latest: TAssessmentResultRow | undefined,
): TAssessmentCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    latestResult: latest ? presentResult(latest) : null,
  };
}

/** An assessment as its admins see it: the addresses to give the provider, never the shared secret. */
export function presentAdminAssessment(
  row: TAssessmentListRow,
  options: { webhookUrl: string; resultCount: number },
): TAdminAssessment {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    launchUrl: row.launchUrl,
    webhookUrl: options.webhookUrl,
    hasSecret: true,
    isActive: row.isActive,
    resultCount: options.resultCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}
