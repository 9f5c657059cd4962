import type { TAnalyticsInterval, TAnalyticsMetric, TAnalyticsResponse } from '@commons/contract';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState, errorText } from './error-state';
import { LoadingState } from './loading-state';
import { MetricChart } from './metric-chart';

/** The report's filters as the form holds them (empty text means no filter). */
export type TEngagementFilters = {
  interval: TAnalyticsInterval;
  from: string;
  to: string;
  userType: string;
  program: string;
};
/** The report as the page's query answers it (an organisation's has no programs to choose from). */
type TEngagementData = Omit<TAnalyticsResponse, 'programs'> & Partial<Pick<TAnalyticsResponse, 'programs'>>;

export const NO_ENGAGEMENT_FILTERS: TEngagementFilters = {
  interval: 'week',
  from: '',
  to: '',
  userType: '',
  program: '',
};

/**
 * The engagement charts with their filters (issue #22 item 4): the hub's analytics page and an organisation's
 * console (spec 6 Organisation admins) show the same report over different members. The page holds the applied
 * filters (its query reads them); this form edits a draft and applies it on Show.
 */
export function EngagementReport(props: {
  report: UseQueryResult<TEngagementData>;
  onShow: (filters: TEngagementFilters) => void;
  /** Downloads one measure, or all of them when left out, for the applied filters. */
  downloadCsv: (metric?: TAnalyticsMetric) => Promise<void>;
  /** The user type choice that counts everyone. */
  everyoneLabel: string;
  /** Offers the program filter (the hub's report; an organisation's has none). */
  hasProgramFilter: boolean;
  /** Who is counted, before the period ("The organization’s members"); left out: just the period. */
  countedSubject?: string;
}) {
  const intervalLabelId = useId();
  const [draft, setDraft] = useState<TEngagementFilters>(NO_ENGAGEMENT_FILTERS);
  const [downloading, setDownloading] = useState<TAnalyticsMetric | 'all' | null>(null);
  const { report } = props;
  const data = report.data;
  const download = (metric: TAnalyticsMetric | 'all') => {
    setDownloading(metric);
    props
      .downloadCsv(metric === 'all' ? undefined : metric)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setDownloading(null));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onShow(draft);
  };
  const period = `from ${data?.from} to ${data?.to} (UTC), by ${data?.interval}.`;
  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} aria-label="Report filters">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={intervalLabelId}>
              Count by
            </Text>
            <SegmentedControl
              aria-labelledby={intervalLabelId}
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
              { value: '', label: props.everyoneLabel },
              ...(data?.userTypes ?? []).map((type) => ({ value: type.id, label: type.title })),
            ]}
            value={draft.userType}
            onChange={(value) => setDraft({ ...draft, userType: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          {props.hasProgramFilter ? (
            <Select
              label="Program"
              data={[
                { value: '', label: 'All members' },
                ...(data?.programs ?? []).map((program) => ({ value: program.id, label: program.name })),
              ]}
              value={draft.program}
              onChange={(value) => setDraft({ ...draft, program: value ?? '' })}
              allowDeselect={false}
              w={{ base: '100%', sm: 220 }}
            />
          ) : null}
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
            {props.countedSubject
              ? `${props.countedSubject}, ${period}`
              : period.charAt(0).toUpperCase() + period.slice(1)}
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
