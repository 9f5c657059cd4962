/**
 * Query keys of career paths. Every key starts with 'career-paths' and the hub, so one invalidation after a
 * favourite or an edit refreshes the hub's lists and pages; the home reads its career sections through 'home'.
 */
export const careerPathKeys = {
  all: ['career-paths'] as const,
  hub: (hubIdentifier: string) => ['career-paths', hubIdentifier] as const,
  list: (hubIdentifier: string, filter: { q: string; isFavoritesOnly: boolean }) =>
    ['career-paths', hubIdentifier, 'list', filter] as const,
  detail: (hubIdentifier: string, id: string) => ['career-paths', hubIdentifier, 'detail', id] as const,
  admin: (hubIdentifier: string, filter: { status: 'active' | 'archived'; q: string }) =>
    ['career-paths', hubIdentifier, 'admin', filter] as const,
};
