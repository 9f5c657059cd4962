import type { THubExperiment } from '@commons/contract';
import { Button, Fieldset, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useExperiments, useUpdateExperiments } from '../api/experiments';

type TValues = Record<string, string>;

const valuesOf = (experiments: readonly THubExperiment[]): TValues =>
  Object.fromEntries(experiments.map((experiment) => [experiment.name, experiment.variant]));

/** One experiment's variants as radios: its name as the group's label, what it changes as the description. */
function ExperimentChoice(props: {
  experiment: THubExperiment;
  value: string;
  onChange: (variant: string) => void;
}) {
  const { experiment } = props;
  const defaultLabel =
    experiment.variants.find((variant) => variant.value === experiment.defaultVariant)?.label ??
    experiment.defaultVariant;
  return (
    <Radio.Group
      value={props.value}
      onChange={props.onChange}
      label={experiment.label}
      description={`${experiment.description} Default: ${defaultLabel}.`}
      styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
    >
      <Group gap="lg" mt="xs">
        {experiment.variants.map((variant) => (
          <Radio key={variant.value} value={variant.value} label={variant.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The radios of every experiment; Save sends the experiments that changed. */
function ExperimentsForm(props: { hubIdentifier: string; experiments: THubExperiment[] }) {
  const update = useUpdateExperiments(props.hubIdentifier);
  const [saved, setSaved] = useState<TValues>(() => valuesOf(props.experiments));
  const [values, setValues] = useState<TValues>(saved);
  const changed = Object.fromEntries(
    Object.entries(values).filter(([name, variant]) => saved[name] !== variant),
  );
  const changeCount = Object.keys(changed).length;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changeCount === 0) return;
    update.mutate(
      { variants: changed },
      {
        onSuccess: (answer) => {
          const next = valuesOf(answer.experiments);
          setSaved(next);
          setValues(next);
          notifications.show({ color: 'green', message: 'Experiments saved. Members see the change now.' });
        },
      },
    );
  };
  const choiceOf = (experiment: THubExperiment) => (
    <ExperimentChoice
      key={experiment.name}
      experiment={experiment}
      value={values[experiment.name] ?? experiment.variant}
      onChange={(variant) => setValues((current) => ({ ...current, [experiment.name]: variant }))}
    />
  );
  const inUse = props.experiments.filter((experiment) => experiment.isInUse);
  const kept = props.experiments.filter((experiment) => !experiment.isInUse);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Hub experiments">
      <Stack gap="lg" maw={720}>
        <Fieldset legend="Experiments members see">
          <Stack gap="lg">{inUse.map(choiceOf)}</Stack>
        </Fieldset>
        {kept.length > 0 ? (
          <Fieldset legend="Other experiments">
            <Stack gap="lg">
              <Text size="sm" c="dark.6">
                Saved for this hub; no page of Commons reads these yet, so changing them changes nothing
                members see today.
              </Text>
              {kept.map(choiceOf)}
            </Stack>
          </Fieldset>
        ) : null}
        <Paper p="sm" radius="md" withBorder>
          {update.isError ? <ErrorAlert error={update.error} mb="sm" /> : null}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.6" aria-live="polite">
              {changeCount > 0
                ? `${changeCount} unsaved ${changeCount === 1 ? 'change' : 'changes'}`
                : 'No unsaved changes'}
            </Text>
            <Group gap="xs">
              {changeCount > 0 ? (
                <Button variant="default" onClick={() => setValues(saved)}>
                  Undo
                </Button>
              ) : null}
              <Button type="submit" loading={update.isPending} disabled={changeCount === 0}>
                Save experiments
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * The Experiments part of Site administration → Features (spec 6 Experiment variants): which variant of each
 * experiment the hub runs, with what it changes. Shown to the same admins as the feature flags (branding-settings).
 */
export function ExperimentsSection(props: { hubIdentifier: string }) {
  const experiments = useExperiments(props.hubIdentifier);
  const headingId = 'experiments-heading';
  let body: ReactNode;
  if (experiments.isPending) body = <LoadingState label="Loading the experiments…" />;
  else if (experiments.isError)
    body = <ErrorState error={experiments.error} onRetry={() => void experiments.refetch()} />;
  else
    body = <ExperimentsForm hubIdentifier={props.hubIdentifier} experiments={experiments.data.experiments} />;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} id={headingId}>
          Experiments
        </Title>
        <Text c="dark.6">
          Pick the version of each experiment this hub runs. Every member of the hub sees the version you
          save.
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
