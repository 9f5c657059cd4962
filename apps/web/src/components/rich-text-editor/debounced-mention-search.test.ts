import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedMentionSearch, type TMentionCandidate } from './debounced-mention-search';

const ann: TMentionCandidate = { id: '1', identifier: 'ann', fullname: 'Ann Lee', photoUrl: null };

describe('mention search (spec 5, spec 9: 300 ms debounce)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks up once, 300 ms after the last keystroke', async () => {
    const fetchPeople = vi.fn(async () => [ann]);
    const search = createDebouncedMentionSearch(fetchPeople);
    const first = search('A');
    await vi.advanceTimersByTimeAsync(200);
    const second = search('An');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchPeople).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPeople).toHaveBeenCalledTimes(1);
    expect(fetchPeople).toHaveBeenCalledWith('An');
    await expect(first).resolves.toEqual([ann]);
    await expect(second).resolves.toEqual([ann]);
  });

  it('ignores a term with other characters and keeps the previous results', async () => {
    const fetchPeople = vi.fn(async () => [ann]);
    const search = createDebouncedMentionSearch(fetchPeople);
    const found = search('Ann');
    await vi.advanceTimersByTimeAsync(300);
    await expect(found).resolves.toEqual([ann]);
    await expect(search('Ann1')).resolves.toEqual([ann]);
    expect(fetchPeople).toHaveBeenCalledTimes(1);
    const accented = search('Åsa Öberg-Ärn');
    await vi.advanceTimersByTimeAsync(300);
    await expect(accented).resolves.toEqual([ann]);
    expect(fetchPeople).toHaveBeenLastCalledWith('Åsa Öberg-Ärn');
  });

  it('shows nobody for an empty term', async () => {
    const search = createDebouncedMentionSearch(async () => [ann]);
    await expect(search('  ')).resolves.toEqual([]);
  });
});
