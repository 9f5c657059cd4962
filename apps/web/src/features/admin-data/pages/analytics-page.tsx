import type { TAnalyticsInterval, TAnalyticsMetric, TAnalyticsQuery } from '@commons/contract';
import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-error';
import { downloadAnalyticsCsv, useAnalytics } from '../api/admin-data';
import { MetricChart } from '../../../components/metric-chart';

type TFilters = { interval: TAnalyticsInterval; from: string; to: string; userType: string; program: string };
const NO_FILTERS: TFilters = { interval: 'week', from: '', to: '', userType: '', program: '' };

/**
 * {hubPath}/site-admin/analytics (issue #22 item 4): the hub's engagement over time (sign-ups, active users,
 * messages, meetings, mentorships started and completed, event registrations) by week or month, filtered by user
 * type and program, one chart per measure, each downloadable as CSV. Rights: reports or analytics.
 */
export function AnalyticsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Reports and analytics');
  const [draft, setDraft] = useState<TFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [downloading, setDownloading] = useState<TAnalyticsMetric | 'all' | null>(null);
  const report = useAnalytics(identifier, filters as TAnalyticsQuery);
  const heading = (
    <Stack gap={4}>
      <Title order={1}>Reports and analytics</Title>
      <Text c="gray.7">
        How members use the hub over time. Choose the period and who to count, then download any chart as CSV.
      </Text>
    </Stack>
  );
  if (report.isError && report.error instanceof ApiError && report.error.status === 403)
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot see reports here">
          Reports and analytics need the “reports” or “analytics” right in this hub.
        </EmptyState>
      </Stack>
    );
  const download = (metric: TAnalyticsMetric | 'all') => {
    setDownloading(metric);
    downloadAnalyticsCsv({ ...(filters as TAnalyticsQuery), ...(metric === 'all' ? {} : { metric }) })
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setDownloading(null));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const data = report.data;
  return (
    <Stack gap="lg">
      {heading}
      <form onSubmit={onSubmit} aria-label="Report filters">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="interval-label">
              Count by
            </Text>
            <SegmentedControl
              aria-labelledby="interval-label"
              data={[
                { value: 'week', label: 'Week' },
                { value: 'month', label: 'Month' },
              ]}
              value={draft.interval}
              onChange={(value) => setDraft({ ...draft, interval: value as TAnalyticsInterval })}
            />
          </Stack>
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <Select
            label="User type"
            data={[
              { value: '', label: 'Everyone' },
              ...(data?.userTypes ?? []).map((t) => ({ value: t.id, label: t.title })),
            ]}
            value={draft.userType}
            onChange={(value) => setDraft({ ...draft, userType: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          <Select
            label="Program"
            data={[
              { value: '', label: 'All members' },
              ...(data?.programs ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={draft.program}
            onChange={(value) => setDraft({ ...draft, program: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          <Button type="submit">Show</Button>
          <Button variant="outline" onClick={() => download('all')} loading={downloading === 'all'}>
            Download all as CSV
          </Button>
        </Group>
      </form>
      {report.isPending ? (
        <LoadingState label="Counting…" />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="gray.7" role="status">
            From {data?.from} to {data?.to} (UTC), by {data?.interval}.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy={report.isFetching}>
            {(data?.series ?? []).map((series) => (
              <MetricChart
                key={series.metric}
                series={series}
                interval={data?.interval ?? 'week'}
                onDownload={() => download(series.metric)}
                isDownloading={downloading === series.metric}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
