import {
  HUB_WELCOME_ENDPOINTS,
  INBOX_ADMIN_ENDPOINTS,
  type TPutAutoGreetingRequest,
  type TPutNotificationDefaultsRequest,
  type TPutOutreachTemplatesRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keyOf = (hubIdentifier: string, part: string) => ['hub', hubIdentifier, 'admin-welcome', part] as const;

/** GET /api/hub/outreach-templates: the hub's templates per user type pair, the defaults and the user types (templates). */
export function outreachTemplatesQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'templates'),
    queryFn: ({ signal }) =>
      callEndpoint(INBOX_ADMIN_ENDPOINTS.templates, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useOutreachTemplates(hubIdentifier: string) {
  return useQuery(outreachTemplatesQueryOptions(hubIdentifier));
}

/** PUT /api/hub/outreach-templates: one pair's whole set; an empty set brings back the defaults. */
export function useReplaceOutreachTemplates(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutOutreachTemplatesRequest) =>
      callEndpoint(INBOX_ADMIN_ENDPOINTS.replaceTemplates, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(hubIdentifier, 'templates') }),
  });
}

/** GET /api/admin/auto-greeting (auto-greeting). */
export function autoGreetingQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'auto-greeting'),
    queryFn: ({ signal }) =>
      callEndpoint(HUB_WELCOME_ENDPOINTS.autoGreeting, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useAutoGreeting(hubIdentifier: string) {
  return useQuery(autoGreetingQueryOptions(hubIdentifier));
}

/** PUT /api/admin/auto-greeting; the answer replaces the cached greeting. */
export function useSaveAutoGreeting(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutAutoGreetingRequest) =>
      callEndpoint(HUB_WELCOME_ENDPOINTS.saveAutoGreeting, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => client.setQueryData(autoGreetingQueryOptions(hubIdentifier).queryKey, answer),
  });
}

/** GET /api/admin/notification-defaults (notifications). */
export function notificationDefaultsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: keyOf(hubIdentifier, 'notification-defaults'),
    queryFn: ({ signal }) =>
      callEndpoint(HUB_WELCOME_ENDPOINTS.notificationDefaults, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useNotificationDefaults(hubIdentifier: string) {
  return useQuery(notificationDefaultsQueryOptions(hubIdentifier));
}

/** PUT /api/admin/notification-defaults; the answer replaces the cached defaults. */
export function useSaveNotificationDefaults(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutNotificationDefaultsRequest) =>
      callEndpoint(HUB_WELCOME_ENDPOINTS.saveNotificationDefaults, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) =>
      client.setQueryData(notificationDefaultsQueryOptions(hubIdentifier).queryKey, answer),
  });
}
