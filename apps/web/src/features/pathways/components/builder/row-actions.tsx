import { Button, Group } from '@mantine/core';

/** Move up, Move down and Remove of one row of the builder, named after the row for screen readers. */
export function RowActions(props: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** The last section or step cannot be removed: a pathway needs one of each. */
  canRemove: boolean;
}) {
  return (
    <Group gap={6}>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={`Move ${props.name} up`}
        disabled={props.index === 0}
        onClick={() => props.onMove(-1)}
      >
        Up
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={`Move ${props.name} down`}
        disabled={props.index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        Down
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        aria-label={`Remove ${props.name}`}
        disabled={!props.canRemove}
        onClick={props.onRemove}
      >
        Remove
      </Button>
    </Group>
  );
}
