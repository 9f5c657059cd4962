import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { usePathway } from '../api/pathways';
import { PathwayActionButton } from '../components/pathway-action-button';
import { PathwayCrumbs } from '../components/pathway-crumbs';
import { PathwayFacts } from '../components/pathway-facts';
import { PathwayLoadState } from '../components/pathway-load-state';
import { StepList } from '../components/step-list';

/**
 * {hubPath}/pathways/{slug} (spec 2, issue #20 item 1): a pathway's overview: its description, the viewer's
 * progress label, deadline and estimated time, the spec 4 button (Accept & Start, Continue at the step it resumes
 * at, View), and its sections with their status (spec 3 form.sections[].status) and steps.
 */
export function PathwayPage() {
  const { identifier = '', slug = '' } = useParams();
  const pathway = usePathway(identifier, slug);
  const timeZone = useViewerTimeZone();
  usePageTitle(pathway.data?.title ?? 'Pathway');
  if (pathway.data === undefined)
    return (
      <PathwayLoadState
        hubIdentifier={identifier}
        isPending={pathway.isPending}
        error={pathway.error}
        onRetry={() => void pathway.refetch()}
      />
    );
  const data = pathway.data;
  return (
    <Stack gap="lg">
      <PathwayCrumbs hubIdentifier={identifier} />
      <Stack gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {data.title}
        </Title>
        {data.description === '' ? null : <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>}
        <PathwayFacts pathway={data} />
        {data.completedAt === null ? null : (
          <Text size="sm">
            You completed this pathway on {formatInZone(data.completedAt, 'medium', timeZone)}.
          </Text>
        )}
        {data.copiedFrom === null ? null : (
          <Text size="sm" c="gray.7">
            From the pathway library: {data.copiedFrom.title}
          </Text>
        )}
        <Group>
          {data.progress === 'completed' ? null : (
            <PathwayActionButton hubIdentifier={identifier} pathway={data} size="md" />
          )}
        </Group>
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {data.sectionCount === 1 ? '1 section' : `${data.sectionCount} sections`},{' '}
            {data.stepCount === 1 ? '1 step' : `${data.stepCount} steps`}
          </Title>
          <StepList
            hubIdentifier={identifier}
            pathway={data}
            currentIndex={null}
            headingOrder={3}
            isDetailed
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
