import { ZPatchProfileRequest, type TPatchProfileRequest, type TProfile } from '@commons/contract';
import { newDraftKey, type TItemErrors } from '../../../lib/profile-drafts';
import { zodFormValidator } from '../../../lib/zod-form-validator';

/** An additional-information item as the request sends it (spec 3 User additionalInfo). */
export type TAdditionalInfoInput = NonNullable<TPatchProfileRequest['additionalInfo']>[number];
type TAdditionalInfoItem = NonNullable<TProfile['sections']['additionalInfo']>[number];

/** An additional-information item as its form holds it; the name the owner gives it is its slug. */
export interface TAdditionalInfoDraft {
  key: string;
  slug: string;
  type: TAdditionalInfoItem['type'];
  value: string;
}

const REQUEST_FIELD = 'additionalInfo';
const validatePatch = zodFormValidator(ZPatchProfileRequest);

/** An empty one-line item. */
export function emptyAdditionalInfoDraft(): TAdditionalInfoDraft {
  return { key: newDraftKey(), slug: '', type: 'text', value: '' };
}

/** The form rows of the saved items; one empty row when there are none, ready to fill in. */
export function additionalInfoDraftsOf(items: readonly TAdditionalInfoItem[]): TAdditionalInfoDraft[] {
  if (items.length === 0) return [emptyAdditionalInfoDraft()];
  return items.map((item) => ({ key: newDraftKey(), slug: item.slug, type: item.type, value: item.value }));
}

/** The request item of a row; a one-line item loses any line break a paste brought in. */
export function additionalInfoInputOf(draft: TAdditionalInfoDraft): TAdditionalInfoInput {
  const slug = draft.slug.trim();
  return draft.type === 'paragraph'
    ? { slug, type: 'paragraph', value: draft.value }
    : { slug, type: 'text', value: draft.value.replace(/\s*[\r\n]+\s*/g, ' ').trim() };
}

/**
 * The PATCH request's `additionalInfo.{i}.{field}` errors as the list editors key them (`items.{i}.{field}`);
 * other fields are dropped.
 */
export function additionalInfoItemErrors(fields: Readonly<Record<string, string>>): TItemErrors {
  const prefix = `${REQUEST_FIELD}.`;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [`items.${path.slice(prefix.length)}`, message]),
  );
}

/**
 * Browser-side check before saving: each row needs a name and an answer, then the contract's own rules
 * (lengths, one line, distinct names) with the server's messages.
 */
export function validateAdditionalInfoDrafts(drafts: readonly TAdditionalInfoDraft[]): TItemErrors {
  const errors = additionalInfoItemErrors(
    validatePatch({ additionalInfo: drafts.map(additionalInfoInputOf) }),
  );
  drafts.forEach((draft, index) => {
    if (draft.slug.trim() === '') errors[`items.${index}.slug`] = 'Give this item a name.';
    if (draft.value.trim() === '') errors[`items.${index}.value`] = 'Write an answer, or remove this item.';
  });
  return errors;
}
