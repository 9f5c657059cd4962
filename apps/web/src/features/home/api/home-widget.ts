import { HOME_ENDPOINTS, type THomeWidget } from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/** The hub's customizable widget as stored (GET /api/home/widget), for hub admins. */
export function useHomeWidget(hubId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: homeKeys.widget(hubId),
    queryFn: ({ signal }) => callEndpoint(HOME_ENDPOINTS.widget, { signal, hubId }),
    enabled: isEnabled,
  });
}

/** Saves (or removes, with null) the widget; the server sanitises its HTML and every home query refetches. */
export function useUpdateHomeWidget(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (widget: THomeWidget | null) =>
      callEndpoint(HOME_ENDPOINTS.updateWidget, { body: { widget }, hubId, isErrorToastSuppressed: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(homeKeys.widget(hubId), saved);
      return queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}
