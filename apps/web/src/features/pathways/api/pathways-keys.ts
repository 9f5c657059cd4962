/**
 * Query keys of pathways. Every key starts with 'pathways' and the hub, so one invalidation refreshes a hub's
 * lists, a pathway and the review queue after a start, a submit or a review.
 */
export const pathwaysKeys = {
  all: (hubIdentifier: string) => ['pathways', hubIdentifier] as const,
  list: (hubIdentifier: string, scope: string) => ['pathways', hubIdentifier, 'list', scope] as const,
  detail: (hubIdentifier: string, slug: string) => ['pathways', hubIdentifier, 'detail', slug] as const,
  admin: (hubIdentifier: string, id: string) => ['pathways', hubIdentifier, 'admin', id] as const,
  reviews: (hubIdentifier: string, pathwayId: string | null) =>
    ['pathways', hubIdentifier, 'reviews', pathwayId] as const,
  programs: (hubIdentifier: string) => ['pathways', hubIdentifier, 'programs'] as const,
  questions: (hubIdentifier: string) => ['pathways', hubIdentifier, 'questions'] as const,
};
