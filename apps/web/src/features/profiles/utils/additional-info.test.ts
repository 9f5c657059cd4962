import { ADDITIONAL_INFO_DUPLICATE_MESSAGE } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import {
  additionalInfoDraftsOf,
  additionalInfoInputOf,
  additionalInfoItemErrors,
  validateAdditionalInfoDrafts,
  type TAdditionalInfoDraft,
} from './additional-info';

const draft = (patch: Partial<TAdditionalInfoDraft>): TAdditionalInfoDraft => ({
  key: 'k',
  slug: 'Favourite book',
  type: 'text',
  value: 'Dune',
  ...patch,
});

describe('additional information drafts (spec 3 User additionalInfo)', () => {
  it('starts an empty section with one row to fill in, and keeps saved items in order', () => {
    expect(additionalInfoDraftsOf([])).toEqual([
      expect.objectContaining({ slug: '', type: 'text', value: '' }),
    ]);
    const drafts = additionalInfoDraftsOf([
      { slug: 'Goal', type: 'paragraph', value: 'Line one\nLine two' },
      { slug: 'Book', type: 'text', value: 'Dune' },
    ]);
    expect(drafts.map((d) => [d.slug, d.type, d.value])).toEqual([
      ['Goal', 'paragraph', 'Line one\nLine two'],
      ['Book', 'text', 'Dune'],
    ]);
  });

  it('sends a one-line item on one line and a paragraph as written', () => {
    expect(additionalInfoInputOf(draft({ slug: ' Book ', value: 'Dune\n  by Herbert ' }))).toEqual({
      slug: 'Book',
      type: 'text',
      value: 'Dune by Herbert',
    });
    expect(additionalInfoInputOf(draft({ type: 'paragraph', value: 'A\n\nB' }))).toEqual({
      slug: 'Favourite book',
      type: 'paragraph',
      value: 'A\n\nB',
    });
  });

  it('asks for a name and an answer, and refuses two items of one name with the server message', () => {
    expect(validateAdditionalInfoDrafts([draft({})])).toEqual({});
    expect(validateAdditionalInfoDrafts([draft({ slug: ' ', value: '' })])).toEqual({
      'items.0.slug': 'Give this item a name.',
      'items.0.value': 'Write an answer, or remove this item.',
    });
    expect(validateAdditionalInfoDrafts([draft({}), draft({ slug: 'favourite BOOK' })])).toEqual({
      'items.1.slug': ADDITIONAL_INFO_DUPLICATE_MESSAGE,
    });
  });

  it('keys the PATCH errors of additionalInfo like the list editors and drops the others', () => {
    expect(
      additionalInfoItemErrors({ 'additionalInfo.2.value': 'Too long', headline: 'Not this one' }),
    ).toEqual({ 'items.2.value': 'Too long' });
  });
});
