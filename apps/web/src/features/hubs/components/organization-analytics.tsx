import type { TAnalyticsInterval, TAnalyticsMetric } from '@commons/contract';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { MetricChart } from '../../../components/metric-chart';
import { downloadOrganizationAnalyticsCsv, useOrganizationAnalytics } from '../api/organization-admin';

type TFilters = { interval: TAnalyticsInterval; from: string; to: string; userType: string };
const NO_FILTERS: TFilters = { interval: 'week', from: '', to: '', userType: '' };

/**
 * analytics of one organisation (spec 6 Organisation admins): the hub's engagement charts counted over the
 * organisation's members only, by week or month and user type, each downloadable as CSV.
 */
export function OrganizationAnalytics(props: { hubIdentifier: string; organization: string }) {
  const [draft, setDraft] = useState<TFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [downloading, setDownloading] = useState<TAnalyticsMetric | 'all' | null>(null);
  const report = useOrganizationAnalytics(props.hubIdentifier, props.organization, filters);
  const data = report.data;
  const download = (metric: TAnalyticsMetric | 'all') => {
    setDownloading(metric);
    downloadOrganizationAnalyticsCsv(props.organization, {
      ...filters,
      ...(metric === 'all' ? {} : { metric }),
    })
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setDownloading(null));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} aria-label="Report filters">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="organization-interval-label">
              Count by
            </Text>
            <SegmentedControl
              aria-labelledby="organization-interval-label"
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
              { value: '', label: 'Every member' },
              ...(data?.userTypes ?? []).map((type) => ({ value: type.id, label: type.title })),
            ]}
            value={draft.userType}
            onChange={(value) => setDraft({ ...draft, userType: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
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
            The organization’s members, from {data?.from} to {data?.to} (UTC), by {data?.interval}.
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
