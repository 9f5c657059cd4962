import type { TResourceListFilters } from './get-resources';

/** Query keys of the resources feature; every key starts with 'resources' so a write refreshes them all. */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (filters: TResourceListFilters, hubId: string | undefined) =>
    ['resources', 'list', filters, hubId] as const,
  detail: (slug: string, hubId: string | undefined) => ['resources', 'detail', slug, hubId] as const,
  settings: (groupId: string | null, hubId: string | undefined) =>
    ['resources', 'settings', groupId, hubId] as const,
  linkPreview: (url: string) => ['link-preview', url] as const,
};
