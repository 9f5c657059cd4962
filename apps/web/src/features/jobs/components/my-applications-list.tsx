import type { TJobApplication } from '@commons/contract';
import { APPLICATION_STATE_LABELS } from '@commons/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { jobPaths } from '../../../config/job-paths';
import { formatInZone } from '../../../lib/viewer-time';
import { useMyApplications } from '../api/job-applications';
import { applicationBadgeColour } from '../application-status';

/** The viewer's applications (the Applied tab): the post, its owner, the state in the domain's words, when. */
export function MyApplicationsList(props: { hubIdentifier: string; timeZone: string }) {
  const applications = useMyApplications(props.hubIdentifier);
  if (applications.isPending) return <LoadingState label="Loading your applications…" />;
  if (applications.isError)
    return <ErrorState error={applications.error} onRetry={() => void applications.refetch()} />;
  const items: TJobApplication[] = applications.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState title="No applications yet">
        Apply to a job or project on the board and follow it here.
      </EmptyState>
    );
  return (
    <Stack gap="md">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your applications">
        {items.map((application) => {
          const colour = applicationBadgeColour(application.state);
          return (
            <Paper component="li" key={application.id} withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
                  <Anchor
                    component={Link}
                    fw={600}
                    to={jobPaths.detail(props.hubIdentifier, application.post.id, {
                      isProject: application.post.jobFlow === 'project',
                    })}
                  >
                    {application.post.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {[application.post.organisation, application.post.owner.fullName]
                      .filter((p) => p !== '')
                      .join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Applied {formatInZone(application.createdAt, 'medium', props.timeZone)}
                  </Text>
                </Stack>
                <Badge variant="light" {...colour} tt="none" size="lg">
                  {APPLICATION_STATE_LABELS[application.state]}
                </Badge>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {applications.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void applications.fetchNextPage()}
            loading={applications.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
