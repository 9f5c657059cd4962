import type { TParticipationReport } from '@commons/contract';
import { PARTICIPATION_REPORT_STATUS_LABELS, PARTICIPATION_REPORT_STATUSES } from '@commons/domain';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatCalendarDay, formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useParticipationReports, useReviewParticipationReport } from '../api/experiential-learning';

type TStatus = (typeof PARTICIPATION_REPORT_STATUSES)[number];

/** Approve or reject one report, with a note to the member. */
function ReviewDialog(props: {
  hubIdentifier: string;
  report: TParticipationReport;
  decision: 'approve' | 'reject';
  onClose: () => void;
}) {
  const review = useReviewParticipationReport(props.hubIdentifier);
  const [note, setNote] = useState('');
  const isApprove = props.decision === 'approve';
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`${isApprove ? 'Approve' : 'Reject'}: ${props.report.title}`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          review.mutate(
            { id: props.report.id, body: { decision: props.decision, note } },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: `${props.report.member.fullName}’s report was ${isApprove ? 'approved' : 'rejected'}.`,
                });
                props.onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text>{props.report.member.fullName} is told of your decision.</Text>
          <Textarea
            label="Note to the member (optional)"
            autosize
            minRows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <ErrorAlert error={review.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" color={isApprove ? undefined : 'red.9'} loading={review.isPending}>
              {isApprove ? 'Approve' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * {hubPath}/site-admin/jobs/participation-reports (issue #19 item 5): admins with the experiential-learning right
 * review the hours and reflections members report, by status, oldest first; the member hears the decision.
 */
export function ParticipationReportsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Participation reports');
  const timeZone = useViewerTimeZone();
  const [status, setStatus] = useState<TStatus>('pending');
  const reports = useParticipationReports(identifier, status, true);
  const [reviewing, setReviewing] = useState<{
    report: TParticipationReport;
    decision: 'approve' | 'reject';
  } | null>(null);
  const heading = <Title order={1}>Participation reports</Title>;
  if (reports.isError && isApiError(reports.error) && reports.error.status === 403)
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot review participation here">
          Reviewing participation reports needs the “experiential learning” right in this hub.
        </EmptyState>
      </Stack>
    );
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (reports.isPending) body = <LoadingState label="Loading the reports…" />;
  else if (reports.isError)
    body = <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState title={status === 'pending' ? 'Nothing waits for review' : 'No reports here'}>
        {status === 'pending' ? 'Members’ reports show here once they send them.' : undefined}
      </EmptyState>
    );
  else
    body = (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Participation reports"
      >
        {items.map((report) => (
          <Paper component="li" key={report.id} withBorder p="md" radius="md">
            <Stack gap="xs">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar
                  src={report.member.photoUrl}
                  name={report.member.fullName}
                  alt=""
                  radius="xl"
                  color="indigo.9"
                  variant="filled"
                />
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{report.post?.title ?? report.title}</Text>
                  <Text size="sm">
                    <Anchor component={Link} to={paths.profile(report.member.identifier)}>
                      {report.member.fullName}
                    </Anchor>
                    {report.organisation === '' ? '' : ` · ${report.organisation}`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {report.hours} {report.hours === 1 ? 'hour' : 'hours'} · from{' '}
                    {formatCalendarDay(report.startedOn, 'medium')}
                    {report.endedOn === null ? '' : ` to ${formatCalendarDay(report.endedOn, 'medium')}`} ·
                    sent {formatInZone(report.createdAt, 'medium', timeZone)}
                  </Text>
                </Stack>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {report.reflection}
              </Text>
              {report.reviewNote === null ? null : <Text size="sm">Note: {report.reviewNote}</Text>}
              {report.status === 'pending' ? (
                <Group gap="xs">
                  <Button
                    size="xs"
                    aria-label={`Approve the report of ${report.member.fullName}`}
                    onClick={() => setReviewing({ report, decision: 'approve' })}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={`Reject the report of ${report.member.fullName}`}
                    onClick={() => setReviewing({ report, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg">
      {heading}
      <SegmentedControl
        aria-label="Show reports"
        value={status}
        onChange={(value) => setStatus(value as TStatus)}
        data={PARTICIPATION_REPORT_STATUSES.map((s) => ({
          value: s,
          label: PARTICIPATION_REPORT_STATUS_LABELS[s],
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {body}
      {reports.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void reports.fetchNextPage()}
            loading={reports.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {reviewing === null ? null : (
        <ReviewDialog
          hubIdentifier={identifier}
          report={reviewing.report}
          decision={reviewing.decision}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
