import type { THubFeatureFlag } from '@commons/contract';
import { Button, Fieldset, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useFeatureFlags, useUpdateFeatureFlags } from '../api/feature-flags';
import { ExperimentsSection } from '../components/experiments-section';

type TValues = Record<string, boolean>;

const valuesOf = (flags: readonly THubFeatureFlag[]): TValues =>
  Object.fromEntries(flags.map((flag) => [flag.key, flag.isOn]));

/** One flag's switch: its spec name as the label, what it does and its default as the description. */
function FlagSwitch(props: { flag: THubFeatureFlag; isOn: boolean; onChange: (isOn: boolean) => void }) {
  const { flag } = props;
  return (
    <Switch
      size="md"
      checked={props.isOn}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      label={flag.label}
      description={`${flag.description} Default: ${flag.isOnByDefault ? 'on' : 'off'}.`}
      styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
    />
  );
}

/** The switches of every flag; Save sends the flags that changed. */
function FeatureFlagsForm(props: { hubIdentifier: string; flags: THubFeatureFlag[] }) {
  const update = useUpdateFeatureFlags(props.hubIdentifier);
  const [saved, setSaved] = useState<TValues>(() => valuesOf(props.flags));
  const [values, setValues] = useState<TValues>(saved);
  const changed = Object.fromEntries(Object.entries(values).filter(([key, isOn]) => saved[key] !== isOn));
  const hasChanges = Object.keys(changed).length > 0;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasChanges) return;
    update.mutate(
      { flags: changed },
      {
        onSuccess: (answer) => {
          const next = valuesOf(answer.flags);
          setSaved(next);
          setValues(next);
          notifications.show({ color: 'green', message: 'Features saved. Members see the change now.' });
        },
      },
    );
  };
  const switchOf = (flag: THubFeatureFlag) => (
    <FlagSwitch
      key={flag.key}
      flag={flag}
      isOn={values[flag.key] ?? flag.isOn}
      onChange={(isOn) => setValues((current) => ({ ...current, [flag.key]: isOn }))}
    />
  );
  const inUse = props.flags.filter((flag) => flag.isInUse);
  const kept = props.flags.filter((flag) => !flag.isInUse);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Hub features">
      <Stack gap="lg" maw={720}>
        <Fieldset legend="Features members see">
          <Stack gap="md">{inUse.map(switchOf)}</Stack>
        </Fieldset>
        <Fieldset legend="Other flags">
          <Stack gap="md">
            <Text size="sm" c="dark.6">
              Saved for this hub; Commons has no feature that reads these yet, so switching them changes
              nothing members see today.
            </Text>
            {kept.map(switchOf)}
          </Stack>
        </Fieldset>
        {/* With changes, kept in view at the bottom of the window: a switch far up the list is saved without scrolling. */}
        <Paper
          p="sm"
          radius="md"
          withBorder
          shadow={hasChanges ? 'sm' : undefined}
          style={
            hasChanges ? { position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 } : undefined
          }
        >
          {update.isError ? <ErrorAlert error={update.error} mb="sm" /> : null}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.6" aria-live="polite">
              {hasChanges
                ? `${Object.keys(changed).length} unsaved ${Object.keys(changed).length === 1 ? 'change' : 'changes'}`
                : 'No unsaved changes'}
            </Text>
            <Group gap="xs">
              {hasChanges ? (
                <Button variant="default" onClick={() => setValues(saved)}>
                  Undo
                </Button>
              ) : null}
              <Button type="submit" loading={update.isPending} disabled={!hasChanges}>
                Save features
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/features (spec 6 Feature flags per hub): hub admins with branding-settings turn the
 * hub's features on or off, each switch with the flag's name and what it does, and pick the variant of each
 * experiment the hub runs (spec 6 Experiment variants).
 */
export function FeatureFlagsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Features');
  const flags = useFeatureFlags(identifier);
  const heading = <Title order={1}>Features</Title>;
  if (flags.isPending) return <LoadingState label="Loading the features…" />;
  if (flags.isError) {
    if (isApiError(flags.error) && flags.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot change features here">
            Turning the hub’s features on or off needs the “branding settings” right in this hub.
          </EmptyState>
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">
          Turn this hub’s features on or off. A change applies to every member of the hub as soon as you save.
        </Text>
      </Stack>
      <FeatureFlagsForm hubIdentifier={identifier} flags={flags.data.flags} />
      <ExperimentsSection hubIdentifier={identifier} />
    </Stack>
  );
}
