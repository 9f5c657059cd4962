import { RESOURCE_ENDPOINTS } from '@commons/contract';
import { callEndpoint } from '../../../lib/api-client';
import { contentHubOption } from '../../../lib/content-hub';

/**
 * Downloads an attached file through the resource-URL helper (spec 7): asks for a short-lived signed
 * link, then follows it; the server answers with Content-Disposition: attachment, so the page stays.
 */
export async function downloadAttachment(fileId: string, hubId?: string): Promise<void> {
  const { url } = await callEndpoint(RESOURCE_ENDPOINTS.fileUrl, {
    params: { fileId },
    ...contentHubOption(hubId),
  });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
