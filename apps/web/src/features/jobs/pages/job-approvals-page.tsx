import type { TJobPostSummary } from '@commons/contract';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { jobPaths } from '../../../config/job-paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { postsOf, useJobSettings } from '../api/job-board';
import { useDecideJobPost, usePendingJobPosts } from '../api/job-posts';
import { JobIcon } from '../../../components/job-post/job-icon';
import { JobTags } from '../../../components/job-post/job-tags';
import { MoveDialog } from '../components/move-dialog';
import { postFacts } from '../../../components/job-post/job-labels';

/**
 * {hubPath}/site-admin/job-approvals (issue #19 item 1, spec 6 approve-job-posts): the posts waiting for
 * approval, oldest first, each with its facts and poster; approve puts it on the board, reject (with an
 * optional reason) tells the poster. Both decisions reach the poster as a notification.
 */
export function JobApprovalsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Job post approvals');
  const timeZone = useViewerTimeZone();
  const settings = useJobSettings(identifier);
  const mayApprove = settings.data?.can.approve === true;
  const pending = usePendingJobPosts(identifier, mayApprove);
  const decide = useDecideJobPost(identifier);
  const [rejecting, setRejecting] = useState<TJobPostSummary | null>(null);
  const projectName = settings.data?.settings.projectsTabName ?? 'Project';

  const heading = <Title order={1}>Job post approvals</Title>;
  if (settings.isPending) return <LoadingState />;
  if (settings.isError)
    return (
      <Stack>
        {heading}
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Stack>
    );
  if (!mayApprove)
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot approve job posts here">
          Approving job and project posts needs the “approve job posts” right in this hub.
        </EmptyState>
      </Stack>
    );

  const posts = postsOf(pending.data);
  const approve = (post: TJobPostSummary) =>
    decide.mutate(
      { id: post.id, decision: 'approve' },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `“${post.title}” is approved and on the board.` }),
      },
    );

  let body;
  if (pending.isPending) body = <LoadingState label="Loading the posts waiting for approval…" />;
  else if (pending.isError)
    body = <ErrorState error={pending.error} onRetry={() => void pending.refetch()} />;
  else if (posts.length === 0)
    body = (
      <EmptyState title="Nothing waits for approval">
        Employers’ new jobs and projects show here until you approve or reject them.
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
        aria-label="Posts waiting for approval"
      >
        {posts.map((post) => (
          <Paper
            component="li"
            key={post.id}
            withBorder
            p="md"
            radius="md"
            aria-labelledby={`pending-${post.id}`}
          >
            <Stack gap="xs">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <JobIcon icon={post.icon} isProject={post.jobFlow === 'project'} size={40} />
                <Stack gap={2} miw={0}>
                  <Anchor
                    component={Link}
                    id={`pending-${post.id}`}
                    fw={600}
                    to={jobPaths.detail(identifier, post.id, { isProject: post.jobFlow === 'project' })}
                  >
                    {post.title}
                  </Anchor>
                  <Text size="sm">
                    {[post.organisation, `posted by ${post.owner.fullName}`]
                      .filter((p) => p !== '')
                      .join(' · ')}{' '}
                    on {formatInZone(post.createdAt, 'medium', timeZone)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {postFacts(post, { projectName }).join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <JobTags tags={post.tags} />
              {post.excerpt === '' ? null : (
                <Text size="sm" lineClamp={3}>
                  {post.excerpt}
                </Text>
              )}
              <Group gap="xs">
                <Button
                  size="xs"
                  aria-label={`Approve ${post.title}`}
                  loading={
                    decide.isPending &&
                    decide.variables.id === post.id &&
                    decide.variables.decision === 'approve'
                  }
                  onClick={() => approve(post)}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={`Reject ${post.title}`}
                  onClick={() => {
                    decide.reset();
                    setRejecting(post);
                  }}
                >
                  Reject
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      {heading}
      <Text>Employers’ posts wait here before members see them. The poster is told of your decision.</Text>
      {decide.isError && rejecting === null ? (
        <ErrorState title="This could not be done" error={decide.error} />
      ) : null}
      {body}
      {pending.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void pending.fetchNextPage()}
            loading={pending.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {rejecting === null ? null : (
        <MoveDialog
          opened
          title={`Reject “${rejecting.title}”?`}
          explanation="The poster is told, with your reason if you give one; the post does not show on the board."
          fieldLabel="Reason (optional)"
          maxLength={300}
          confirmLabel="Reject"
          isDanger
          isPending={decide.isPending}
          error={decide.error}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) =>
            decide.mutate(
              { id: rejecting.id, decision: 'reject', reason },
              {
                onSuccess: () => {
                  notifications.show({ color: 'gray', message: `“${rejecting.title}” was rejected.` });
                  setRejecting(null);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
