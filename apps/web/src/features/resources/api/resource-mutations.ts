import {
  RESOURCE_PATHS,
  ZResourceAttachmentResponse,
  ZResourceResponse,
  type TCreateResourceRequest,
  type TUpdateResourceRequest,
} from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentHubOption } from '../../../lib/content-hub';
import { resourceApiPath } from './get-resource';
import { RESOURCES_QUERY_KEY } from './get-resources';

/** Refreshes every resources query after a change. */
function useInvalidateResources() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RESOURCES_QUERY_KEY });
}

/** Sends a resource body (the form shows its own errors, so no toast) and answers the saved resource. */
function saveResource(options: {
  path: string;
  method: 'POST' | 'PATCH';
  body: TCreateResourceRequest | TUpdateResourceRequest;
  hubId: string | undefined;
}) {
  const { path, method, body, hubId } = options;
  return apiRequest(path, {
    method,
    body,
    schema: ZResourceResponse,
    isErrorToastSuppressed: true,
    ...contentHubOption(hubId),
  }).then((r) => r.resource);
}

/** Posts a resource or directory listing (POST /api/resources). */
export function useCreateResource(hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (body: TCreateResourceRequest) =>
      saveResource({ path: RESOURCE_PATHS.resources, method: 'POST', body, hubId }),
    onSuccess: invalidate,
  });
}

/** Edits a resource (PATCH /api/resources/{slug}). */
export function useUpdateResource(slug: string, hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (body: TUpdateResourceRequest) =>
      saveResource({ path: resourceApiPath(slug), method: 'PATCH', body, hubId }),
    onSuccess: invalidate,
  });
}

/** Deletes a resource (DELETE /api/resources/{slug}). */
export function useDeleteResource(hubId?: string) {
  const invalidate = useInvalidateResources();
  return useMutation({
    mutationFn: (slug: string) =>
      apiRequest(resourceApiPath(slug), { method: 'DELETE', ...contentHubOption(hubId) }),
    onSuccess: invalidate,
  });
}

/** Uploads one attachment (PDF or DOCX, 10 MB at most) before the resource is saved; answers its id and name. */
export async function uploadAttachment(file: File, hubId?: string) {
  const body = new FormData();
  body.append('file', file, file.name);
  const result = await apiRequest(RESOURCE_PATHS.attachmentUpload, {
    method: 'POST',
    body,
    schema: ZResourceAttachmentResponse,
    isErrorToastSuppressed: true,
    ...contentHubOption(hubId),
  });
  return result.attachment;
}
