import { useState } from 'react';
import {
  EngagementReport,
  NO_ENGAGEMENT_FILTERS,
  type TEngagementFilters,
} from '../../../components/engagement-report';
import { downloadOrganizationAnalyticsCsv, useOrganizationAnalytics } from '../api/organization-admin';

/**
 * analytics of one organisation (spec 6 Organisation admins): the hub's engagement charts counted over the
 * organisation's members only, by week or month and user type, each downloadable as CSV.
 */
export function OrganizationAnalytics(props: { hubIdentifier: string; organization: string }) {
  const [filters, setFilters] = useState<TEngagementFilters>(NO_ENGAGEMENT_FILTERS);
  // An organisation's report has no program filter.
  const { program: _program, ...query } = filters;
  const report = useOrganizationAnalytics(props.hubIdentifier, props.organization, query);
  return (
    <EngagementReport
      report={report}
      onShow={setFilters}
      downloadCsv={(metric) => downloadOrganizationAnalyticsCsv(props.organization, { ...query, metric })}
      everyoneLabel="Every member"
      hasProgramFilter={false}
      countedSubject="The organization’s members"
    />
  );
}
