import type { TPathwayStep, TPathwayStepState } from '@commons/contract';
import { Checkbox, Stack } from '@mantine/core';
import { useState, type RefObject } from 'react';
import { useStepAutosave, type TFlushAnswer } from '../use-step-autosave';
import { SaveStatus } from './save-status';

type TChecklistStep = Extract<TPathwayStep, { kind: 'checklist' }>;

/** A checklist step: each tick saves at once. */
export function ChecklistAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TChecklistStep;
  state: TPathwayStepState;
  isEditable: boolean;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { step } = props;
  const saved = props.state.answer?.kind === 'checklist' ? props.state.answer.checkedItemIds : [];
  const [checked, setChecked] = useState<string[]>(saved);
  const autosave = useStepAutosave({
    hubIdentifier: props.hubIdentifier,
    slug: props.slug,
    stepId: step.id,
    delayMs: 300,
    flushRef: props.flushRef,
  });
  const handleChange = (ids: string[]) => {
    // Kept in the items' order, whatever order they were ticked in.
    const ordered = step.items.map((item) => item.id).filter((id) => ids.includes(id));
    setChecked(ordered);
    autosave.change({ kind: 'checklist', checkedItemIds: ordered });
  };
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label="Your checklist"
        description={`${checked.length} of ${step.items.length} done`}
        value={checked}
        onChange={handleChange}
        readOnly={!props.isEditable}
      >
        <Stack gap="xs" mt="xs">
          {step.items.map((item) => (
            <Checkbox key={item.id} value={item.id} label={item.label} disabled={!props.isEditable} />
          ))}
        </Stack>
      </Checkbox.Group>
      <SaveStatus
        status={autosave.status}
        error={autosave.error}
        unsavedReason={null}
        onRetry={() => void autosave.retry()}
      />
    </Stack>
  );
}
