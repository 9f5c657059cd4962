import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useUnsubscribe } from '../api/group-admin-api';

/** /group-announcements/unsubscribe?token=…: the link in every announcement; works without signing in. */
export function GroupAnnouncementsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  usePageTitle('Unsubscribe');
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Unsubscribe from announcements</Title>
      {unsubscribe.isSuccess ? (
        <Alert color="teal" variant="outline" role="status" title="You are unsubscribed">
          You will get no more announcements from this group.
        </Alert>
      ) : (
        <>
          <Text>
            Stop getting announcement emails from this group? Other emails from Commons are not affected.
          </Text>
          <ErrorAlert error={unsubscribe.error} />
          <div>
            <Button
              onClick={() => unsubscribe.mutate(token)}
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
