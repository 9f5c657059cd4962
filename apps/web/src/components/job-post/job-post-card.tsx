import type { TJobPostSummary } from '@commons/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { jobPaths } from '../../config/job-paths';
import { formatInZone } from '../../lib/viewer-time';
import { postFacts, postStandingLabel, projectStatusLabel } from './job-labels';
import { JobIcon } from './job-icon';
import { JobTags } from './job-tags';
import { SaveJobButton } from './save-job-button';

/**
 * A post in a list: icon, title (its page), organisation, the short facts (kind, pay, place), tags in the
 * spec 9 colours, the start of the description, when it closes, and Save. Owners also see its standing
 * (awaiting approval, closed), a project's status and, while they may edit it (can.edit), Edit instead of
 * Save (as on the post's page).
 */
export function JobPostCard(props: {
  post: TJobPostSummary;
  hubIdentifier: string;
  timeZone: string;
  projectName?: string;
  /** The owner's own list: show the standing, the project status and Edit. */
  isOwnerView?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { post } = props;
  const location = useLocation();
  const isProject = post.jobFlow === 'project';
  const titleId = `job-${post.id}-title`;
  const standing = postStandingLabel(post);
  const status = props.isOwnerView === true ? projectStatusLabel(post) : null;
  const facts = postFacts(post, { projectName: props.projectName ?? 'Project' });
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <JobIcon icon={post.icon} isProject={isProject} />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Title
              order={props.headingLevel ?? 3}
              size="h4"
              id={titleId}
              style={{ overflowWrap: 'anywhere' }}
            >
              <Anchor
                component={Link}
                to={jobPaths.detail(props.hubIdentifier, post.id, { isProject })}
                state={{ from: `${location.pathname}${location.search}` }}
                c="inherit"
              >
                {post.title}
              </Anchor>
            </Title>
            {post.organisation === '' ? null : (
              <Text size="sm" fw={500}>
                {post.organisation}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {facts.join(' · ')}
            </Text>
          </Stack>
        </Group>
        {standing !== null || status !== null || post.hasApplied ? (
          <Group gap={6}>
            {standing === null ? null : (
              <Badge variant="light" color="yellow" c="dark.8" tt="none">
                {standing}
              </Badge>
            )}
            {status === null ? null : (
              <Badge variant="light" color="indigo" c="indigo.9" tt="none">
                {status}
              </Badge>
            )}
            {post.hasApplied ? (
              <Badge
                variant="light"
                color="green"
                c="dark.8"
                bg="green.1"
                tt="none"
                leftSection={<IconCircleCheck size={14} aria-hidden="true" />}
              >
                Applied
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <JobTags tags={post.tags} />
        {post.excerpt === '' ? null : (
          <Text size="sm" lineClamp={3}>
            {post.excerpt}
          </Text>
        )}
        <Group justify="space-between" align="center" mt="auto" gap="xs">
          <Text size="xs" c="dimmed">
            {post.closedAt !== null
              ? 'Closed'
              : post.isExpired
                ? 'Expired'
                : `Closes ${formatInZone(post.expiresAt, 'medium', props.timeZone)}`}
          </Text>
          {props.isOwnerView === true && post.can.edit ? (
            <Button
              component={Link}
              to={jobPaths.edit(props.hubIdentifier, post.id)}
              size="xs"
              variant="default"
              aria-label={`Edit: ${post.title}`}
              leftSection={<IconPencil size={16} aria-hidden="true" />}
            >
              Edit
            </Button>
          ) : (
            <SaveJobButton
              hubIdentifier={props.hubIdentifier}
              postId={post.id}
              title={post.title}
              isSaved={post.isSaved}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
