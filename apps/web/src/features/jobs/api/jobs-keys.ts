/**
 * Query keys of the job board. Every key starts with 'jobs' and the hub, so one invalidation refreshes a
 * hub's board, saved posts, applications and settings after any change.
 */
export const jobsKeys = {
  all: (hubIdentifier: string) => ['jobs', hubIdentifier] as const,
  list: (hubIdentifier: string, search: object) => ['jobs', hubIdentifier, 'list', search] as const,
  post: (hubIdentifier: string, id: string) => ['jobs', hubIdentifier, 'post', id] as const,
  saved: (hubIdentifier: string) => ['jobs', hubIdentifier, 'saved'] as const,
  recommended: (hubIdentifier: string) => ['jobs', hubIdentifier, 'recommended'] as const,
  settings: (hubIdentifier: string) => ['jobs', hubIdentifier, 'settings'] as const,
  templates: (hubIdentifier: string) => ['jobs', hubIdentifier, 'templates'] as const,
  alerts: (hubIdentifier: string) => ['jobs', hubIdentifier, 'alerts'] as const,
  pending: (hubIdentifier: string) => ['jobs', hubIdentifier, 'pending'] as const,
  myApplications: (hubIdentifier: string, filter: object) =>
    ['jobs', hubIdentifier, 'applications', 'mine', filter] as const,
  applicants: (hubIdentifier: string, postId: string, filter: object) =>
    ['jobs', hubIdentifier, 'applications', 'post', postId, filter] as const,
  myProjects: (hubIdentifier: string, filter: object) => ['jobs', hubIdentifier, 'projects', filter] as const,
  standardOptions: (hubIdentifier: string) => ['jobs', hubIdentifier, 'standard-options'] as const,
  myFiles: (hubIdentifier: string) => ['jobs', hubIdentifier, 'my-files'] as const,
};
