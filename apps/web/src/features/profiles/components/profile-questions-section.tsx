import type { TProfileQuestion } from '@commons/contract';
import { TEXT_ANSWER_MAX_COUNT, TEXT_ANSWER_MIN_COUNT } from '@commons/domain';
import {
  Alert,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import {
  useProfileQuestions,
  useSaveProfileAnswers,
  type TAnswerChange,
  type TAnswerValue,
} from '../api/profile-questions';
import {
  answerCount,
  answerDraftOf,
  answerProblem,
  answerText,
  DEFAULT_LIKERT_OPTIONS,
  isAnswerGiven,
  isSameAnswer,
  RATING_VALUES,
} from '../utils/profile-answers';
import { EditorActions } from './editor-actions';

const NOT_SAVED_MESSAGE = 'This answer was not saved.';

/**
 * The owner's answers to their hub's profile questions (spec 3 dynamic profile): read, or edited in place
 * when `isEditing`. Only the owner sees them (the answers API is the member's own).
 */
export function ProfileQuestionsSection(props: {
  hubId: string;
  isEditing: boolean;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const questions = useProfileQuestions(props.hubId);
  if (questions.isPending) return <LoadingState label="Loading the profile questions…" />;
  if (questions.isError)
    return <ErrorState error={questions.error} onRetry={() => void questions.refetch()} />;
  if (!props.isEditing) return <ProfileQuestionsView questions={questions.data} />;
  return (
    <ProfileQuestionsEditor
      hubId={props.hubId}
      questions={questions.data}
      onDone={props.onDone}
      onDirtyChange={props.onDirtyChange}
    />
  );
}

function ProfileQuestionsView({ questions }: { questions: TProfileQuestion[] }) {
  return (
    <Stack gap="sm">
      {questions.map((question) => {
        const text = answerText(question.answer?.value);
        return (
          <div key={question.id}>
            <Text fw={600}>{question.name}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} c={text === null ? 'dimmed' : undefined}>
              {text ?? 'Not answered yet.'}
            </Text>
          </div>
        );
      })}
    </Stack>
  );
}

/**
 * One field per question by its type (spec 3, spec 5 Program question fields). Save sends the changed
 * answers; a text answer outside 50–1000 characters is kept unsaved by the server (spec 5), so it is
 * checked first and its problem shown at the field, as is any answer the server refuses.
 */
function ProfileQuestionsEditor(props: {
  hubId: string;
  questions: TProfileQuestion[];
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const initial = Object.fromEntries(props.questions.map((q) => [q.id, answerDraftOf(q)]));
  const [drafts, setDrafts] = useState<Record<string, TAnswerValue>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProfileAnswers(props.hubId);

  const changed = (values: Record<string, TAnswerValue>): TAnswerChange[] =>
    props.questions
      .filter((q) => !isSameAnswer(values[q.id] ?? null, initial[q.id] ?? null))
      .filter((q) => isAnswerGiven(values[q.id] ?? null))
      .map((q) => ({ questionId: q.id, value: values[q.id] ?? null }));

  const handleChange = (questionId: string, value: TAnswerValue) => {
    const next = { ...drafts, [questionId]: value };
    setDrafts(next);
    props.onDirtyChange(
      props.questions.some((q) => !isSameAnswer(next[q.id] ?? null, initial[q.id] ?? null)),
    );
  };

  const finish = () => {
    props.onDirtyChange(false);
    props.onDone();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found: Record<string, string> = {};
    for (const question of props.questions) {
      const problem = answerProblem(question, drafts[question.id] ?? null);
      if (problem !== null) found[question.id] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(formElement);
    save.mutate(changed(drafts), {
      onSuccess: (outcomes) => {
        const refused: Record<string, string> = {};
        for (const outcome of outcomes) {
          if (outcome.isSaved) continue;
          refused[outcome.questionId] = isApiError(outcome.error)
            ? (Object.values(outcome.error.fields)[0] ?? outcome.error.userMessage ?? NOT_SAVED_MESSAGE)
            : NOT_SAVED_MESSAGE;
        }
        setErrors(refused);
        if (Object.keys(refused).length > 0) return focusFirstInvalidField(formElement);
        finish();
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <div aria-live="assertive">
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="outline" title="Please check the highlighted answers" mb="md">
            Each problem is shown next to its question.
          </Alert>
        ) : (
          <ErrorAlert error={save.error} title="Your answers were not saved" mb="md" />
        )}
      </div>
      <Stack gap="md">
        {props.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={drafts[question.id] ?? null}
            error={errors[question.id]}
            onChange={(value) => handleChange(question.id, value)}
          />
        ))}
      </Stack>
      <EditorActions isSaving={save.isPending} onCancel={finish} />
    </form>
  );
}

function QuestionField(props: {
  question: TProfileQuestion;
  value: TAnswerValue;
  error: string | undefined;
  onChange: (value: TAnswerValue) => void;
}) {
  const { question, value } = props;
  const common = {
    name: `question-${question.id}`,
    label: question.name,
    description: question.description ?? undefined,
    required: question.isRequired,
    error: props.error,
  };
  const text = typeof value === 'string' ? value : '';
  switch (question.questionType) {
    case 'text':
      return (
        <Textarea
          {...common}
          description={
            <>
              {question.description === null ? null : <>{question.description} </>}
              {`${answerCount(value)} characters; an answer needs ${TEXT_ANSWER_MIN_COUNT} to ${TEXT_ANSWER_MAX_COUNT}.`}
            </>
          }
          placeholder={question.placeholder ?? undefined}
          autosize
          minRows={3}
          value={text}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      );
    case 'textLink':
      return (
        <TextInput
          {...common}
          placeholder={question.placeholder ?? undefined}
          value={text}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      );
    case 'likert':
    case 'rating': {
      const options =
        question.questionType === 'rating'
          ? RATING_VALUES.map(String)
          : question.options.length > 0
            ? question.options
            : [...DEFAULT_LIKERT_OPTIONS];
      return (
        <Radio.Group
          {...common}
          value={value === null ? '' : String(value)}
          onChange={(next) => props.onChange(question.questionType === 'rating' ? Number(next) : next)}
        >
          <Group mt="xs">
            {options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    }
    case 'list':
      return question.allowsMultiple ? (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => props.onChange(next)}
        >
          <Stack gap={6} mt="xs">
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <NativeSelect
          {...common}
          data={[{ value: '', label: question.placeholder ?? 'Select...' }, ...question.options]}
          value={text}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      );
    case 'switch':
      return (
        <Switch
          {...common}
          checked={value === true}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
      );
    case 'video':
      return (
        <Checkbox
          {...common}
          checked={value === true}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
      );
  }
}
