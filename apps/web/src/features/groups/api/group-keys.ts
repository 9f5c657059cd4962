/**
 * Query keys of the groups feature (groups, programs, organizations), one factory so a change and the
 * queries it refreshes name the same keys. Every key starts with the shared GROUPS_QUERY_KEY, and one
 * group's page is lib/current-group's key, which the other features' group tabs read too.
 */
import type { TGroupMembersQuery, TMatchingRequest } from '@commons/contract';
import { groupQueryKey, GROUPS_QUERY_KEY } from '../../../lib/current-group';

export const groupKeys = {
  all: GROUPS_QUERY_KEY,
  detail: groupQueryKey,
  lists: () => [...GROUPS_QUERY_KEY, 'list'] as const,
  list: (filters: object) => [...groupKeys.lists(), filters] as const,
  members: (identifier: string) => [...GROUPS_QUERY_KEY, 'members', identifier] as const,
  memberList: (identifier: string, filters: Omit<TGroupMembersQuery, 'cursor' | 'limit'>) =>
    [...groupKeys.members(identifier), filters] as const,
  questions: (identifier: string) => [...GROUPS_QUERY_KEY, 'questions', identifier] as const,
  announcements: (identifier: string) => [...GROUPS_QUERY_KEY, 'announcements', identifier] as const,
  program: (identifier: string) => [...GROUPS_QUERY_KEY, 'program', identifier] as const,
  matching: (identifier: string, overrides: TMatchingRequest) =>
    [...groupKeys.program(identifier), 'matching', overrides] as const,
  myMatches: (identifier: string) => [...groupKeys.program(identifier), 'mine'] as const,
  mentors: (identifier: string) => [...groupKeys.program(identifier), 'mentors'] as const,
  mentorList: (identifier: string, filters: object) => [...groupKeys.mentors(identifier), filters] as const,
  health: (identifier: string) => [...groupKeys.program(identifier), 'health'] as const,
};
