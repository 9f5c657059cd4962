import {
  RESOURCE_ENDPOINTS,
  type TCreateResourceRequest,
  type TUpdateResourceRequest,
} from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '../../../lib/api-client';
import { contentHubOption } from '../../../lib/content-hub';
import { resourceKeys } from './resource-keys';

/** Refreshes every resources query after a change. */
function useInvalidateResources() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resourceKeys.all });
}

/** Posts a resource or directory listing (POST /api/resources); the form shows its own errors, so no toast. */
export function useCreateResource(hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (body: TCreateResourceRequest) =>
      callEndpoint(RESOURCE_ENDPOINTS.create, {
        body,
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }).then((r) => r.resource),
    onSuccess: invalidate,
  });
}

/** Edits a resource (PATCH /api/resources/{slug}); the form shows its own errors, so no toast. */
export function useUpdateResource(slug: string, hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (body: TUpdateResourceRequest) =>
      callEndpoint(RESOURCE_ENDPOINTS.update, {
        params: { slug },
        body,
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }).then((r) => r.resource),
    onSuccess: invalidate,
  });
}

/** Deletes a resource (DELETE /api/resources/{slug}). */
export function useDeleteResource(hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (slug: string) =>
      callEndpoint(RESOURCE_ENDPOINTS.delete, { params: { slug }, ...contentHubOption(hubId) }),
    onSuccess: invalidate,
  });
}

/** Uploads one attachment (PDF or DOCX, 10 MB at most) before the resource is saved; answers its id and name. */
export async function uploadAttachment(file: File, hubId?: string) {
  const body = new FormData();
  body.append('file', file, file.name);
  // A multipart body has no schema in the contract, so callEndpoint (typed bodies) does not take it.
  const { uploadAttachment: endpoint } = RESOURCE_ENDPOINTS;
  const result = await apiRequest(endpoint.path, {
    method: endpoint.method,
    body,
    schema: endpoint.response,
    isErrorToastSuppressed: true,
    ...contentHubOption(hubId),
  });
  return result.attachment;
}
