import type { TJobSettings } from '@commons/contract';
import {
  DEFAULT_EXPERIENCES_TAB_NAME,
  DEFAULT_POST_EXPIRATION_DAYS,
  DEFAULT_PROJECTS_TAB_NAME,
} from '@commons/domain';
import { Button, Checkbox, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useJobSettings } from '../api/job-board';
import { useUpdateJobSettings } from '../api/job-posts';

/** The settings as the form edits them: the expiration as typed ('' is the default). */
type TValues = Omit<TJobSettings, 'defaultPostExpirationDays'> & { defaultPostExpirationDays: string };

function valuesOf(settings: TJobSettings): TValues {
  return { ...settings, defaultPostExpirationDays: settings.defaultPostExpirationDays?.toString() ?? '' };
}

/** The settings form of job-settings admins. */
function JobSettingsForm(props: { hubIdentifier: string; settings: TJobSettings }) {
  const update = useUpdateJobSettings(props.hubIdentifier);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: valuesOf(props.settings),
    validate: {
      defaultPostExpirationDays: (value) =>
        value.trim() === '' || /^\d+$/.test(value.trim()) ? null : 'Enter a whole number of days.',
    },
  });
  const handleSubmit = (values: TValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    update.mutate(
      {
        ...values,
        defaultPostExpirationDays:
          values.defaultPostExpirationDays.trim() === '' ? null : Number(values.defaultPostExpirationDays),
        experiencesTabName: values.experiencesTabName.trim(),
        projectsTabName: values.projectsTabName.trim(),
      },
      {
        onSuccess: (answer) => {
          form.setValues(valuesOf(answer.settings));
          form.resetDirty();
          notifications.show({ color: 'green', message: 'Job settings saved.' });
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          form.setErrors(error.fields);
          focusFirstInvalidField(formElement);
        },
      },
    );
  };
  const hasFieldErrors = isApiError(update.error) && Object.keys(update.error.fields).length > 0;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Job settings">
      <Stack gap="lg" maw={640}>
        <TextInput
          label="Default post expiration (days)"
          description={`How long a new post stays on the board unless its poster chooses a day. Empty: ${DEFAULT_POST_EXPIRATION_DAYS} days.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          // A narrow box for a few digits; the label and description keep the form's width.
          styles={{ wrapper: { maxWidth: 260 } }}
          {...form.getInputProps('defaultPostExpirationDays')}
        />
        <Fieldset legend="What the board shows">
          <Stack gap="sm">
            <Checkbox label="Show jobs" {...form.getInputProps('areJobsShown', { type: 'checkbox' })} />
            <Checkbox
              label="Show projects"
              {...form.getInputProps('areProjectsShown', { type: 'checkbox' })}
            />
            <Checkbox
              label="DIY projects"
              description="Every approved member may post a project, not only member types that may post jobs."
              {...form.getInputProps('isDiyProjectsEnabled', { type: 'checkbox' })}
            />
            <Checkbox
              label="Approve employers’ posts automatically"
              description="Otherwise employers’ posts wait for an admin with the “approve job posts” right."
              {...form.getInputProps('isEmployerPostAutoApproved', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Tab names">
          <Stack gap="sm">
            <TextInput
              label="Experiential learning tab"
              description={`Default: ${DEFAULT_EXPERIENCES_TAB_NAME}`}
              maxLength={40}
              {...form.getInputProps('experiencesTabName')}
            />
            <TextInput
              label="Projects tab"
              description={`Default: ${DEFAULT_PROJECTS_TAB_NAME}`}
              maxLength={40}
              {...form.getInputProps('projectsTabName')}
            />
          </Stack>
        </Fieldset>
        {update.isError && !hasFieldErrors ? <ErrorAlert error={update.error} /> : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/jobs/settings (issue #19 item 1, spec 6 job-settings): the default post expiration, which
 * of jobs and projects the board shows, the DIY projects flag, employers' auto-approval and the tab names
 * (spec 9 defaults 'Experiences' and 'Student Projects').
 */
export function JobSettingsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Job settings');
  const settings = useJobSettings(identifier);
  const heading = <Title order={1}>Job settings</Title>;
  if (settings.isPending) return <LoadingState />;
  if (settings.isError)
    return (
      <Stack>
        {heading}
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Stack>
    );
  if (!settings.data.can.editSettings)
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot change job settings here">
          Changing the job board’s settings needs the “job settings” right in this hub.
        </EmptyState>
      </Stack>
    );
  return (
    <Stack gap="lg">
      {heading}
      <Text>These settings apply to the job board and the experiential-learning page of this hub.</Text>
      <JobSettingsForm hubIdentifier={identifier} settings={settings.data.settings} />
    </Stack>
  );
}
