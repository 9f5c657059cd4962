import type { TMemberSurvey, TSurveyAnswerRequest } from '@commons/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { READABLE_ALERT_TITLE } from '../../../components/readable-alert-title';
import { usePageTitle } from '../../../components/use-page-title';
import { surveyPaths } from '../../../config/survey-paths';
import { isApiError } from '../../../lib/api-error';
import { useAnswerSurvey, useMySurveys } from '../api/surveys';

/**
 * {hubPath}/surveys (issue #22 item 3): the open surveys of the hub addressed to the viewer, those still to
 * answer first.
 */
export function MySurveysPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Surveys');
  const list = useMySurveys(identifier);
  const heading = (
    <Stack gap={4}>
      <Title order={1}>Surveys</Title>
      <Text c="gray.7">Your hub’s admins ask for your views here. Each survey is answered once.</Text>
    </Stack>
  );
  if (list.isPending) return <LoadingState label="Loading surveys…" />;
  if (list.isError)
    return (
      <Stack>
        {heading}
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  const items = [...list.data.items].sort((a, b) => Number(a.isAnswered) - Number(b.isAnswered));
  return (
    <Stack gap="lg">
      {heading}
      {items.length === 0 ? (
        <EmptyState title="No open surveys">Surveys your hub’s admins send you appear here.</EmptyState>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((survey) => (
            <Paper component="li" key={survey.id} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Title order={2} size="h4">
                  <Anchor component={Link} to={surveyPaths.answer(identifier, survey.id)} inherit>
                    {survey.title}
                  </Anchor>
                </Title>
                {survey.description === '' ? null : <Text size="sm">{survey.description}</Text>}
                <Text size="sm" c="gray.7">
                  {survey.questions.length === 1 ? '1 question' : `${survey.questions.length} questions`} ·{' '}
                  {survey.isAnswered ? 'You answered it, thank you' : 'Waiting for your answers'}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * {hubPath}/surveys/{surveyId} (issue #22 item 3): a member of the survey's audience answers it once, then sees a
 * thank-you; a second answer (say from another tab) is refused with the server's message.
 */
export function SurveyAnswerPage() {
  const { identifier = '', surveyId = '' } = useParams();
  const list = useMySurveys(identifier);
  const survey = list.data?.items.find((s) => s.id === surveyId);
  usePageTitle(survey?.title ?? 'Survey');
  const back = (
    <Anchor component={Link} to={surveyPaths.mine(identifier)} size="sm">
      ← Surveys
    </Anchor>
  );
  if (list.isPending) return <LoadingState label="Loading the survey…" />;
  if (list.isError)
    return (
      <Stack>
        {back}
        <Title order={1}>Survey</Title>
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  if (survey === undefined)
    return (
      <Stack>
        {back}
        <Title order={1}>Survey</Title>
        <EmptyState title="This survey is not open to you">
          It may have closed, or it asks other members of the hub.
        </EmptyState>
      </Stack>
    );
  return <AnswerForm hubIdentifier={identifier} survey={survey} back={back} />;
}

type TAnswers = Record<string, string | string[]>;

function AnswerForm(props: { hubIdentifier: string; survey: TMemberSurvey; back: ReactNode }) {
  const { survey } = props;
  const answer = useAnswerSurvey(props.hubIdentifier);
  const [answers, setAnswers] = useState<TAnswers>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isThanked, setIsThanked] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isThanked) thanksRef.current?.focus();
  }, [isThanked]);

  const header = (
    <Stack gap={4}>
      {props.back}
      <Title order={1}>{survey.title}</Title>
      {survey.description === '' ? null : <Text>{survey.description}</Text>}
    </Stack>
  );
  if (isThanked || survey.isAnswered)
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder p="lg" radius="md" role="status">
          <Title order={2} size="h3" ref={thanksRef} tabIndex={-1}>
            {isThanked ? 'Thank you for your answers' : 'You already answered this survey'}
          </Title>
          <Text mt="xs">
            {isThanked
              ? 'Your answers were sent to the hub’s admins. Each survey is answered once.'
              : 'Thank you: your answers were sent to the hub’s admins. Each survey is answered once.'}
          </Text>
          <Group mt="md">
            <Button variant="default" component={Link} to={surveyPaths.mine(props.hubIdentifier)}>
              Back to surveys
            </Button>
          </Group>
        </Paper>
      </Stack>
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFormError(null);
    const body: TSurveyAnswerRequest['answers'] = Object.fromEntries(
      Object.entries(answers).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v.trim() !== '')),
    );
    if (Object.keys(body).length === 0) {
      setFormError('Please answer at least one question.');
      return;
    }
    answer.mutate(
      { id: survey.id, answers: body },
      {
        onSuccess: () => setIsThanked(true),
        onError: (error) => {
          if (isApiError(error)) {
            const { answers: general, ...perQuestion } = error.fields;
            setFields(perQuestion);
            setFormError(
              general ??
                (Object.keys(perQuestion).length > 0
                  ? 'Please check the answers marked above.'
                  : (error.userMessage ?? errorText(error))),
            );
          } else setFormError(errorText(error));
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {header}
      <form onSubmit={handleSubmit} noValidate aria-label={survey.title}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            Answer the questions you wish to; you can send your answers once.
          </Text>
          {survey.questions.map((question, index) => {
            const label = `${index + 1}. ${question.prompt}`;
            const error = fields[question.id];
            return (
              <Paper key={question.id} withBorder p="md" radius="md">
                {question.kind === 'text' ? (
                  <Textarea
                    label={label}
                    autosize
                    minRows={3}
                    maxLength={4000}
                    value={(answers[question.id] as string | undefined) ?? ''}
                    onChange={(e) => setAnswers({ ...answers, [question.id]: e.currentTarget.value })}
                    error={error}
                    styles={{ label: { fontWeight: 600, marginBottom: 6 } }}
                  />
                ) : question.kind === 'single' ? (
                  <Radio.Group
                    label={label}
                    value={(answers[question.id] as string | undefined) ?? null}
                    onChange={(value) => setAnswers({ ...answers, [question.id]: value })}
                    error={error}
                    styles={{ label: { fontWeight: 600, marginBottom: 6 } }}
                  >
                    <Stack gap="xs" mt={4}>
                      {question.options.map((option) => (
                        <Radio key={option} value={option} label={option} />
                      ))}
                    </Stack>
                  </Radio.Group>
                ) : (
                  <Checkbox.Group
                    label={label}
                    description="Choose any that apply."
                    value={(answers[question.id] as string[] | undefined) ?? []}
                    onChange={(value) => setAnswers({ ...answers, [question.id]: value })}
                    error={error}
                    styles={{ label: { fontWeight: 600 } }}
                  >
                    <Stack gap="xs" mt={6}>
                      {question.options.map((option) => (
                        <Checkbox key={option} value={option} label={option} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                )}
              </Paper>
            );
          })}
          {formError === null ? null : (
            <Alert
              color="red"
              variant="outline"
              title="Your answers were not sent"
              role="alert"
              styles={READABLE_ALERT_TITLE}
            >
              {formError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={answer.isPending}>
              Send my answers
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
