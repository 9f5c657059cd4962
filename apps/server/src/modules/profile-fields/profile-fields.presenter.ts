import type { TAdminProfileField, TProfileCustomField } from '@commons/contract';
import type { TProfileFieldType } from '@commons/domain';
import type { TProfileFieldRow } from './profile-fields.queries.js';

/** A field as the admin editor shows it. */
export function presentAdminProfileField(row: TProfileFieldRow, answerCount: number): TAdminProfileField {
  return {
    id: row.id,
    label: row.label,
    slug: row.slug,
    description: row.description,
    type: row.type as TProfileFieldType,
    options: row.options,
    isRequired: row.isRequired,
    userTypeIds: row.userTypeIds,
    order: row.order,
    isArchived: row.isArchived,
    answerCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A field on a profile with the member's answer. */
export function presentProfileCustomField(
  row: TProfileFieldRow,
  value: string | string[] | undefined,
): TProfileCustomField {
  return {
    id: row.id,
    slug: row.slug,
    label: row.label,
    description: row.description,
    type: row.type as TProfileFieldType,
    options: row.options,
    isRequired: row.isRequired,
    value: value ?? null,
  };
}

/** What the audit log keeps of a field. */
export function auditViewOf(row: TProfileFieldRow): Record<string, unknown> {
  return {
    label: row.label,
    slug: row.slug,
    description: row.description,
    type: row.type,
    options: row.options,
    isRequired: row.isRequired,
    userTypeIds: row.userTypeIds,
    order: row.order,
    isArchived: row.isArchived,
    organizationId: row.organizationId,
  };
}
