/** Query keys of the events feature; every key starts with 'events' so a write refreshes them all. */
export const eventKeys = {
  all: ['events'] as const,
  list: (options: { when: string; groupId: string | null; q: string }, hubId: string | undefined) =>
    ['events', 'list', options, hubId] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  settings: (groupId: string | null, hubId: string | undefined) =>
    ['events', 'settings', groupId, hubId] as const,
  attendees: (id: string) => ['events', 'attendees', id] as const,
  approvals: () => ['events', 'approvals'] as const,
  feedUrl: (hubId: string | undefined) => ['events', 'feed-url', hubId] as const,
};
