import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moveItem (keyboard reordering of the modules)', () => {
  it('moves an item up and down by one', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });
  it('keeps the list at its ends and leaves the input untouched', () => {
    const items = ['a', 'b'];
    expect(moveItem(items, 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(items, 1, 5)).toEqual(['a', 'b']);
    expect(items).toEqual(['a', 'b']);
  });
});
