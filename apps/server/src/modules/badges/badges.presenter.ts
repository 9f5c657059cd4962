import type { TBadge, TEarnedBadge } from '@commons/contract';
import { describeBadgeRule } from '@commons/domain';
import type { TBadgeRow } from './badges.queries.js';

/** A hub's badge with when the viewer earned it and whether they may edit it. */
export function presentBadge(row: TBadgeRow, options: { earnedAt: Date | null; canEdit: boolean }): TBadge {
  const rule = { kind: row.ruleKind, threshold: row.threshold };
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    rule,
    ruleDescription: describeBadgeRule(rule),
    isEnabled: row.isEnabled,
    createdAt: row.createdAt.toISOString(),
    earnedAt: options.earnedAt?.toISOString() ?? null,
    can: { edit: options.canEdit },
  };
}

/** A badge a member earned (the profile section badges). */
export function presentEarnedBadge(row: TBadgeRow, earnedAt: Date): TEarnedBadge {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    ruleDescription: describeBadgeRule({ kind: row.ruleKind, threshold: row.threshold }),
    earnedAt: earnedAt.toISOString(),
  };
}
