import '@mantine/charts/styles.css';
import { ANALYTICS_METRIC_LABELS, type TAnalyticsInterval, type TAnalyticsSeries } from '@commons/contract';
import { formatWholeNumber } from '@commons/domain';
import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatCalendarDay, formatCalendarMonth } from '../lib/viewer-time';

/**
 * The chart library (recharts and d3, about 390 kB of code) loads with the first chart: imported statically, it sat
 * in the chunk of code the admin reports share with every other page outside the measured ones (events, groups,
 * jobs…), which all downloaded it (issue #17 item 7).
 */
const BarChart = lazy(() => import('./bar-chart').then((module) => ({ default: module.BarChart })));

const CHART_HEIGHT = 180;

/** A period's label: "Jan 12, 2026" for a week (its Monday), "Jan 2026" for a month (calendar days, no zone). */
export function periodLabel(period: string, interval: TAnalyticsInterval): string {
  return interval === 'week' ? formatCalendarDay(period, 'medium') : formatCalendarMonth(period);
}

/** What the chart shows, in one sentence, for screen readers (the chart itself is an image to them). */
function summaryOf(series: TAnalyticsSeries, interval: TAnalyticsInterval): string {
  const { title } = ANALYTICS_METRIC_LABELS[series.metric];
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  if (!first || !last) return `${title}: no data.`;
  const peak = series.points.reduce((best, p) => (p.value > best.value ? p : best), first);
  return `${title} per ${interval}, ${periodLabel(first.period, interval)} to ${periodLabel(last.period, interval)}: ${series.total} in total, most (${peak.value}) in the ${interval} of ${periodLabel(peak.period, interval)}. The numbers are in the table below the chart.`;
}

/**
 * One engagement measure as a bar chart (@mantine/charts on recharts) with its total, a CSV download and the same
 * numbers as a table people can open (the accessible alternative of the chart; issue #22 item 4).
 */
export function MetricChart(props: {
  series: TAnalyticsSeries;
  interval: TAnalyticsInterval;
  onDownload: () => void;
  isDownloading: boolean;
}) {
  const { series, interval } = props;
  const { title, description } = ANALYTICS_METRIC_LABELS[series.metric];
  const data = series.points.map((p) => ({ period: periodLabel(p.period, interval), value: p.value }));
  const headingId = `chart-${series.metric}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="outline"
            onClick={props.onDownload}
            loading={props.isDownloading}
            aria-label={`Download ${title} as CSV`}
          >
            CSV
          </Button>
        </Group>
        <Text fw={700} size="lg" data-testid={`total-${series.metric}`}>
          {formatWholeNumber(series.total)}{' '}
          <Text span size="sm" fw={400} c="gray.7">
            in total
          </Text>
        </Text>
        <div role="img" aria-label={summaryOf(series, interval)}>
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} />}>
            <BarChart
              h={CHART_HEIGHT}
              data={data}
              dataKey="period"
              series={[{ name: 'value', label: title, color: 'blue.7' }]}
              tickLine="y"
              gridAxis="y"
              withTooltip
              tooltipAnimationDuration={0}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
              yAxisProps={{ allowDecimals: false, width: 36 }}
            />
          </Suspense>
        </div>
        <details>
          <summary>
            <Text span size="sm">
              Show the numbers
            </Text>
          </summary>
          <Table.ScrollContainer
            minWidth={240}
            mah={240}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={`${title}: the numbers`}
          >
            <Table striped withTableBorder verticalSpacing={4} fz="sm">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{interval === 'week' ? 'Week starting' : 'Month'}</Table.Th>
                  <Table.Th scope="col">{title}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row) => (
                  <Table.Tr key={row.period}>
                    <Table.Td>{row.period}</Table.Td>
                    <Table.Td>{row.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Card>
  );
}
