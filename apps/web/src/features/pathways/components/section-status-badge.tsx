import { Badge } from '@mantine/core';
import type { TSectionProgress } from '@commons/domain';
import { sectionStatusLabel } from '../pathway-steps';

const COLORS: Readonly<Record<TSectionProgress, string>> = {
  'in-progress': 'indigo.8',
  pending: 'grape.9',
  completed: 'teal.9',
};

/** A section's status (spec 3 form.sections[].status, spec 4): Completed, Pending review or In progress. */
export function SectionStatusBadge({ status }: { status: TSectionProgress }) {
  return (
    <Badge color={COLORS[status]} variant="filled" radius="sm" tt="none">
      {sectionStatusLabel(status)}
    </Badge>
  );
}
