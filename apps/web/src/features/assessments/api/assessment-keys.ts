/**
 * Query keys of the career assessment. Every key starts with 'assessments' and the hub, so one invalidation
 * refreshes a hub's list, an assessment and the results after a change.
 */
export const assessmentKeys = {
  all: (hubIdentifier: string) => ['assessments', hubIdentifier] as const,
  list: (hubIdentifier: string) => ['assessments', hubIdentifier, 'list'] as const,
  one: (hubIdentifier: string, slug: string) => ['assessments', hubIdentifier, 'one', slug] as const,
  admin: (hubIdentifier: string) => ['assessments', hubIdentifier, 'admin'] as const,
};
