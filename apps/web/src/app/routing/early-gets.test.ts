import { ACTION_ITEM_ENDPOINTS, FEED_ENDPOINTS, HOME_ENDPOINTS } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { HUB_HOME_EARLY_GETS } from './early-gets';

describe('early GETs of the hub home (issue #17 item 7)', () => {
  it("are the paths and methods of the contract's endpoints the hub home's queries call", () => {
    expect(HUB_HOME_EARLY_GETS).toEqual({
      feed: FEED_ENDPOINTS.feed.path,
      home: HOME_ENDPOINTS.get.path,
      actionItems: ACTION_ITEM_ENDPOINTS.list.path,
    });
    for (const endpoint of [FEED_ENDPOINTS.feed, HOME_ENDPOINTS.get, ACTION_ITEM_ENDPOINTS.list])
      expect(endpoint.method).toBe('GET');
  });
});
