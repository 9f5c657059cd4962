import { FILE_ENDPOINTS } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { PROFILES_QUERY_KEY } from './get-profile';

/** POST /api/profiles/me/photo as multipart field `file` (JPEG, PNG or WebP up to 5 MB). */
export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  const endpoint = FILE_ENDPOINTS.uploadPhoto;
  return apiRequest(endpoint.path, {
    method: endpoint.method,
    body,
    schema: endpoint.response,
    isErrorToastSuppressed: true,
  });
}

/** Uploads the profile photo, then refreshes the profile, its health and the session user. */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
        client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
