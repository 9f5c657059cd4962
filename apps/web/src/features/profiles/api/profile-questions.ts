import { PROFILE_QUESTION_ENDPOINTS, type TProfileQuestion } from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** An answer's value as the questions editor holds it (spec 3 Profile question answer value). */
export type TAnswerValue = string | number | boolean | string[] | null;

/** Under the profiles key: a saved answer refreshes the profile's health and the questions together. */
const profileQuestionsKey = (hubId: string) => [...PROFILES_QUERY_KEY, 'questions', hubId] as const;

/** GET /api/profile-questions of the hub that decides the profile: the questions with my answers. */
export function useProfileQuestions(hubId: string) {
  return useQuery({
    queryKey: profileQuestionsKey(hubId),
    queryFn: ({ signal }): Promise<TProfileQuestion[]> =>
      callEndpoint(PROFILE_QUESTION_ENDPOINTS.list, { hubId, signal }).then((body) => body.items),
  });
}

/** One answer to save, and what became of it: saved, kept unsaved (spec 5), or refused with an error. */
export interface TAnswerChange {
  questionId: string;
  value: TAnswerValue;
}
export interface TAnswerOutcome extends TAnswerChange {
  isSaved: boolean;
  /** Why the request failed; absent when the server answered. */
  error?: unknown;
}

/**
 * PUT /api/profile-questions/{id}/answer for each changed answer, one after another; every outcome is
 * reported so the editor can show each problem at its question. The profile and questions refresh after.
 */
export function useSaveProfileAnswers(hubId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly TAnswerChange[]): Promise<TAnswerOutcome[]> => {
      const outcomes: TAnswerOutcome[] = [];
      for (const change of changes) {
        try {
          const result = await callEndpoint(PROFILE_QUESTION_ENDPOINTS.saveAnswer, {
            hubId,
            params: { id: change.questionId },
            body: { answerData: { value: change.value } },
            isErrorToastSuppressed: true,
          });
          outcomes.push({ ...change, isSaved: result.isSaved });
        } catch (error) {
          outcomes.push({ ...change, isSaved: false, error });
        }
      }
      return outcomes;
    },
    onSettled: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
