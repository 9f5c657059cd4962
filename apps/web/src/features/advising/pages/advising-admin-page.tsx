import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { TabLinkNav } from '../../../components/tab-link-nav';
import { usePageTitle } from '../../../components/use-page-title';
import {
  ADVISING_ADMIN_SECTIONS,
  advisingPaths,
  isAdvisingAdminSection,
  type TAdvisingAdminSection,
} from '../../../config/advising-paths';
import { paths } from '../../../config/paths';
import { useAdvisingMe } from '../api/booking';
import { AdminAdvisers } from '../components/admin-advisers';
import { AdminAppointmentTypes } from '../components/admin-appointment-types';
import { AdminTopics } from '../components/admin-topics';
import { AdvisingReport } from '../components/advising-report';

/** Each admin screen's name. */
const SECTION_TITLES: Readonly<Record<TAdvisingAdminSection, string>> = {
  advisers: 'Advisers',
  topics: 'Topics',
  'appointment-types': 'Appointment types',
  reports: 'Reports',
};

/** The advising admin screens' tabs. */
export function AdvisingAdminNav({ hubIdentifier }: { hubIdentifier: string }) {
  return (
    <TabLinkNav
      label="Advising administration"
      isLoading={false}
      items={ADVISING_ADMIN_SECTIONS.map((section) => ({
        key: section,
        name: SECTION_TITLES[section],
        href: advisingPaths.admin(hubIdentifier, section),
        isExternal: false,
        // An adviser's page (advisers/{id}) belongs to the Advisers tab.
        isExact: section !== 'advisers',
      }))}
    />
  );
}

/** Whether the viewer may manage advising here: the 'no right' page otherwise. */
export function AdvisingAdminGate(props: { hubIdentifier: string; title: string; children: ReactNode }) {
  const me = useAdvisingMe(props.hubIdentifier);
  const heading = (
    <Stack gap={4}>
      <Text size="sm">
        <Anchor component={Link} to={paths.hub.siteAdmin(props.hubIdentifier)}>
          Site administration
        </Anchor>{' '}
        › Advising
      </Text>
      <Title order={1}>{props.title}</Title>
    </Stack>
  );
  let body: ReactNode;
  if (me.isPending) body = <LoadingState />;
  else if (me.isError) body = <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  else if (!me.data.can.manage)
    body = (
      <EmptyState title="You cannot manage advising here">
        Managing advisers, topics, appointment types and reports needs the “manage advising” right in this
        hub.
      </EmptyState>
    );
  else
    body = (
      <>
        <AdvisingAdminNav hubIdentifier={props.hubIdentifier} />
        {props.children}
      </>
    );
  return (
    <Stack gap="lg">
      {heading}
      {body}
    </Stack>
  );
}

/**
 * {hubPath}/site-admin/advising/{section} (issue #21 items 1 and 5; right manage-advising): advisers (make a
 * member an adviser, their topics and appointment types), topics, appointment types with every setting, and
 * reports by topic, adviser, status and week with CSV export. An unknown section goes to /404.
 */
export function AdvisingAdminPage() {
  const { identifier = '', section } = useParams();
  const title = isAdvisingAdminSection(section)
    ? `Advising: ${SECTION_TITLES[section].toLowerCase()}`
    : 'Advising';
  usePageTitle(title);
  if (!isAdvisingAdminSection(section)) return <Navigate to={paths.notFound()} replace />;
  const screens: Readonly<Record<TAdvisingAdminSection, ReactNode>> = {
    advisers: <AdminAdvisers hubIdentifier={identifier} />,
    topics: <AdminTopics hubIdentifier={identifier} />,
    'appointment-types': <AdminAppointmentTypes hubIdentifier={identifier} />,
    reports: <AdvisingReport hubIdentifier={identifier} />,
  };
  return (
    <AdvisingAdminGate hubIdentifier={identifier} title={title}>
      {screens[section]}
    </AdvisingAdminGate>
  );
}
