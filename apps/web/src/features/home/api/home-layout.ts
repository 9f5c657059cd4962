import { HOME_ENDPOINTS, type TUpdateHomeLayoutRequest } from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/** Every tab's sections in the hub's order with the hidden ones (GET /api/home/layout), for hub admins. */
export function useHomeLayout(hubId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: homeKeys.layout(hubId),
    queryFn: ({ signal }) => callEndpoint(HOME_ENDPOINTS.layout, { signal, hubId }),
    enabled: isEnabled,
  });
}

/** Saves one tab's order and hidden sections; every home query of the hub refetches. */
export function useUpdateHomeLayout(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateHomeLayoutRequest) =>
      callEndpoint(HOME_ENDPOINTS.updateLayout, { body, hubId, isErrorToastSuppressed: true }),
    onSuccess: (layout) => {
      queryClient.setQueryData(homeKeys.layout(hubId), layout);
      return queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}
