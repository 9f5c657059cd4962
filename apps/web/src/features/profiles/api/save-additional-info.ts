import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../../../lib/api-error';
import { additionalInfoItemErrors, type TAdditionalInfoInput } from '../utils/additional-info';
import { PROFILES_QUERY_KEY } from './get-profile';
import { updateProfile } from './update-profile';

/**
 * PATCH /api/profiles/me with the whole additionalInfo list; the server's `additionalInfo.{i}.{field}`
 * errors come back keyed `items.{i}.{field}`, like the other list sections'.
 */
export async function saveAdditionalInfo(items: TAdditionalInfoInput[]): Promise<unknown> {
  try {
    return await updateProfile({ additionalInfo: items });
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: error.message,
      userMessage: error.userMessage,
      fields: additionalInfoItemErrors(error.fields),
    });
  }
}

/** Saves the additional information, then refreshes the profile and its health. */
export function useSaveAdditionalInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAdditionalInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
