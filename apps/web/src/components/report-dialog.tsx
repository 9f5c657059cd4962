import {
  MODERATION_ENDPOINTS,
  REPORT_REASONS,
  type TReportReason,
  type TReportTargetKind,
} from '@commons/contract';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { contentHubOption, useContentHub } from '../lib/content-hub';
import { LazyModal } from './lazy-modal';

const KIND_LABEL: Record<TReportTargetKind, string> = {
  question: 'question',
  answer: 'answer',
  comment: 'comment',
  resource: 'resource',
  event: 'event',
  announcement: 'announcement',
  message: 'message',
  profile: 'profile',
};

/** The report form in a dialog, for a caller that opens it from its own button or menu item. */
export function ReportDialog(props: {
  targetKind: TReportTargetKind;
  targetId: string;
  isOpen: boolean;
  onClose: () => void;
  /** The hub of the reported content when it is not the content hub of the page. */
  hubId?: string | undefined;
}) {
  const contentHub = useContentHub();
  const hubId = props.hubId ?? contentHub;
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = KIND_LABEL[props.targetKind];
  const report = useMutation({
    mutationFn: (chosenReason: TReportReason) =>
      callEndpoint(MODERATION_ENDPOINTS.createReport, {
        body: { targetKind: props.targetKind, targetId: props.targetId, reason: chosenReason, details },
        isErrorToastSuppressed: true,
        ...contentHubOption(hubId),
      }),
    onSuccess: (result) => {
      notifications.show({ message: result.message });
      close();
    },
    onError: (failure) =>
      setError(
        isApiError(failure)
          ? (Object.values(failure.fields)[0] ?? failure.userMessage ?? failure.message)
          : 'Please try again.',
      ),
  });
  const close = () => {
    props.onClose();
    setReason(null);
    setDetails('');
    setError(null);
  };
  const submit = () => {
    if (reason === null) return setError('Please choose a reason.');
    if (reason === 'other' && details.trim() === '') return setError('Please tell us what is wrong.');
    setError(null);
    report.mutate(reason);
  };
  return (
    <LazyModal opened={props.isOpen} onClose={close} title={`Report this ${label}`}>
      <Stack>
        <Text size="sm">Our moderators will look at it. The author is not told who reported it.</Text>
        <Radio.Group
          label="What is wrong?"
          value={reason ?? ''}
          onChange={(value) => setReason(value as TReportReason)}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {Object.entries(REPORT_REASONS).map(([value, text]) => (
              <Radio key={value} value={value} label={text} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Details"
          description={reason === 'other' ? 'Required: tell us what is wrong.' : 'Optional'}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        {error === null ? null : (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.9" loading={report.isPending} onClick={submit}>
            Send report
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
