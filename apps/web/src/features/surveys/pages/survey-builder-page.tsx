import {
  SURVEY_QUESTION_KINDS,
  ZCreateSurveyRequest,
  type TAdminSurvey,
  type TBulkAudienceOptions,
  type TCreateSurveyRequest,
  type TSurveyQuestion,
} from '@commons/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { surveyPaths } from '../../../config/survey-paths';
import { isApiError } from '../../../lib/api-error';
import { useAdminSurveys, useCreateSurvey, useSurveyAudienceOptions, useUpdateSurvey } from '../api/surveys';
import { KIND_LABELS } from '../survey-text';

type TKind = TSurveyQuestion['kind'];
type TDraftQuestion = { key: number; kind: TKind; prompt: string; options: string[] };

/** The request the draft makes: blank options are left out, so an unused option field never blocks saving. */
function requestOf(draft: {
  title: string;
  description: string;
  questions: TDraftQuestion[];
  userTypeIds: string[];
  groupIds: string[];
}): TCreateSurveyRequest {
  return {
    title: draft.title,
    description: draft.description,
    questions: draft.questions.map((q) => ({
      kind: q.kind,
      prompt: q.prompt,
      options: q.kind === 'text' ? [] : q.options.map((o) => o.trim()).filter((o) => o !== ''),
    })),
    audience: { userTypeIds: draft.userTypeIds, groupIds: draft.groupIds },
  };
}

/** The contract's messages by field path ('questions.0.prompt'), as the server would answer them. */
function contractFields(request: TCreateSurveyRequest): Record<string, string> {
  const parsed = ZCreateSurveyRequest.safeParse(request);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const where = issue.path.map(String).join('.') || 'body';
    fields[where] ??= issue.message;
  }
  return fields;
}

/** A field's message, or that of a part of it ('questions.0.options.1' shows under the options). */
function fieldError(fields: Record<string, string>, path: string): string | undefined {
  if (fields[path] !== undefined) return fields[path];
  const nested = Object.keys(fields).find((key) => key.startsWith(`${path}.`));
  return nested === undefined ? undefined : fields[nested];
}

/**
 * {hubPath}/site-admin/surveys/new and …/{surveyId}/edit (issue #22 item 3): the survey builder. Admins holding
 * surveys write a title, a description and questions (single choice, multiple choice, text), choose the audience
 * by user type or group (none: every member) and open the survey; a survey nobody has answered can be rewritten.
 * Messages come from the contract's schema and the server, under the field they concern.
 */
export function SurveyBuilderPage() {
  const { identifier = '', surveyId } = useParams();
  const isEditing = surveyId !== undefined;
  usePageTitle(isEditing ? 'Edit survey' : 'New survey');
  const options = useSurveyAudienceOptions(identifier);
  const list = useAdminSurveys(identifier, { isEnabled: isEditing });
  const heading = (
    <Stack gap={4}>
      <Anchor component={Link} to={surveyPaths.admin(identifier)} size="sm">
        ← Surveys
      </Anchor>
      <Title order={1}>{isEditing ? 'Edit survey' : 'New survey'}</Title>
    </Stack>
  );
  const failed = options.error ?? (isEditing ? list.error : null);
  if (failed !== null) {
    if (isApiError(failed) && failed.status === 403)
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot create surveys here">
            Surveys need the “surveys” right in this hub. A hub admin who manages admins can give it to you.
          </EmptyState>
        </Stack>
      );
    return (
      <Stack>
        {heading}
        <ErrorState
          error={failed}
          onRetry={() => {
            void options.refetch();
            if (isEditing) void list.refetch();
          }}
        />
      </Stack>
    );
  }
  if (options.data === undefined || (isEditing && list.data === undefined))
    return <LoadingState label="Loading the survey builder…" />;
  if (!isEditing)
    return <SurveyForm hubIdentifier={identifier} heading={heading} audienceOptions={options.data} />;
  const survey = list.data?.items.find((s) => s.id === surveyId);
  if (survey === undefined)
    return (
      <Stack>
        {heading}
        <EmptyState title="Survey not found">It may belong to another hub.</EmptyState>
      </Stack>
    );
  if (survey.responseCount > 0)
    return (
      <Stack>
        {heading}
        <EmptyState title="This survey can no longer be changed">
          Members have answered it, so its questions stay as they were asked. You can close it and start a new
          one.
        </EmptyState>
        <Group>
          <Button variant="default" component={Link} to={surveyPaths.adminResults(identifier, survey.id)}>
            See the results
          </Button>
        </Group>
      </Stack>
    );
  return (
    <SurveyForm hubIdentifier={identifier} heading={heading} audienceOptions={options.data} survey={survey} />
  );
}

