/** Experiential learning rows → the contract's shapes (issue #19 item 5). */
import type { TElInterest, TElInterestsResponse, TParticipationReport } from '@commons/contract';
import {
  EL_OPPORTUNITY_TYPES,
  JOB_EMPLOYMENT_TYPE_LABELS,
  PARTICIPATION_REPORT_STATUS_LABELS,
  participationHours,
  type TElInterestKind,
  type TElOpportunityType,
} from '@commons/domain';
import { fullName } from '../notifications/thread-notifications.js';
import type { TReportRecord } from './experiential-learning.queries.js';

/** The kinds of opportunity an interest may name, with their labels (projects under the hub's tab name). */
export function opportunityTypeOptions(
  projectsLabel: string,
): Array<{ value: TElOpportunityType; label: string }> {
  return EL_OPPORTUNITY_TYPES.map((value) => ({
    value,
    label: value === 'project' ? projectsLabel : JOB_EMPLOYMENT_TYPE_LABELS[value],
  }));
}

/**
 * The interests with their labels and the choices; an interest whose option the hub removed since keeps its
 * stored value as its label.
 */
export function presentInterests(options: {
  interests: ReadonlyArray<{ kind: TElInterestKind; value: string }>;
  choices: TElInterestsResponse['options'];
}): TElInterestsResponse {
  const labelOf = (kind: TElInterestKind, value: string): string =>
    options.choices[kind].find((o) => o.value === value)?.label ?? value;
  const interests: TElInterest[] = options.interests.map((i) => ({
    kind: i.kind,
    value: i.value,
    label: labelOf(i.kind, i.value),
  }));
  return { interests, options: options.choices };
}

export function presentReport(record: TReportRecord): TParticipationReport {
  const { report, member } = record;
  return {
    id: report.id,
    member: {
      id: member.id,
      identifier: member.identifier,
      fullName: fullName(member),
      photoUrl: member.photoUrl,
    },
    post: record.post,
    title: report.title,
    organisation: report.organisation,
    startedOn: report.startedOn,
    endedOn: report.endedOn,
    hours: participationHours(report.minutes),
    reflection: report.reflection,
    status: report.status,
    statusLabel: PARTICIPATION_REPORT_STATUS_LABELS[report.status],
    reviewNote: report.reviewNote,
    reviewedAt: report.reviewedAt?.toISOString() ?? null,
    createdAt: report.createdAt.toISOString(),
  };
}
