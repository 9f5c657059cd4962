import {
  PROFILE_ENDPOINTS,
  SIGNUP_ENDPOINTS,
  type TPatchProfileRequest,
  type TPutProfileFieldValuesRequest,
  type TSchoolItemInput,
  type TWorkHistoryItemInput,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { signupKeys } from './signup-keys';

/**
 * Query options of GET /api/signup/options with x-hub-id: the hub's standard-data option lists and its custom
 * profile fields required of the member's user type.
 */
export function signupOptionsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: signupKeys.options(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(SIGNUP_ENDPOINTS.options, { hubId: hubIdentifier, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The hub's standard-data options (job industries, help topics, job functions, passion, hobbies, archetype). */
export function useSignupOptions(hubIdentifier: string) {
  return useQuery({ ...signupOptionsQueryOptions(hubIdentifier), select: (body) => body.options });
}

/** The hub's custom profile fields required of the member's user type, with their answers (issue #22 item 1). */
export function useSignupRequiredFields(hubIdentifier: string) {
  return useQuery({
    ...signupOptionsQueryOptions(hubIdentifier),
    select: (body) => body.requiredProfileFields,
  });
}

/** The signed-in user's own profile, to prefill the steps when registration continues. */
export function useMyProfile() {
  return useQuery({
    queryKey: ['profiles', 'me', null],
    queryFn: ({ signal }) =>
      callEndpoint(PROFILE_ENDPOINTS.profile, {
        params: { identifier: 'me' },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.profile),
  });
}

/** The writes of the signup steps; each step shows its failure itself. */
export function useSignupSaves(hubIdentifier: string) {
  const options = { hubId: hubIdentifier, isErrorToastSuppressed: true } as const;
  return {
    basics: useMutation({
      mutationFn: (body: TPatchProfileRequest) =>
        callEndpoint(PROFILE_ENDPOINTS.updateMe, { ...options, body }),
    }),
    schools: useMutation({
      mutationFn: (items: TSchoolItemInput[]) =>
        callEndpoint(PROFILE_ENDPOINTS.schools, { ...options, body: { items } }),
    }),
    workHistory: useMutation({
      mutationFn: (items: TWorkHistoryItemInput[]) =>
        callEndpoint(PROFILE_ENDPOINTS.workHistory, { ...options, body: { items } }),
    }),
    standardData: useMutation({
      mutationFn: (selections: Record<string, string[]>) =>
        callEndpoint(SIGNUP_ENDPOINTS.standardData, { ...options, body: { selections } }),
    }),
    customFields: useMutation({
      mutationFn: (body: TPutProfileFieldValuesRequest) =>
        callEndpoint(PROFILE_ENDPOINTS.customFields, { ...options, body }),
    }),
  };
}

/** POST /api/signup/complete: finishes signup; the answer says where to go next (FTU, redirect, home or pending). */
export function useCompleteSignup(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postSignupRedirect: string | null) =>
      callEndpoint(SIGNUP_ENDPOINTS.complete, {
        hubId: hubIdentifier,
        body: postSignupRedirect === null ? {} : { postSignupRedirect },
      }),
    onSuccess: (body) => {
      client.setQueryData(ME_QUERY_KEY, body.user);
      void client.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}

/** POST /api/ftu/matching: people suggested for the chosen industries and help topics (labels), with reasons. */
export function useFtuMatching(hubIdentifier: string, input: { industries: string[]; helpTopics: string[] }) {
  return useQuery({
    queryKey: signupKeys.ftuMatching(hubIdentifier, input),
    queryFn: ({ signal }) =>
      callEndpoint(SIGNUP_ENDPOINTS.ftuMatching, { hubId: hubIdentifier, body: input, signal }).then(
        (body) => body.suggestions,
      ),
  });
}

/** POST /api/ftu/complete: ends the first-time-user flow. */
export function useCompleteFtu(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(SIGNUP_ENDPOINTS.ftuComplete, { hubId: hubIdentifier }),
    onSuccess: (body) => client.setQueryData(ME_QUERY_KEY, body.user),
  });
}