function draftOf(survey: TAdminSurvey | undefined): TDraftQuestion[] {
  if (survey === undefined) return [{ key: 1, kind: 'single', prompt: '', options: ['', ''] }];
  return survey.questions.map((q, i) => ({
    key: i + 1,
    kind: q.kind,
    prompt: q.prompt,
    options: q.kind === 'text' ? ['', ''] : [...q.options],
  }));
}

function SurveyForm(props: {
  hubIdentifier: string;
  heading: ReactNode;
  audienceOptions: TBulkAudienceOptions;
  survey?: TAdminSurvey;
}) {
  const identifier = props.hubIdentifier;
  const { survey, audienceOptions } = props;
  const navigate = useNavigate();
  const create = useCreateSurvey(identifier);
  const save = useUpdateSurvey(identifier);
  const [questions, setQuestions] = useState<TDraftQuestion[]>(() => draftOf(survey));
  const nextKey = useRef(questions.length + 1);
  const [title, setTitle] = useState(survey?.title ?? '');
  const [description, setDescription] = useState(survey?.description ?? '');
  const [userTypeIds, setUserTypeIds] = useState<string[]>(survey?.audience.userTypeIds ?? []);
  const [groupIds, setGroupIds] = useState<string[]>(survey?.audience.groupIds ?? []);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const update = (index: number, change: Partial<TDraftQuestion>) =>
    setQuestions((list) => list.map((q, i) => (i === index ? { ...q, ...change } : q)));
  const move = (index: number, by: -1 | 1) =>
    setQuestions((list) => {
      const copy = [...list];
      const [moved] = copy.splice(index, 1);
      if (moved !== undefined) copy.splice(index + by, 0, moved);
      return copy;
    });
  const addQuestion = () => {
    const key = nextKey.current++;
    setQuestions((list) => [...list, { key, kind: 'single', prompt: '', options: ['', ''] }]);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const request = requestOf({ title, description, questions, userTypeIds, groupIds });
    const found = contractFields(request);
    setFields(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please check the fields marked above.');
      return;
    }
    const handlers = {
      onSuccess: (saved: TAdminSurvey) => {
        notifications.show({
          color: 'green',
          message:
            survey === undefined ? `“${saved.title}” is open for answers.` : `“${saved.title}” was saved.`,
        });
        void navigate(surveyPaths.admin(identifier));
      },
      onError: (error: unknown) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) {
          setFields(error.fields);
          setFormError(error.userMessage ?? 'Please check the fields marked above.');
        } else setFormError(errorText(error));
      },
    };
    if (survey === undefined) create.mutate(request, handlers);
    else save.mutate({ id: survey.id, ...request }, handlers);
  };

  const audienceEmpty = userTypeIds.length === 0 && groupIds.length === 0;
  return (
    <Stack gap="lg">
      {props.heading}
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={survey === undefined ? 'New survey' : 'Edit survey'}
      >
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="survey-about">
            <Stack>
              <Title order={2} size="h3" id="survey-about">
                About the survey
              </Title>
              <TextInput
                label="Title"
                required
                maxLength={200}
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                error={fields.title}
              />
              <Textarea
                label="Description"
                description="Optional: why you ask, shown above the questions."
                autosize
                minRows={2}
                maxLength={2000}
                value={description}
                onChange={(event) => setDescription(event.currentTarget.value)}
                error={fields.description}
              />
            </Stack>
          </Paper>

          <Stack gap="sm" component="section" aria-labelledby="survey-questions">
            <Title order={2} size="h3" id="survey-questions">
              Questions
            </Title>
            {fields.questions === undefined ? null : (
              <Text c="red.9" size="xs">
                {fields.questions}
              </Text>
            )}
            {questions.map((question, index) => (
              <QuestionEditor
                key={question.key}
                index={index}
                count={questions.length}
                question={question}
                fields={fields}
                onChange={(change) => update(index, change)}
                onMove={(by) => move(index, by)}
                onRemove={() => setQuestions((list) => list.filter((_, i) => i !== index))}
              />
            ))}
            <Group>
              <Button variant="default" onClick={addQuestion} disabled={questions.length >= 30}>
                Add a question
              </Button>
            </Group>
          </Stack>

          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="survey-audience">
            <Stack>
              <Title order={2} size="h3" id="survey-audience">
                Who is asked
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MultiSelect
                  label="User types"
                  placeholder={userTypeIds.length === 0 ? 'Any user type' : undefined}
                  data={audienceOptions.userTypes.map((t) => ({ value: t.id, label: t.title }))}
                  value={userTypeIds}
                  onChange={setUserTypeIds}
                  error={fieldError(fields, 'audience.userTypeIds')}
                  searchable
                />
                <MultiSelect
                  label="Groups and programs"
                  placeholder={groupIds.length === 0 ? 'Any group' : undefined}
                  data={audienceOptions.groups.map((g) => ({ value: g.id, label: g.name }))}
                  value={groupIds}
                  onChange={setGroupIds}
                  error={fieldError(fields, 'audience.groupIds')}
                  searchable
                />
              </SimpleGrid>
              <Text size="sm" c="gray.7">
                {audienceEmpty
                  ? 'Every approved member of the hub can answer.'
                  : 'Members of any chosen user type or group can answer.'}{' '}
                They find it under Surveys
                {survey === undefined ? '; the survey opens as soon as you create it' : ''}.
              </Text>
            </Stack>
          </Paper>

          {formError === null ? null : (
            <Text c="red.9" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={create.isPending || save.isPending}>
              {survey === undefined ? 'Create and open' : 'Save changes'}
            </Button>
            <Button variant="default" component={Link} to={surveyPaths.admin(identifier)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function QuestionEditor(props: {
  index: number;
  count: number;
  question: TDraftQuestion;
  fields: Record<string, string>;
  onChange: (change: Partial<TDraftQuestion>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { question, index } = props;
  const number = index + 1;
  const path = `questions.${index}`;
  const optionsError = fieldError(props.fields, `${path}.options`);
  const setOption = (at: number, value: string) =>
    props.onChange({ options: question.options.map((o, i) => (i === at ? value : o)) });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`question-${question.key}-heading`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={`question-${question.key}-heading`}>
            Question {number}
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => props.onMove(-1)}
              disabled={index === 0}
              aria-label={`Move question ${number} up`}
            >
              Up
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => props.onMove(1)}
              disabled={index === props.count - 1}
              aria-label={`Move question ${number} down`}
            >
              Down
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={props.onRemove}
              disabled={props.count === 1}
              aria-label={`Remove question ${number}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
        <TextInput
          label="Question"
          required
          maxLength={300}
          value={question.prompt}
          onChange={(event) => props.onChange({ prompt: event.currentTarget.value })}
          error={props.fields[`${path}.prompt`]}
        />
        <NativeSelect
          label="Answer type"
          value={question.kind}
          data={SURVEY_QUESTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          onChange={(event) => {
            const kind = event.currentTarget.value as TKind;
            props.onChange({
              kind,
              options: kind !== 'text' && question.options.length < 2 ? ['', ''] : question.options,
            });
          }}
          w={{ base: '100%', sm: 320 }}
        />
        {question.kind === 'text' ? (
          <Text size="sm" c="gray.7">
            Members write their answer in their own words.
          </Text>
        ) : (
          <Stack gap="xs">
            {question.options.map((option, at) => (
              <Group key={at} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={`Option ${at + 1}`}
                  maxLength={200}
                  value={option}
                  onChange={(event) => setOption(at, event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  mb={2}
                  aria-label={`Remove option ${at + 1} of question ${number}`}
                  disabled={question.options.length <= 2}
                  onClick={() => props.onChange({ options: question.options.filter((_, i) => i !== at) })}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </Group>
            ))}
            {optionsError === undefined ? null : (
              <Text c="red.9" size="xs">
                {optionsError}
              </Text>
            )}
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => props.onChange({ options: [...question.options, ''] })}
                disabled={question.options.length >= 20}
                aria-label={`Add an option to question ${number}`}
              >
                Add an option
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
