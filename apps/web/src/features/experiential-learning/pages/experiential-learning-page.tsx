import type { TElListName, TElOverview } from '@commons/contract';
import { EL_LIST_LABELS, EL_LISTS, PARTICIPATION_REPORT_STATUS_LABELS } from '@commons/domain';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { JobPostCard } from '../../../components/job-post/job-post-card';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { jobPaths } from '../../../config/job-paths';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCalendarDay, useViewerTimeZone } from '../../../lib/viewer-time';
import { useElList, useElOverview, useMyParticipationReports } from '../api/experiential-learning';
import { InterestsModal } from '../components/interests-modal';
import { ReportParticipationModal } from '../components/report-participation-modal';

/** What each list says when it is empty. */
const EMPTY_TEXT: Readonly<Record<TElListName, string>> = {
  recent: 'New opportunities will show here as they are posted.',
  recommended: 'Add interests to get recommendations.',
  nearby: 'Nothing near you yet.',
  saved: 'Save an opportunity to keep it here.',
  applied: 'Opportunities you apply to show here.',
};

/** One list of the page: its first posts, then every page of it once "Show more" is chosen. */
function ElListSection(props: {
  hubIdentifier: string;
  list: TElListName;
  preview: TElOverview['lists'][TElListName];
  timeZone: string;
  projectName: string;
  emptyText: ReactNode;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const more = useElList(props.hubIdentifier, props.list, isExpanded);
  const posts =
    isExpanded && more.data !== undefined
      ? more.data.pages.flatMap((page) => page.items)
      : props.preview.items;
  const headingId = `el-${props.list}-heading`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {EL_LIST_LABELS[props.list]}
      </Title>
      {posts.length === 0 ? (
        <Text c="dimmed">{props.emptyText}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={EL_LIST_LABELS[props.list]}
        >
          {posts.map((post) => (
            <li key={post.id}>
              <JobPostCard post={post} hubIdentifier={props.hubIdentifier} timeZone={props.timeZone} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {more.isError ? <ErrorState error={more.error} onRetry={() => void more.refetch()} /> : null}
      {(!isExpanded && props.preview.hasMore) || (isExpanded && more.hasNextPage) ? (
        <Group>
          <Button
            variant="outline"
            loading={more.isFetching}
            onClick={() => (isExpanded ? void more.fetchNextPage() : setIsExpanded(true))}
            aria-label={`Show more: ${EL_LIST_LABELS[props.list]}`}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The viewer's participation reports and their review. */
function MyReports(props: { hubIdentifier: string }) {
  const reports = useMyParticipationReports(props.hubIdentifier);
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];
  if (reports.isPending || (items.length === 0 && !reports.isError)) return null;
  return (
    <Stack component="section" aria-labelledby="el-reports-heading" gap="sm">
      <Title order={2} size="h3" id="el-reports-heading">
        Your participation
      </Title>
      {reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Your participation reports"
        >
          {items.map((report) => (
            <Paper component="li" key={report.id} withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
                  <Text fw={600}>{report.post?.title ?? report.title}</Text>
                  <Text size="sm" c="dimmed">
                    {report.hours} {report.hours === 1 ? 'hour' : 'hours'} · from{' '}
                    {formatCalendarDay(report.startedOn, 'medium')}
                    {report.endedOn === null ? '' : ` to ${formatCalendarDay(report.endedOn, 'medium')}`}
                  </Text>
                  {report.reviewNote === null ? null : <Text size="sm">Reviewer: {report.reviewNote}</Text>}
                </Stack>
                <Badge
                  variant="light"
                  tt="none"
                  size="lg"
                  color={
                    report.status === 'approved' ? 'green' : report.status === 'rejected' ? 'gray' : 'yellow'
                  }
                  c="dark.8"
                  bg={report.status === 'approved' ? 'green.1' : undefined}
                >
                  {PARTICIPATION_REPORT_STATUS_LABELS[report.status]}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * {hubPath}/experiential-learning (spec 2; issue #19 item 5): recently posted, recommended (from the member's
 * interests), near them (by their profile's location), saved and applied opportunities; "Add interests", which
 * ?showInterests=true opens at once (the el_add_interest action item's link); and reporting participation
 * (hours and a reflection) for admins to review. The title is the hub's tab name ('Experiences' by default).
 */
export function ExperientialLearningPage() {
  const { identifier = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const overview = useElOverview(identifier);
  const me = useCurrentUser().data;
  const timeZone = useViewerTimeZone();
  const [isReporting, setIsReporting] = useState(false);
  const isInterestsOpen = params.get('showInterests') === 'true';
  const tabName = overview.data?.tabName ?? 'Experiences';
  usePageTitle(tabName);

  const setInterestsOpen = (isOpen: boolean) => {
    const next = new URLSearchParams(params);
    if (isOpen) next.set('showInterests', 'true');
    else next.delete('showInterests');
    setParams(next, { replace: !isOpen });
  };

  if (overview.isPending) return <LoadingState label="Loading experiences…" />;
  if (overview.isError)
    return (
      <Stack gap="lg">
        <Title order={1}>{tabName}</Title>
        {isApiError(overview.error) && overview.error.status === 403 ? (
          <EmptyState title="Experiences are not open to you yet">
            They appear here once your membership is approved.
          </EmptyState>
        ) : (
          <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
        )}
      </Stack>
    );

  const data = overview.data;
  const emptyText = (list: TElListName): ReactNode =>
    list === 'nearby' && data.location === null ? (
      <>
        Add your location to your profile to see opportunities near you.{' '}
        {me === undefined ? null : (
          <Anchor component={Link} to={paths.profile(me.identifier, { edit: 'about' })}>
            Add your location
          </Anchor>
        )}
      </>
    ) : (
      EMPTY_TEXT[list]
    );

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>{tabName}</Title>
          <Group gap="xs">
            <Button variant="light" onClick={() => setInterestsOpen(true)}>
              Add interests
            </Button>
            {data.can.report ? (
              <Button onClick={() => setIsReporting(true)}>Report participation</Button>
            ) : null}
          </Group>
        </Group>
        <Text>
          Internships, jobs and {data.projectsTabName.toLowerCase()} to learn by doing.{' '}
          <Anchor component={Link} to={jobPaths.board(identifier)}>
            Browse the job board
          </Anchor>
        </Text>
        {data.interests.length === 0 ? null : (
          <Group
            gap={6}
            component="ul"
            aria-label="Your interests"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.interests.map((interest) => (
              <li key={`${interest.kind}:${interest.value}`}>
                <Badge variant="light" color="indigo" c="indigo.9" tt="none">
                  {interest.label}
                </Badge>
              </li>
            ))}
          </Group>
        )}
      </Stack>
      {EL_LISTS.map((list) => (
        <ElListSection
          key={list}
          hubIdentifier={identifier}
          list={list}
          preview={data.lists[list]}
          timeZone={timeZone}
          projectName={data.projectsTabName}
          emptyText={emptyText(list)}
        />
      ))}
      <MyReports hubIdentifier={identifier} />
      <InterestsModal
        hubIdentifier={identifier}
        opened={isInterestsOpen}
        onClose={() => setInterestsOpen(false)}
      />
      {isReporting ? (
        <ReportParticipationModal
          hubIdentifier={identifier}
          opportunities={data.lists.applied.items}
          timeZone={timeZone}
          opened
          onClose={() => setIsReporting(false)}
        />
      ) : null}
    </Stack>
  );
}
