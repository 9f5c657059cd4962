import type { TPathwayStep, TPathwayStepState } from '@commons/contract';
import { TEXT_ANSWER_MAX_COUNT, TEXT_ANSWER_MIN_COUNT } from '@commons/domain';
import { Stack, Textarea } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { textCount, unsavedTextReason } from '../answer-rules';
import { readStepDraft, writeStepDraft } from '../step-drafts';
import { useStepAutosave, type TFlushAnswer } from '../use-step-autosave';
import { SaveStatus } from './save-status';

type TReflectionStep = Extract<TPathwayStep, { kind: 'reflection' }>;

/**
 * A reflection step: the prompt and a text answer, autosaved a moment after typing stops, under the spec 5 rules
 * (saved from 50 to 1000 characters). Text not saved yet is also kept in this browser and comes back here.
 */
export function ReflectionAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TReflectionStep;
  state: TPathwayStepState;
  isEditable: boolean;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { hubIdentifier, slug, step } = props;
  const draftKey = { hubIdentifier, slug, stepId: step.id };
  const saved = props.state.answer?.kind === 'reflection' ? props.state.answer.text : '';
  const [initialDraft] = useState(() => (props.isEditable ? readStepDraft(draftKey) : null));
  const [text, setText] = useState(initialDraft ?? saved);
  const autosave = useStepAutosave({ ...draftKey, delayMs: 800, flushRef: props.flushRef });
  const { change, status } = autosave;

  // Text kept from an earlier visit that the server does not have yet is sent again.
  useEffect(() => {
    if (initialDraft !== null && initialDraft !== saved) change({ kind: 'reflection', text: initialDraft });
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (status === 'saved') writeStepDraft(draftKey, null);
    // The key's parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, hubIdentifier, slug, step.id]);

  const handleChange = (value: string) => {
    setText(value);
    writeStepDraft(draftKey, value);
    change({ kind: 'reflection', text: value });
  };
  const count = textCount(text);
  return (
    <Stack gap="xs">
      <Textarea
        label="Your reflection"
        description={`${count} characters; answers of ${TEXT_ANSWER_MIN_COUNT} to ${TEXT_ANSWER_MAX_COUNT} characters are saved as you type.`}
        autosize
        minRows={5}
        maxRows={16}
        value={text}
        readOnly={!props.isEditable}
        onChange={(event) => handleChange(event.currentTarget.value)}
      />
      <SaveStatus
        status={status}
        error={autosave.error}
        unsavedReason={unsavedTextReason(text, { isCounted: true })}
        onRetry={() => void autosave.retry()}
      />
      <UnsavedChangesGuard isDirty={status === 'error' || status === 'unsaved'} />
    </Stack>
  );
}
