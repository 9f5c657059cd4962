import { zonedDate } from '@commons/domain';
import type { TPathwaySummary } from '@commons/contract';
import { Group, Text } from '@mantine/core';
import { formatCalendarDay, useViewerTimeZone } from '../../../lib/viewer-time';
import { estimatedTimeLabel, isPastDue, stepCountLabel } from '../pathway-steps';
import { ProgressBadge } from './progress-badge';

/**
 * A pathway's facts on one wrapping line: its progress label (spec 4), the steps done, the estimated time (spec 3
 * estimatedCompletionTime in days) and the viewer's deadline (completedBy), marked when it has passed.
 */
export function PathwayFacts(props: {
  pathway: Pick<
    TPathwaySummary,
    | 'progress'
    | 'progressLabel'
    | 'completedStepCount'
    | 'stepCount'
    | 'estimatedCompletionTime'
    | 'completedBy'
    | 'completedAt'
  >;
}) {
  const { pathway } = props;
  const timeZone = useViewerTimeZone();
  const estimate = estimatedTimeLabel(pathway.estimatedCompletionTime);
  const isOverdue =
    pathway.completedAt === null && isPastDue(pathway.completedBy, zonedDate(new Date(), timeZone));
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <ProgressBadge progress={pathway.progress} label={pathway.progressLabel} />
      {pathway.progress === 'new' ? null : (
        <Text size="sm">{stepCountLabel(pathway.completedStepCount, pathway.stepCount)}</Text>
      )}
      {estimate === null ? null : (
        <Text size="sm" c="gray.7">
          {estimate}
        </Text>
      )}
      {pathway.completedBy === null ? null : (
        <Text size="sm" c={isOverdue ? 'red.9' : 'gray.7'} fw={isOverdue ? 600 : undefined}>
          {isOverdue ? 'Overdue: was due ' : 'Complete by '}
          {formatCalendarDay(pathway.completedBy, 'medium')}
        </Text>
      )}
    </Group>
  );
}
