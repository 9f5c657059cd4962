/** Query keys of the moderation feature. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (status: string) => ['moderation', 'queue', status] as const,
};
