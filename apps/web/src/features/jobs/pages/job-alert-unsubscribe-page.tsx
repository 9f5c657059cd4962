import { JOB_ENDPOINTS } from '@commons/contract';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { callEndpoint } from '../../../lib/api-client';

/**
 * /job-alerts/unsubscribe?token=… (issue #19 item 4): the unsubscribe link of every job alert email; works
 * without signing in. One click turns the alert off (mail clients may also do it themselves, RFC 8058).
 */
export function JobAlertUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  usePageTitle('Unsubscribe');
  const unsubscribe = useMutation({
    mutationFn: () =>
      callEndpoint(JOB_ENDPOINTS.unsubscribeAlert, {
        params: { token },
        hubId: null,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
  });
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Unsubscribe from a job alert</Title>
      {unsubscribe.isSuccess ? (
        <Alert color="teal.9" variant="outline" role="status" title="You are unsubscribed">
          This job alert will send no more emails. Your other alerts are not affected.
        </Alert>
      ) : (
        <>
          <Text>Stop getting this job alert’s emails? Other emails from Commons are not affected.</Text>
          <ErrorAlert error={unsubscribe.error}>
            {unsubscribe.error === null ? undefined : 'This unsubscribe link is not valid any more.'}
          </ErrorAlert>
          <div>
            <Button
              onClick={() => unsubscribe.mutate()}
              loading={unsubscribe.isPending}
              disabled={token === ''}
            >
              Unsubscribe
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
