import { isApiError } from '../../../lib/api-error';
import { applicationFileProblem } from '../application-file';
import {
  endpointPath,
  JOB_APPLICATION_ENDPOINTS,
  PROFILE_ENDPOINTS,
  type TApplicationFile,
  type TApplyRequest,
  type TApplicationStateValue,
  type TJobApplication,
  type TReviewWorkRequest,
  type TSubmitWorkRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDownload, apiRequest, callEndpoint } from '../../../lib/api-client';
import { jobsKeys } from './jobs-keys';

/** GET /api/profiles/me: the viewer's profile documents, offered as a resume. */
export function useMyProfileFiles(hubIdentifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: jobsKeys.myFiles(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(PROFILE_ENDPOINTS.profile, { hubId: hubIdentifier, params: { identifier: 'me' }, signal }),
    select: (body) => body.profile.sections.files ?? [],
    enabled: isEnabled,
  });
}

/** POST /api/applications/files: a resume or work file for an application (PDF or DOCX, 10 MB). */
export function uploadApplicationFile(hubIdentifier: string, file: File): Promise<TApplicationFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const endpoint = JOB_APPLICATION_ENDPOINTS.uploadFile;
  // Multipart, so apiRequest() with the endpoint's path and schema (callEndpoint() sends declared bodies).
  return apiRequest(endpoint.path, {
    method: endpoint.method,
    body,
    hubId: hubIdentifier,
    schema: endpoint.response,
    isErrorToastSuppressed: true,
  }).then((answer) => answer.file);
}

/**
 * A chosen resume or work file checked, then uploaded: its id, or the problem to show the user (the check
 * before sending, the server's field error, or a failed upload).
 */
export async function uploadCheckedApplicationFile(
  hubIdentifier: string,
  file: File,
): Promise<{ id: string } | { problem: string }> {
  const problem = applicationFileProblem(file);
  if (problem !== null) return { problem };
  try {
    return { id: (await uploadApplicationFile(hubIdentifier, file)).id };
  } catch (error) {
    return {
      problem: isApiError(error)
        ? (error.fields['file'] ?? error.userMessage ?? 'The upload failed.')
        : 'The upload failed.',
    };
  }
}

/** POST /api/jobs/{id}/applications: apply with a note and a resume; errors show in the dialog. */
export function useApply(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { postId: string; body: TApplyRequest }) =>
      callEndpoint(JOB_APPLICATION_ENDPOINTS.apply, {
        hubId: hubIdentifier,
        params: { id: input.postId },
        body: input.body,
        isErrorToastSuppressed: true,
      }).then((answer) => answer.application),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) });
      void client.invalidateQueries({ queryKey: ['experiential-learning', hubIdentifier] });
    },
  });
}

/** GET /api/applications/mine: the viewer's applications (the Applied tab), newest first. */
export function useMyApplications(hubIdentifier: string, isEnabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobsKeys.myApplications(hubIdentifier, {}),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(JOB_APPLICATION_ENDPOINTS.mine, {
          hubId: hubIdentifier,
          signal,
          query: { cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
    }),
  );
}

/** GET /api/jobs/{id}/applications: a post's applicants (owner, admins), optionally in one state. */
export function useApplicants(
  hubIdentifier: string,
  postId: string,
  state: TApplicationStateValue | null,
  isEnabled: boolean,
) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobsKeys.applicants(hubIdentifier, postId, { state }),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(JOB_APPLICATION_ENDPOINTS.applicants, {
          hubId: hubIdentifier,
          params: { id: postId },
          signal,
          query: { ...(state === null ? {} : { state }), cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
      placeholderData: (previous) => previous,
    }),
  );
}

/** The moves of an application a person makes (contract JOB_APPLICATION_ENDPOINTS). */
export type TApplicationMove =
  | { action: 'shortlist' | 'hire' | 'reject' | 'withdraw'; message?: string }
  | { action: 'submit'; work: TSubmitWorkRequest }
  | { action: 'complete' | 'markNotCompleted'; review: TReviewWorkRequest };

function callMove(hubIdentifier: string, id: string, move: TApplicationMove): Promise<TJobApplication> {
  const common = { hubId: hubIdentifier, params: { id }, isErrorToastSuppressed: true } as const;
  const decision = (message: string | undefined) =>
    message === undefined || message.trim() === '' ? {} : { message };
  let answer;
  switch (move.action) {
    case 'shortlist':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.shortlist, { ...common, body: decision(move.message) });
      break;
    case 'hire':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.hire, { ...common, body: decision(move.message) });
      break;
    case 'reject':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.reject, { ...common, body: decision(move.message) });
      break;
    case 'withdraw':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.withdraw, { ...common, body: decision(move.message) });
      break;
    case 'submit':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.submit, { ...common, body: move.work });
      break;
    case 'complete':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.complete, { ...common, body: move.review });
      break;
    case 'markNotCompleted':
      answer = callEndpoint(JOB_APPLICATION_ENDPOINTS.markNotCompleted, { ...common, body: move.review });
      break;
  }
  return answer.then((body) => body.application);
}

/** One move of the status machine on an application; the board, the post and the lists reload after. */
export function useApplicationMove(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { applicationId: string; move: TApplicationMove }) =>
      callMove(hubIdentifier, input.applicationId, input.move),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) });
      void client.invalidateQueries({ queryKey: ['experiential-learning', hubIdentifier] });
    },
  });
}

/** GET /api/applications/{id}/files/{fileId} with the bearer token, saved under its name. */
export function downloadApplicationFile(options: {
  applicationId: string;
  file: TApplicationFile;
}): Promise<void> {
  return apiDownload(
    endpointPath(JOB_APPLICATION_ENDPOINTS.file.path, { id: options.applicationId, fileId: options.file.id }),
    options.file.name,
  );
}

/** How many applications one page of the search for the viewer's application reads. */
const MY_APPLICATION_PAGE = 100;

/**
 * The viewer's application to one post, or null: their applications of that kind, read page by page until it
 * shows (the contract lists a member's applications, newest first; one post has at most one of theirs).
 */
export function useMyApplicationFor(
  hubIdentifier: string,
  post: { id: string; jobFlow: 'job' | 'project' },
  isEnabled: boolean,
) {
  return useQuery({
    queryKey: [...jobsKeys.myApplications(hubIdentifier, { jobFlow: post.jobFlow }), 'for', post.id],
    queryFn: async ({ signal }) => {
      let cursor: string | undefined;
      for (;;) {
        const page = await callEndpoint(JOB_APPLICATION_ENDPOINTS.mine, {
          hubId: hubIdentifier,
          signal,
          query: {
            jobFlow: post.jobFlow,
            limit: MY_APPLICATION_PAGE,
            ...(cursor === undefined ? {} : { cursor }),
          },
        });
        const found = page.items.find((application) => application.post.id === post.id);
        if (found !== undefined) return found;
        if (page.nextCursor === null) return null;
        cursor = page.nextCursor;
      }
    },
    enabled: isEnabled,
  });
}
