import {
  PATHWAY_ENDPOINTS,
  type TPathwayDetail,
  type TPathwayStepState,
  type TPathwaySummary,
  type TSaveStepAnswerRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { pathwaysKeys } from './pathways-keys';

/** The lists of GET /api/pathways (see PATHWAY_LIST_SCOPES). */
export type TPathwayListScope = 'assigned' | 'available' | 'library' | 'manage';

/** The pages' pathways in one list. */
export function pathwaysOf(data: InfiniteData<{ items: TPathwaySummary[] }> | undefined): TPathwaySummary[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** GET /api/pathways?scope=…: one list of pathways, page by page. The page shows its errors itself. */
export function pathwaysQueryOptions(hubIdentifier: string, scope: TPathwayListScope) {
  return infiniteQueryOptions({
    queryKey: pathwaysKeys.list(hubIdentifier, scope),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(PATHWAY_ENDPOINTS.list, {
        hubId: hubIdentifier,
        query: { scope, ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePathways(hubIdentifier: string, scope: TPathwayListScope, isEnabled = true) {
  return useInfiniteQuery({ ...pathwaysQueryOptions(hubIdentifier, scope), enabled: isEnabled });
}

/** GET /api/pathways/{slug}: the pathway with its sections, steps and the viewer's answers. A 404 shows on the page. */
export function pathwayQueryOptions(hubIdentifier: string, slug: string) {
  return queryOptions({
    queryKey: pathwaysKeys.detail(hubIdentifier, slug),
    queryFn: ({ signal }) =>
      callEndpoint(PATHWAY_ENDPOINTS.get, {
        hubId: hubIdentifier,
        params: { slug },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.pathway),
    retry: false,
  });
}

export function usePathway(hubIdentifier: string, slug: string) {
  return useQuery(pathwayQueryOptions(hubIdentifier, slug));
}

/** A changed pathway goes into its query; the lists (labels, buttons, resume steps) load again. */
function usePathwayAnswer(hubIdentifier: string) {
  const client = useQueryClient();
  return (pathway: TPathwayDetail) => {
    client.setQueryData(pathwaysKeys.detail(hubIdentifier, pathway.slug), pathway);
    void client.invalidateQueries({ queryKey: [...pathwaysKeys.all(hubIdentifier), 'list'] });
    void client.invalidateQueries({ queryKey: [...pathwaysKeys.all(hubIdentifier), 'reviews'] });
  };
}

/** POST /api/pathways/{slug}/start: Accept & Start (spec 4); the page shows a failure itself. */
export function useStartPathway(hubIdentifier: string) {
  const onPathway = usePathwayAnswer(hubIdentifier);
  return useMutation({
    mutationFn: (slug: string) =>
      callEndpoint(PATHWAY_ENDPOINTS.start, {
        hubId: hubIdentifier,
        params: { slug },
        isErrorToastSuppressed: true,
      }).then((body) => body.pathway),
    onSuccess: onPathway,
  });
}

/** What one autosave answered: whether it was saved, whether it still waits (spec 5), the step's state. */
export interface TStepSaveResult {
  isSaved: boolean;
  isDirty: boolean;
  state: TPathwayStepState;
}

/**
 * PUT /api/pathways/{slug}/steps/{stepId}/answer: one autosave. The step's new state goes into the pathway's
 * query, so moving away and back shows what was saved without another request.
 */
export function saveStepAnswer(options: {
  hubIdentifier: string;
  slug: string;
  stepId: string;
  value: TSaveStepAnswerRequest['value'];
}): Promise<TStepSaveResult> {
  return callEndpoint(PATHWAY_ENDPOINTS.saveAnswer, {
    hubId: options.hubIdentifier,
    params: { slug: options.slug, stepId: options.stepId },
    body: { value: options.value },
    isErrorToastSuppressed: true,
  });
}

/** Puts a step's saved state into the cached pathway. */
export function withStepState(
  pathway: TPathwayDetail,
  stepId: string,
  state: TPathwayStepState,
): TPathwayDetail {
  return {
    ...pathway,
    sections: pathway.sections.map((section) => ({
      ...section,
      steps: section.steps.map((entry) => (entry.step.id === stepId ? { ...entry, state } : entry)),
    })),
  };
}

/** Keeps a step's autosaved state in the pathway's query. */
export function useStoreStepState(hubIdentifier: string, slug: string) {
  const client = useQueryClient();
  return (stepId: string, state: TPathwayStepState) =>
    client.setQueryData<TPathwayDetail>(pathwaysKeys.detail(hubIdentifier, slug), (pathway) =>
      pathway === undefined ? pathway : withStepState(pathway, stepId, state),
    );
}

/** POST /api/pathways/{slug}/steps/{stepId}/submit: completed, or pending review (spec 4). */
export function useSubmitStep(hubIdentifier: string) {
  const onPathway = usePathwayAnswer(hubIdentifier);
  return useMutation({
    mutationFn: (input: { slug: string; stepId: string }) =>
      callEndpoint(PATHWAY_ENDPOINTS.submit, {
        hubId: hubIdentifier,
        params: { slug: input.slug, stepId: input.stepId },
        isErrorToastSuppressed: true,
      }).then((body) => body.pathway),
    onSuccess: onPathway,
  });
}
