import { RESOURCE_ENDPOINTS } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { contentHubOption } from '../../../lib/content-hub';
import { resourceKeys } from './resource-keys';

/** One resource by its slug (GET /api/resources/{slug}), in the session's hub or `hubId`. */
export function resourceQueryOptions(slug: string, hubId?: string) {
  return queryOptions({
    queryKey: resourceKeys.detail(slug, hubId),
    queryFn: ({ signal }) =>
      callEndpoint(RESOURCE_ENDPOINTS.get, { params: { slug }, signal, ...contentHubOption(hubId) }).then(
        (r) => r.resource,
      ),
  });
}

/** The resource of the post page. */
export function useResource(slug: string, hubId?: string) {
  return useQuery(resourceQueryOptions(slug, hubId));
}
