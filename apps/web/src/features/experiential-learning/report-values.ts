/**
 * The participation report form (contract ZCreateParticipationReportRequest): its values, the checks the
 * domain defines (hours in quarter hours, dates, a reflection) before sending, and the request. Pure.
 */
import type { TCreateParticipationReportRequest } from '@commons/contract';
import {
  isValidParticipationHours,
  participationDateErrors,
  PARTICIPATION_MESSAGES,
  PARTICIPATION_REFLECTION_MAX,
} from '@commons/domain';

/** What the report form edits; '' is "not chosen" for the opportunity and the end day. */
export interface TReportValues {
  postId: string;
  title: string;
  organisation: string;
  startedOn: string;
  endedOn: string;
  /** As typed, for example '2.5'. */
  hours: string;
  reflection: string;
}

/** The field errors of the values before sending (the server checks the same and answers its own). */
export function reportErrors(values: TReportValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.postId === '' && values.title.trim() === '') errors['title'] = PARTICIPATION_MESSAGES.title;
  if (values.startedOn === '') errors['startedOn'] = 'Enter the day it started.';
  else
    Object.assign(
      errors,
      participationDateErrors({
        startedOn: values.startedOn,
        endedOn: values.endedOn === '' ? null : values.endedOn,
        today,
      }),
    );
  if (values.hours.trim() === '' || !isValidParticipationHours(Number(values.hours)))
    errors['hours'] = PARTICIPATION_MESSAGES.hours;
  if (values.reflection.trim() === '') errors['reflection'] = PARTICIPATION_MESSAGES.reflection;
  else if (values.reflection.length > PARTICIPATION_REFLECTION_MAX)
    errors['reflection'] = PARTICIPATION_MESSAGES.reflectionTooLong;
  return errors;
}

/** The request of valid values. */
export function reportRequestFrom(values: TReportValues): TCreateParticipationReportRequest {
  return {
    postId: values.postId === '' ? null : values.postId,
    title: values.title.trim(),
    organisation: values.organisation.trim(),
    startedOn: values.startedOn,
    endedOn: values.endedOn === '' ? null : values.endedOn,
    hours: Number(values.hours),
    reflection: values.reflection.trim(),
  };
}
