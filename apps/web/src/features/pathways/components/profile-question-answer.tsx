import type { TPathwayStep, TPathwayStepState, TProfileQuestion } from '@commons/contract';
import { TEXT_ANSWER_MAX_COUNT, TEXT_ANSWER_MIN_COUNT } from '@commons/domain';
import { Checkbox, Group, NativeSelect, Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { textCount, unsavedTextReason } from '../answer-rules';
import { readStepDraft, writeStepDraft } from '../step-drafts';
import { useStepAutosave, type TFlushAnswer } from '../use-step-autosave';
import { SaveStatus } from './save-status';

type TQuestionStep = Extract<TPathwayStep, { kind: 'profileQuestion' }>;
type TValue = string | number | boolean | string[] | null;

/** Commons: the scale of a likert question that names no options of its own (as on the profile). */
const DEFAULT_LIKERT_OPTIONS = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];
const RATING_VALUES = ['1', '2', '3', '4', '5'];

/** The field's starting value: the saved profile answer, else an empty one of the question's type. */
function initialValue(question: TProfileQuestion): TValue {
  const saved = question.answer?.value;
  if (saved !== undefined && saved !== null) return saved;
  if (question.questionType === 'list') return question.allowsMultiple ? [] : '';
  if (
    question.questionType === 'text' ||
    question.questionType === 'textLink' ||
    question.questionType === 'likert'
  )
    return '';
  return null;
}

/**
 * A profile question step: the hub's question answered here is the member's profile answer (spec 3), autosaved
 * under the spec 5 rules; a text answer not saved yet is kept in this browser too.
 */
export function ProfileQuestionAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TQuestionStep;
  state: TPathwayStepState;
  isEditable: boolean;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { question } = props.state;
  if (question === null)
    return (
      <EmptyState title="This question is no longer asked">
        The hub removed the profile question of this step. You can go on to the next step.
      </EmptyState>
    );
  return <QuestionAnswer {...props} question={question} />;
}

function QuestionAnswer(props: {
  hubIdentifier: string;
  slug: string;
  step: TQuestionStep;
  question: TProfileQuestion;
  isEditable: boolean;
  flushRef: RefObject<TFlushAnswer | null>;
}) {
  const { hubIdentifier, slug, step, question } = props;
  const draftKey = { hubIdentifier, slug, stepId: step.id };
  const isText = question.questionType === 'text' || question.questionType === 'textLink';
  const saved = initialValue(question);
  const [initialDraft] = useState(() => (isText && props.isEditable ? readStepDraft(draftKey) : null));
  const [value, setValue] = useState<TValue>(initialDraft ?? saved);
  const autosave = useStepAutosave({ ...draftKey, delayMs: isText ? 800 : 300, flushRef: props.flushRef });
  const { change, status } = autosave;

  const send = (next: TValue) =>
    change({
      kind: 'profileQuestion',
      answerData: {
        value: next,
        ...(typeof next === 'string' && question.questionType === 'text' ? { count: textCount(next) } : {}),
      },
    });
  // Text kept from an earlier visit that the server does not have yet is sent again.
  useEffect(() => {
    if (initialDraft !== null && initialDraft !== saved) send(initialDraft);
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (status === 'saved' && isText) writeStepDraft(draftKey, null);
    // The key's parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, hubIdentifier, slug, step.id]);

  const handleChange = (next: TValue) => {
    setValue(next);
    if (isText && typeof next === 'string') writeStepDraft(draftKey, next);
    send(next);
  };

  const common = {
    label: question.name,
    description: question.description ?? undefined,
    required: question.isRequired,
    readOnly: !props.isEditable,
  };
  const text = typeof value === 'string' ? value : '';
  let field;
  switch (question.questionType) {
    case 'text':
      field = (
        <Textarea
          {...common}
          description={`${question.description === null ? '' : `${question.description} `}${textCount(text)} characters; answers of ${TEXT_ANSWER_MIN_COUNT} to ${TEXT_ANSWER_MAX_COUNT} characters are saved as you type.`}
          placeholder={question.placeholder ?? undefined}
          autosize
          minRows={4}
          value={text}
          onChange={(event) => handleChange(event.currentTarget.value)}
        />
      );
      break;
    case 'textLink':
      field = (
        <TextInput
          {...common}
          placeholder={question.placeholder ?? undefined}
          value={text}
          onChange={(event) => handleChange(event.currentTarget.value)}
        />
      );
      break;
    case 'likert':
    case 'rating': {
      const isRating = question.questionType === 'rating';
      const options = isRating
        ? RATING_VALUES
        : question.options.length > 0
          ? question.options
          : DEFAULT_LIKERT_OPTIONS;
      field = (
        <Radio.Group
          {...common}
          value={value === null ? '' : String(value)}
          onChange={(next) => handleChange(isRating ? Number(next) : next)}
        >
          <Group mt="xs">
            {options.map((option) => (
              <Radio key={option} value={option} label={option} disabled={!props.isEditable} />
            ))}
          </Group>
        </Radio.Group>
      );
      break;
    }
    case 'list':
      field = question.allowsMultiple ? (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={handleChange}>
          <Stack gap={6} mt="xs">
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={!props.isEditable} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <NativeSelect
          {...common}
          disabled={!props.isEditable}
          data={[{ value: '', label: question.placeholder ?? 'Select...' }, ...question.options]}
          value={text}
          onChange={(event) => handleChange(event.currentTarget.value)}
        />
      );
      break;
    case 'switch':
      field = (
        <Switch
          {...common}
          disabled={!props.isEditable}
          checked={value === true}
          onChange={(event) => handleChange(event.currentTarget.checked)}
        />
      );
      break;
    case 'video':
      field = (
        <Checkbox
          {...common}
          disabled={!props.isEditable}
          checked={value === true}
          onChange={(event) => handleChange(event.currentTarget.checked)}
        />
      );
      break;
  }
  return (
    <Stack gap="xs">
      {field}
      <SaveStatus
        status={status}
        error={autosave.error}
        unsavedReason={
          typeof value === 'string'
            ? unsavedTextReason(value, { isCounted: question.questionType === 'text' })
            : null
        }
        onRetry={() => void autosave.retry()}
      />
      <UnsavedChangesGuard isDirty={status === 'error' || status === 'unsaved'} />
    </Stack>
  );
}
