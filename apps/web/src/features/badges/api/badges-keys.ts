/**
 * Query keys of badges. Every key starts with 'badges', the invalidation hint of the realtime
 * 'badge.earned' event (contract REALTIME_INVALIDATIONS), so an award refreshes them.
 */
export const badgesKeys = {
  all: ['badges'] as const,
  hub: (hubIdentifier: string) => ['badges', 'hub', hubIdentifier] as const,
};
