import type { TPathwayDetail } from '@commons/contract';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { usePathway, useStartPathway, useSubmitStep } from '../api/pathways';
import { PathwayCrumbs } from '../components/pathway-crumbs';
import { PathwayLoadState } from '../components/pathway-load-state';
import { StepAnswer } from '../components/step-answer';
import { StepContent } from '../components/step-content';
import { StepList } from '../components/step-list';
import {
  flattenSteps,
  isAnsweredKind,
  parseStepIndex,
  STEP_KIND_LABELS,
  type TFlatStep,
} from '../pathway-steps';
import type { TFlushAnswer } from '../use-step-autosave';
import classes from './pathway-step-page.module.css';

/** The submit button's words: review steps go for review, answered steps are submitted, others marked done. */
function submitLabel(entry: TFlatStep): string {
  if (entry.step.needsReview) return 'Submit for review';
  return isAnsweredKind(entry.step.kind) ? 'Submit' : 'Mark as done';
}

/** Where to go after a submit: the next step, else the first step still open (spec 4 resume), else the overview. */
function afterSubmit(options: { hubIdentifier: string; pathway: TPathwayDetail; index: number }): string {
  const { hubIdentifier, pathway, index } = options;
  const steps = flattenSteps(pathway);
  if (index + 1 < steps.length) return paths.hub.pathwayStep(hubIdentifier, pathway.slug, index + 1);
  const open = steps.find((entry) => entry.state.status === 'in-progress');
  if (open !== undefined) return paths.hub.pathwayStep(hubIdentifier, pathway.slug, open.index);
  return paths.hub.pathway(hubIdentifier, pathway.slug);
}

/** What the step's state says above its answer: awaiting review, completed (and approved), or sent back. */
function StepStatusNote({ entry, timeZone }: { entry: TFlatStep; timeZone: string }) {
  const { state } = entry;
  if (state.status === 'pending')
    return (
      <Alert color="blue.8" variant="outline" title="This step awaits review">
        You submitted it
        {state.submittedAt === null ? '' : ` on ${formatInZone(state.submittedAt, 'medium', timeZone)}`}. An
        admin or your program mentor will review it; you can go on with the next steps meanwhile.
      </Alert>
    );
  if (state.status === 'completed')
    return (
      <Alert color="teal.9" variant="outline" title="Step completed">
        {state.review?.decision === 'approved'
          ? `Approved by ${state.review.reviewerName}${state.review.note === '' ? '.' : `: ${state.review.note}`}`
          : 'You finished this step.'}
      </Alert>
    );
  if (state.review?.decision === 'sentBack')
    return (
      <Alert color="red.9" variant="outline" title={`Sent back by ${state.review.reviewerName}`}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {state.review.note}
        </Text>
        <Text size="sm" mt="xs">
          Change your answer and submit it again.
        </Text>
      </Alert>
    );
  return null;
}

/**
 * {hubPath}/pathways/{slug}/steps/{stepIndex} (spec 2, issue #20 item 1): one step at a time (stepIndex counts
 * every section's steps from 0): its content, the viewer's answer, autosaved as they go (spec 5 saving rules,
 * with a visible saved state and errors kept beside the answer), Previous and Next, and Submit (completed, or
 * pending review for steps that need it). A pathway not accepted yet offers Accept & Start first.
 */
