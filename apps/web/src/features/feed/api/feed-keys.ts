/** Query keys of the feed feature; every key starts with 'feed' so a write refreshes every feed. */
export const feedKeys = {
  all: ['feed'] as const,
  feed: (groupId: string | null, hubId: string | undefined) => ['feed', groupId, hubId] as const,
};
