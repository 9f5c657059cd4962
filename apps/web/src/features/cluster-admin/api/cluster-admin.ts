import {
  CLUSTER_ADMIN_ENDPOINTS,
  CLUSTER_PUBLIC_ENDPOINTS,
  type TCreateMajorRequest,
  type TUpdateClusterEmailSettingsRequest,
  type TUpdateLandingPageRequest,
  type TUpdateMajorRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { MAJOR_CATALOGUE_KEY } from '../../../lib/major-catalogue';

const keys = {
  hubs: ['cluster-admin', 'hubs'] as const,
  landingPage: ['cluster-admin', 'landing-page'] as const,
  emailSettings: ['cluster-admin', 'email-settings'] as const,
  majors: ['cluster-admin', 'majors'] as const,
  publicLandingPage: ['cluster', 'landing-page'] as const,
};

/** GET /api/admin/cluster/hubs: the cluster's hubs with their admins, a page at a time. */
export function useClusterHubs() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: keys.hubs,
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(CLUSTER_ADMIN_ENDPOINTS.hubs, {
          query: { cursor: pageParam ?? undefined },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

/** GET /api/admin/cluster/landing-page. */
export function useLandingPageSettings() {
  return useQuery({
    queryKey: keys.landingPage,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.landingPage, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useSaveLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateLandingPageRequest) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.updateLandingPage, { body }),
    onSuccess: (landingPage) => {
      client.setQueryData(keys.landingPage, { landingPage });
      void client.invalidateQueries({ queryKey: keys.publicLandingPage });
    },
  });
}

export function useRemoveLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(CLUSTER_ADMIN_ENDPOINTS.removeLandingPage, {}),
    onSuccess: () => {
      client.setQueryData(keys.landingPage, { landingPage: null });
      void client.invalidateQueries({ queryKey: keys.publicLandingPage });
    },
  });
}

/** GET /api/admin/cluster/email-settings (the SMTP override only as set or not). */
export function useEmailSettings() {
  return useQuery({
    queryKey: keys.emailSettings,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.emailSettings, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useSaveEmailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateClusterEmailSettingsRequest) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.updateEmailSettings, { body }),
    onSuccess: (settings) => client.setQueryData(keys.emailSettings, settings),
  });
}

/** GET /api/admin/cluster/majors: the whole catalogue, archived majors included. */
export function useMajors() {
  return useQuery({
    queryKey: keys.majors,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.majors, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

function useMajorsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: keys.majors });
    void client.invalidateQueries({ queryKey: MAJOR_CATALOGUE_KEY });
  };
}

export function useCreateMajor() {
  const changed = useMajorsChanged();
  return useMutation({
    // The form shows the refusal on its name field (the field's message or the answer's).
    mutationFn: (body: TCreateMajorRequest) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.createMajor, { body, isErrorToastSuppressed: true }),
    onSuccess: changed,
  });
}

export function useUpdateMajor() {
  const changed = useMajorsChanged();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateMajorRequest }) =>
      callEndpoint(CLUSTER_ADMIN_ENDPOINTS.updateMajor, {
        params: { id: input.id },
        body: input.body,
        // A rename's refusal shows on its name field; an archive's is toasted.
        isErrorToastSuppressed: input.body.name !== undefined,
      }),
    onSuccess: changed,
  });
}

export function useReorderMajors() {
  const client = useQueryClient();
  const changed = useMajorsChanged();
  return useMutation({
    mutationFn: (ids: string[]) => callEndpoint(CLUSTER_ADMIN_ENDPOINTS.reorderMajors, { body: { ids } }),
    onSuccess: (list) => {
      client.setQueryData(keys.majors, list);
      changed();
    },
  });
}

/** GET /api/cluster/landing-page: what visitors of `/` see, or null for the default page. */
export function usePublicLandingPage(isEnabled: boolean) {
  return useQuery({
    queryKey: keys.publicLandingPage,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_PUBLIC_ENDPOINTS.landingPage, { signal, isErrorToastSuppressed: true }),
    enabled: isEnabled,
    retry: false,
    staleTime: 60_000,
  });
}
