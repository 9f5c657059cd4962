import {
  ADVISING_REPORT_GROUPS,
  ADVISING_STATUS_LABELS,
  ADVISING_STATUSES,
  type TAdvisingReportGroup,
} from '@commons/domain';
import { Button, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { downloadAdvisingReportCsv, useAdvisingReport, type TReportRequest } from '../api/advising-admin';
import { reportRange, reportRowLabel } from '../report-range';
import { slotDayLabel } from '../slot-days';

/** What the report's first column says per grouping. */
const GROUP_LABELS: Readonly<Record<TAdvisingReportGroup, string>> = {
  topic: 'Topic',
  adviser: 'Adviser',
  status: 'Status',
  week: 'Week',
};

/**
 * Advising reports (issue #21 item 5): appointments between two days of the admin's zone grouped by topic,
 * adviser, status or week, with a count per advising status and the totals, and the same report as CSV.
 */
export function AdvisingReport({ hubIdentifier }: { hubIdentifier: string }) {
  const timeZone = useViewerTimeZone();
  const [request, setRequest] = useState<TReportRequest>(() => ({
    groupBy: 'topic',
    ...reportRange(new Date(), timeZone),
    tz: timeZone,
  }));
  const [isExporting, setIsExporting] = useState(false);
  const report = useAdvisingReport(hubIdentifier, request);
  const isRangeValid = request.from !== '' && request.to !== '' && request.from <= request.to;

  const handleExport = () => {
    setIsExporting(true);
    downloadAdvisingReportCsv(hubIdentifier, request)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setIsExporting(false));
  };

  const rows = report.data?.rows ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="report-heading">
      <Group justify="space-between">
        <Title order={2} size="h4" id="report-heading">
          Reports
        </Title>
        <Button
          variant="outline"
          onClick={handleExport}
          loading={isExporting}
          disabled={!isRangeValid || rows.length === 0}
        >
          Export CSV
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-group-label">
            Group by
          </Text>
          <SegmentedControl
            aria-labelledby="report-group-label"
            value={request.groupBy}
            onChange={(groupBy) => setRequest({ ...request, groupBy: groupBy as TAdvisingReportGroup })}
            data={ADVISING_REPORT_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
          />
        </Stack>
        <TextInput
          type="date"
          label="From"
          value={request.from}
          max={request.to}
          onChange={(event) => setRequest({ ...request, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={request.to}
          min={request.from}
          onChange={(event) => setRequest({ ...request, to: event.currentTarget.value })}
          error={isRangeValid ? undefined : 'Choose a range whose end is not before its start.'}
        />
      </Group>
      <Text size="sm" c="gray.7">
        Appointments starting between these days in your time zone, {timeZone}.
      </Text>
      {!isRangeValid ? null : report.isPending ? (
        <LoadingState label="Loading the report…" />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No appointments in these days" />
      ) : (
        // Native scrolling on a focusable region, so keyboard users can scroll the table on a phone (axe
        // scrollable-region-focusable).
        <Table.ScrollContainer
          minWidth={720}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Advising report table"
        >
          <Table striped withTableBorder aria-busy={report.isFetching}>
            <Table.Caption>
              Appointments by {GROUP_LABELS[report.data.groupBy].toLowerCase()},{' '}
              {slotDayLabel(report.data.from)} to {slotDayLabel(report.data.to)}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{GROUP_LABELS[report.data.groupBy]}</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
                {ADVISING_STATUSES.map((status) => (
                  <Table.Th scope="col" key={status}>
                    {ADVISING_STATUS_LABELS[status]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {reportRowLabel(report.data.groupBy, row)}
                  </Table.Th>
                  <Table.Td>{row.total}</Table.Td>
                  {ADVISING_STATUSES.map((status) => (
                    <Table.Td key={status}>{row.byStatus[status] ?? 0}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">All</Table.Th>
                <Table.Td fw={700}>{report.data.total}</Table.Td>
                {ADVISING_STATUSES.map((status) => (
                  <Table.Td key={status} fw={700}>
                    {rows.reduce((sum, row) => sum + (row.byStatus[status] ?? 0), 0)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
