import { Badge } from '@mantine/core';
import type { TPathwayProgressValue } from '@commons/contract';

/** Filled, dark shades: white text on them passes WCAG AA contrast. */
const COLORS: Readonly<Record<TPathwayProgressValue, string>> = {
  new: 'blue.8',
  'in-progress': 'indigo.8',
  pending: 'grape.9',
  completed: 'teal.9',
};

/** A pathway's progress (spec 4) as the server words it: New, In progress, Pending review, Completed. */
export function ProgressBadge(props: { progress: TPathwayProgressValue; label: string }) {
  return (
    <Badge color={COLORS[props.progress]} variant="filled" radius="sm" tt="none">
      {props.label}
    </Badge>
  );
}
