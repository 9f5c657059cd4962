import type { TAssessmentCard } from '@commons/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { assessmentPaths } from '../../../config/assessment-paths';
import { useViewerTimeZone, formatInZone } from '../../../lib/viewer-time';
import { useAssessments } from '../api/assessments';

/** One assessment: what it is, whether I took it, and the way in. */
function AssessmentCardView(props: { hubIdentifier: string; assessment: TAssessmentCard; timeZone: string }) {
  const { assessment } = props;
  const headingId = `assessment-${assessment.id}`;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="lg" radius="md" h="100%">
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={headingId}>
          {assessment.name}
        </Title>
        {assessment.description === '' ? null : <Text>{assessment.description}</Text>}
        <Text size="sm" c="gray.7">
          {assessment.latestResult === null
            ? 'Not taken yet.'
            : `Completed ${formatInZone(assessment.latestResult.completedAt, 'medium', props.timeZone)}.`}
        </Text>
        <Group mt="auto">
          <Button component={Link} to={assessmentPaths.assessment(props.hubIdentifier, assessment.slug)}>
            {assessment.latestResult === null ? 'Start' : 'See results'}
            <VisuallyHidden> {assessment.name}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * {hubPath}/career-assessment: the hub's career assessments under the tab's name ('PathwayU' by default, spec 9),
 * where the complete_pathwayu_assessment action item leads.
 */
export function AssessmentsPage() {
  const { identifier = '' } = useParams();
  const list = useAssessments(identifier);
  const timeZone = useViewerTimeZone();
  usePageTitle(list.data?.tabName ?? 'Career assessment');
  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading the assessments…" />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0)
    body = (
      <EmptyState title="No assessment yet">
        Your community has not set up a career assessment yet. Check back later.
      </EmptyState>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {list.data.items.map((assessment) => (
          <AssessmentCardView
            key={assessment.id}
            hubIdentifier={identifier}
            assessment={assessment}
            timeZone={timeZone}
          />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{list.data?.tabName ?? 'Career assessment'}</Title>
          <Text c="gray.7">Discover careers that fit your interests and strengths.</Text>
        </Stack>
        {list.data?.can.manage === true ? (
          <Anchor component={Link} to={assessmentPaths.admin(identifier)}>
            Configure assessments
          </Anchor>
        ) : null}
      </Group>
      {body}
    </Stack>
  );
}