export function PathwayStepPage() {
  const { identifier = '', slug = '', stepIndex } = useParams();
  const pathway = usePathway(identifier, slug);
  const start = useStartPathway(identifier);
  const submit = useSubmitStep(identifier);
  const navigate = useNavigate();
  const timeZone = useViewerTimeZone();
  const flushRef = useRef<TFlushAnswer | null>(null);
  const data = pathway.data;
  const steps = data === undefined ? [] : flattenSteps(data);
  const index = parseStepIndex(stepIndex, steps.length);
  const entry = index === null ? undefined : steps[index];
  usePageTitle(
    entry === undefined ? (data?.title ?? 'Pathway step') : `${entry.step.title} · ${data?.title ?? ''}`,
  );

  if (data === undefined)
    return (
      <PathwayLoadState
        hubIdentifier={identifier}
        isPending={pathway.isPending}
        error={pathway.error}
        onRetry={() => void pathway.refetch()}
      />
    );
  if (entry === undefined || index === null)
    return (
      <Stack gap="lg">
        <PathwayCrumbs hubIdentifier={identifier} pathway={data} />
        <EmptyState title="This step does not exist">
          The pathway has {steps.length === 1 ? '1 step' : `${steps.length} steps`}; open one from its
          overview.
        </EmptyState>
      </Stack>
    );

  const isStarted = data.progress !== 'new';
  const handleSubmit = async () => {
    submit.reset();
    const isSaved = (await flushRef.current?.()) ?? true;
    if (!isSaved) return;
    submit.mutate(
      { slug: data.slug, stepId: entry.step.id },
      {
        onSuccess: (next) => {
          const status = flattenSteps(next)[index]?.state.status;
          if (next.progress === 'completed')
            notifications.show({ color: 'green', message: `You completed “${next.title}”. Well done!` });
          else if (status === 'pending')
            notifications.show({ color: 'blue', message: `“${entry.step.title}” is sent for review.` });
          void navigate(afterSubmit({ hubIdentifier: identifier, pathway: next, index }));
        },
      },
    );
  };
  const percent = data.stepCount === 0 ? 0 : (data.completedStepCount / data.stepCount) * 100;

  return (
    <Stack gap="lg">
      <PathwayCrumbs hubIdentifier={identifier} pathway={data} />
      <div className={classes.layout}>
        <Stack gap="md" className={classes.main}>
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              Step {index + 1} of {steps.length} · {entry.sectionTitle} · {STEP_KIND_LABELS[entry.step.kind]}
            </Text>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {entry.step.title}
            </Title>
            <Progress
              value={percent}
              size="sm"
              mt="xs"
              color={data.progress === 'completed' ? 'teal.9' : 'indigo.8'}
              aria-label={`${data.completedStepCount} of ${data.stepCount} steps done`}
            />
          </Stack>
          {isStarted ? (
            <StepStatusNote entry={entry} timeZone={timeZone} />
          ) : (
            <Alert color="blue.8" variant="outline" title="Accept this pathway to take part">
              <Text size="sm">You can read every step now; your answers save once you accept it.</Text>
              <Group mt="sm">
                <Button loading={start.isPending} onClick={() => start.mutate(data.slug)}>
                  {data.buttonText}
                </Button>
              </Group>
              <ErrorAlert error={start.error} />
            </Alert>
          )}
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="md">
              <StepContent step={entry.step} />
              <StepAnswer
                key={entry.step.id}
                hubIdentifier={identifier}
                slug={data.slug}
                step={entry.step}
                state={entry.state}
                flushRef={flushRef}
              />
            </Stack>
          </Paper>
          <ErrorAlert error={submit.error} title="This step was not submitted" />
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              {index > 0 ? (
                <Button
                  variant="default"
                  component={Link}
                  to={paths.hub.pathwayStep(identifier, data.slug, index - 1)}
                >
                  Previous
                </Button>
              ) : null}
              {index + 1 < steps.length ? (
                <Button
                  variant="default"
                  component={Link}
                  to={paths.hub.pathwayStep(identifier, data.slug, index + 1)}
                >
                  Next
                </Button>
              ) : (
                <Button variant="default" component={Link} to={paths.hub.pathway(identifier, data.slug)}>
                  Overview
                </Button>
              )}
            </Group>
            {entry.state.can.submit ? (
              <Button loading={submit.isPending} onClick={() => void handleSubmit()}>
                {submitLabel(entry)}
              </Button>
            ) : null}
          </Group>
        </Stack>
        <Paper component="aside" withBorder p="md" radius="md" className={classes.aside} aria-label="Steps">
          <StepList
            hubIdentifier={identifier}
            pathway={data}
            currentIndex={index}
            headingOrder={2}
            isDetailed={false}
          />
        </Paper>
      </div>
    </Stack>
  );
}
