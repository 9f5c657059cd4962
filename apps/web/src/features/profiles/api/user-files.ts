import { endpointPath, FILE_ENDPOINTS, type TUserFile } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** POST /api/profiles/me/files: multipart `kind` then `file` (PDF or DOCX up to 10 MB). */
export function uploadUserFile(input: { kind: TUserFile['kind']; file: File }) {
  const body = new FormData();
  body.append('kind', input.kind);
  body.append('file', input.file);
  // Multipart only, so apiRequest() with the endpoint's path and schema (callEndpoint() sends declared bodies).
  const endpoint = FILE_ENDPOINTS.uploadFile;
  return apiRequest(endpoint.path, {
    method: endpoint.method,
    body,
    schema: endpoint.response,
    isErrorToastSuppressed: true,
  });
}

/** Uploads a resume or document, then refreshes the profile's file list. */
export function useUploadUserFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadUserFile,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}

/** DELETE /api/files/{id}. */
export function deleteUserFile(id: string): Promise<unknown> {
  return callEndpoint(FILE_ENDPOINTS.delete, { params: { id } });
}

/** Deletes a file, then refreshes the profile's file list. */
export function useDeleteUserFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUserFile,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}

/** GET /api/files/{id} needs the bearer header, so the file is fetched as a blob and saved. */
export function downloadUserFile(file: TUserFile): Promise<void> {
  return apiDownload(endpointPath(FILE_ENDPOINTS.download.path, { id: file.id }), file.name);
}
