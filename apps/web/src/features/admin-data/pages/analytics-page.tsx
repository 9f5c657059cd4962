import type { TAnalyticsQuery } from '@commons/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import {
  EngagementReport,
  NO_ENGAGEMENT_FILTERS,
  type TEngagementFilters,
} from '../../../components/engagement-report';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-error';
import { downloadAnalyticsCsv, useAnalytics } from '../api/admin-data';

/**
 * {hubPath}/site-admin/analytics (issue #22 item 4): the hub's engagement over time (sign-ups, active users,
 * messages, meetings, mentorships started and completed, event registrations) by week or month, filtered by user
 * type and program, one chart per measure, each downloadable as CSV. Rights: reports or analytics.
 */
export function AnalyticsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Reports and analytics');
  const [filters, setFilters] = useState<TEngagementFilters>(NO_ENGAGEMENT_FILTERS);
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
  return (
    <Stack gap="lg">
      {heading}
      <EngagementReport
        report={report}
        onShow={setFilters}
        downloadCsv={(metric) => downloadAnalyticsCsv({ ...(filters as TAnalyticsQuery), metric })}
        everyoneLabel="Everyone"
        hasProgramFilter
      />
    </Stack>
  );
}
