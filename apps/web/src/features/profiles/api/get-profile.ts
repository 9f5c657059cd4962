import { PROFILE_ENDPOINTS, type TProfile } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Query key prefix of every profile; saves invalidate it so sections and health refresh. */
export const PROFILES_QUERY_KEY = ['profiles'] as const;

/** GET /api/profiles/{identifier} ('me' works): the sections the viewer may see. */
export function getProfile(options: {
  identifier: string;
  hubId?: string;
  signal?: AbortSignal;
}): Promise<TProfile> {
  return callEndpoint(PROFILE_ENDPOINTS.profile, {
    params: { identifier: options.identifier },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.hubId === undefined ? {} : { hubId: options.hubId }),
  }).then((body) => body.profile);
}

/** Query options of one profile, shared by the route loader and the page. */
export function profileQueryOptions(identifier: string, hubId?: string) {
  return queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, identifier, hubId ?? null],
    queryFn: ({ signal }) => getProfile({ identifier, hubId, signal }),
  });
}

/** One profile. */
export function useProfile(identifier: string, hubId?: string) {
  return useQuery(profileQueryOptions(identifier, hubId));
}
