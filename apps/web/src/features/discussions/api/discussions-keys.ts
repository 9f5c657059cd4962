import type { TQuestionListFilters } from './discussions-api';

/** Query keys of the discussions feature; every key starts with 'discussions' so a write refreshes them all. */
export const discussionKeys = {
  all: ['discussions'] as const,
  questions: (filters: TQuestionListFilters, hubId: string | undefined) =>
    ['discussions', 'questions', filters, hubId] as const,
  question: (id: string) => ['discussions', 'question', id] as const,
  settings: (hubId: string | undefined) => ['discussions', 'settings', hubId] as const,
  topics: (groupId: string | null, hubId: string | undefined) =>
    ['discussions', 'topics', groupId, hubId] as const,
  approvals: () => ['discussions', 'approvals'] as const,
};
