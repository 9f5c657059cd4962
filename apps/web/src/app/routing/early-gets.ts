import { startEarlyGet } from '../../lib/api-client';

/**
 * The hub home's reads (FEED_ENDPOINTS.feed, HOME_ENDPOINTS.get and ACTION_ITEM_ENDPOINTS.list of the contract),
 * by path: the entry does not load those contract modules (early-gets.test.ts checks the paths).
 */
export const HUB_HOME_EARLY_GETS = {
  feed: '/api/feed',
  home: '/api/home',
  actionItems: '/api/action-items',
} as const;

/**
 * Starts the hub home's first reads (issue #17 item 7) while its code still loads: the first page of the hub's
 * feed, its home (only without a tab in the address: the query asks for a checked tab) and its action items,
 * as feedQueryOptions(null, hub), homeQueryOptions(hub, null) and actionItemsQueryOptions(hub) ask for them.
 */
export function startHubHomeEarlyGets(hubIdentifier: string, tab: string | null): void {
  startEarlyGet(HUB_HOME_EARLY_GETS.feed, { hubId: hubIdentifier });
  if (tab === null) startEarlyGet(HUB_HOME_EARLY_GETS.home, { hubId: hubIdentifier });
  startEarlyGet(HUB_HOME_EARLY_GETS.actionItems, { hubId: hubIdentifier });
}
