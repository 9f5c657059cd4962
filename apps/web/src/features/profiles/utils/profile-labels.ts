import { DEMOGRAPHIC_INFO_FIELDS } from '@commons/domain';

/** Turns a custom-field slug into a readable label ('career-goal' → 'Career goal'). */
export function slugLabel(slug: string): string {
  const text = slug.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a demographic field: the known field's, else its key made readable. */
export function demographicLabel(key: string): string {
  return DEMOGRAPHIC_INFO_FIELDS.find((field) => field.key === key)?.label ?? slugLabel(key);
}
