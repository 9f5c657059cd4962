import type { TAdminSurvey, TSurveyQuestion } from '@commons/contract';

/** What each kind of question asks for, as the builder and the results name it. */
export const KIND_LABELS: Readonly<Record<TSurveyQuestion['kind'], string>> = {
  single: 'Single choice (one option)',
  multiple: 'Multiple choice (any options)',
  text: 'Text answer',
};

/** The audience as the list and results show it: every member, or the chosen user types and groups. */
export function audienceText(survey: Pick<TAdminSurvey, 'audienceLabels'>): string {
  return survey.audienceLabels.length === 0 ? 'Every member' : survey.audienceLabels.join(', ');
}

/** 'Open' or 'Closed', as words (no coloured badge: its text would fall below AA contrast). */
export function statusText(status: TAdminSurvey['status']): string {
  return status === 'open' ? 'Open' : 'Closed';
}
