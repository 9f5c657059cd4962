import type { TFailedJob } from '@commons/contract';
import { Anchor, Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { PLATFORM_ADMIN_ROUTE } from '../../../config/platform-admin-paths';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useFailedJobs, useRetryFailedJob } from '../api/tenant-erasure';

function FailedJobCard(props: { job: TFailedJob }) {
  const { job } = props;
  const timeZone = useViewerTimeZone();
  const retry = useRetryFailedJob();
  const data = Object.entries(job.data);
  const titleId = `failed-job-${job.id}`;
  return (
    <Card withBorder component="li" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {job.name}
            </Title>
            <Text size="sm" c="gray.7">
              Queue {job.queue} · {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'} (retry limit{' '}
              {job.retryLimit})
            </Text>
          </Stack>
          <Badge color="red.9" variant="outline">
            Failed
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Error:{' '}
          </Text>
          {job.error ?? 'No error was recorded.'}
        </Text>
        <Text size="sm" c="gray.7">
          Queued {formatDateTime(job.createdAt, timeZone)}
          {job.failedAt ? ` · failed ${formatDateTime(job.failedAt, timeZone)}` : ''}
        </Text>
        {data.length > 0 ? (
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Job data">
            {data.map(([key, value]) => `${key}: ${value}`).join('\n')}
          </Code>
        ) : null}
        <Group>
          <Button
            size="xs"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(job.id, {
                onSuccess: () =>
                  notifications.show({ message: `${job.name} will run again shortly.`, color: 'teal.9' }),
                onError: (error) => notifications.show({ message: errorText(error), color: 'red.9' }),
              })
            }
            aria-label={`Retry ${job.name}`}
          >
            Retry
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /super-admin/jobs (issue #23 item 4): jobs of the durable queue (pg-boss) that failed after their retries, newest
 * first, with their error and data (secrets hidden), each of which a super admin may run again.
 */
export function FailedJobsPage() {
  usePageTitle('Failed jobs');
  const me = useCurrentUser();
  const isAllowed = me.data?.isAdmin === true;
  const jobs = useFailedJobs(isAllowed);
  if (me.data === undefined) return <LoadingState />;
  if (!isAllowed)
    return (
      <EmptyState title="Only super admins can see failed jobs">
        Background jobs are looked after by the platform&apos;s super admins.
      </EmptyState>
    );
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} to={PLATFORM_ADMIN_ROUTE} size="sm">
          Back to the super admin console
        </Anchor>
        <Title order={1}>Failed jobs</Title>
        <Text c="gray.7">
          Background jobs (webhook deliveries, tenant erasure, email digests, imports, …) are retried with
          backoff; those that still failed are listed here. Retry runs one once more after you fixed the
          cause.
        </Text>
      </Stack>
      {jobs.isPending ? (
        <LoadingState label="Loading failed jobs…" />
      ) : jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No failed jobs">Every background job ran or is still being retried.</EmptyState>
      ) : (
        <Stack gap="sm">
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((job) => (
              <FailedJobCard key={job.id} job={job} />
            ))}
          </Stack>
          {jobs.hasNextPage ? (
            <Group>
              <Button
                variant="default"
                loading={jobs.isFetchingNextPage}
                onClick={() => void jobs.fetchNextPage()}
              >
                Show more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
