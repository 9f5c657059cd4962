import type { TJobPostSummary } from '@commons/contract';
import { PARTICIPATION_REFLECTION_MAX, PARTICIPATION_TITLE_MAX, zonedDate } from '@commons/domain';
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useReportParticipation } from '../api/experiential-learning';
import { reportErrors, reportRequestFrom, type TReportValues } from '../report-values';

/**
 * Report participation (issue #19 item 5; completes el_report_participation): the opportunity it was (one the
 * member applied to) or a title of their own, the dates, the hours and a reflection, for the hub's admins to
 * review.
 */
export function ReportParticipationModal(props: {
  hubIdentifier: string;
  opportunities: readonly TJobPostSummary[];
  timeZone: string;
  opened: boolean;
  onClose: () => void;
}) {
  const report = useReportParticipation(props.hubIdentifier);
  const today = zonedDate(new Date(), props.timeZone);
  const form = useForm<TReportValues>({
    mode: 'controlled',
    initialValues: {
      postId: '',
      title: '',
      organisation: '',
      startedOn: today,
      endedOn: '',
      hours: '',
      reflection: '',
    },
    validate: (values) => reportErrors(values, zonedDate(new Date(), props.timeZone)),
  });
  const handleClose = () => {
    report.reset();
    props.onClose();
  };
  const handleSubmit = (values: TReportValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    report.mutate(reportRequestFrom(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Thank you: your participation was sent for review.' });
        form.reset();
        handleClose();
      },
      onError: (error) => {
        if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
        form.setErrors(error.fields);
        focusFirstInvalidField(formElement);
      },
    });
  };
  const hasFieldErrors = isApiError(report.error) && Object.keys(report.error.fields).length > 0;
  return (
    <Modal opened={props.opened} onClose={handleClose} title="Report participation" size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit(handleSubmit, (_errors, _values, event) =>
          focusFirstInvalidField(event?.currentTarget),
        )}
      >
        <Stack gap="md">
          <Text size="sm">Tell the hub what you took part in. An admin reviews it and you are told.</Text>
          <NativeSelect
            label="Opportunity"
            description="One you applied to here, or something else."
            data={[
              { value: '', label: 'Something else' },
              ...props.opportunities.map((post) => ({ value: post.id, label: post.title })),
            ]}
            {...form.getInputProps('postId')}
          />
          {form.values.postId === '' ? (
            <>
              <TextInput
                label="What you did"
                withAsterisk
                maxLength={PARTICIPATION_TITLE_MAX}
                {...form.getInputProps('title')}
              />
              <TextInput label="Organisation" maxLength={120} {...form.getInputProps('organisation')} />
            </>
          ) : null}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="Started on"
              type="date"
              withAsterisk
              w={200}
              max={today}
              {...form.getInputProps('startedOn')}
            />
            <TextInput label="Ended on" type="date" w={200} {...form.getInputProps('endedOn')} />
          </Group>
          <TextInput
            label="Hours"
            description="In quarter hours, for example 2.5."
            withAsterisk
            type="number"
            inputMode="decimal"
            min={0.25}
            max={1000}
            step={0.25}
            w={200}
            {...form.getInputProps('hours')}
          />
          <Textarea
            label="Reflection"
            description="What you did and what you learned."
            withAsterisk
            autosize
            minRows={4}
            maxLength={PARTICIPATION_REFLECTION_MAX}
            {...form.getInputProps('reflection')}
          />
          {report.isError && !hasFieldErrors ? <ErrorAlert error={report.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
