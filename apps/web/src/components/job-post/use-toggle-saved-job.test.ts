import { describe, expect, it } from 'vitest';
import { withSavedPost } from './use-toggle-saved-job';

describe('withSavedPost (the Save button turns at once in every cached list)', () => {
  const post = (id: string, isSaved = false) => ({ id, isSaved, title: id });

  it('marks the post in an infinite list’s pages and leaves the others', () => {
    const data = { pages: [{ items: [post('a'), post('b')], nextCursor: null }], pageParams: [null] };
    expect(withSavedPost(data, 'b', true)).toEqual({
      pages: [{ items: [post('a'), post('b', true)], nextCursor: null }],
      pageParams: [null],
    });
  });

  it('marks the post in a plain list and a post itself, and leaves other answers alone', () => {
    expect(withSavedPost({ items: [post('a', true)] }, 'a', false)).toEqual({ items: [post('a')] });
    expect(withSavedPost(post('a'), 'a', true)).toEqual(post('a', true));
    expect(withSavedPost(post('a'), 'z', true)).toEqual(post('a'));
    const settings = { settings: { areJobsShown: true } };
    expect(withSavedPost(settings, 'a', true)).toBe(settings);
    expect(withSavedPost(undefined, 'a', true)).toBeUndefined();
  });
});
