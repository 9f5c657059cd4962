import { RESOURCE_PATHS, ZResourceResponse } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';
import { contentHubOption } from '../../../lib/content-hub';
import { RESOURCES_QUERY_KEY } from './get-resources';

/** The API path of one resource. */
export function resourceApiPath(slug: string): string {
  return fillPath(RESOURCE_PATHS.resource, { slug });
}

/** One resource by its slug (GET /api/resources/{slug}), in the session's hub or `hubId`. */
export function resourceQueryOptions(slug: string, hubId?: string) {
  return queryOptions({
    queryKey: [...RESOURCES_QUERY_KEY, 'detail', slug, hubId],
    queryFn: ({ signal }) =>
      apiRequest(resourceApiPath(slug), {
        schema: ZResourceResponse,
        signal,
        ...contentHubOption(hubId),
      }).then((r) => r.resource),
  });
}

/** The resource of the post page. */
export function useResource(slug: string, hubId?: string) {
  return useQuery(resourceQueryOptions(slug, hubId));
}
