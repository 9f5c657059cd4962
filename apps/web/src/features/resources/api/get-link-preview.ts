import { RICH_TEXT_PATHS, ZLinkPreviewResponse } from '@commons/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isHttpUrl } from '../resource-rules';
import { resourceKeys } from './resource-keys';

/**
 * The open-graph preview of a link typed into the form (POST /api/link-previews; the server fetches
 * it under the spec 5 URL rule and keeps it a day, so the saved resource shows it too). The form
 * shows its own message when a link cannot be previewed, so no toast.
 */
export function useLinkPreview(url: string) {
  const trimmed = url.trim();
  return useQuery({
    queryKey: resourceKeys.linkPreview(trimmed),
    queryFn: ({ signal }) =>
      apiRequest(RICH_TEXT_PATHS.linkPreviews, {
        method: 'POST',
        body: { url: trimmed },
        schema: ZLinkPreviewResponse,
        signal,
        isErrorToastSuppressed: true,
      }).then((r) => r.preview),
    enabled: isHttpUrl(trimmed),
    staleTime: 60 * 60_000,
    retry: false,
  });
}
