import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contactOptionsKey, contactOptionsQueryOptions } from './contact-options';

describe('contact options query (issue #17 item 7)', () => {
  it("is the entry useContactOptions reads, so the profile route's prefetch fills it", () => {
    const scope = { hubId: 'northfield' };
    const options = contactOptionsQueryOptions('user-1', scope);
    expect(options.queryKey).toEqual(contactOptionsKey('user-1', scope));
    expect(options.staleTime).toBe(30_000);
    // A prefetched answer is what the hook's query then finds, fresh for 30 s.
    const client = new QueryClient();
    client.setQueryData(options.queryKey, { unavailableReason: null, options: null });
    expect(
      client.getQueryState(contactOptionsQueryOptions('user-1', { hubId: 'northfield' }).queryKey)?.data,
    ).toEqual({ unavailableReason: null, options: null });
    expect(contactOptionsQueryOptions('user-1', {}).queryKey).not.toEqual(options.queryKey);
  });
});
