import type { TPathwaySummary } from '@commons/contract';
import { Anchor, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PathwayActionButton } from './pathway-action-button';
import { PathwayFacts } from './pathway-facts';

/** One pathway of the list: its title (to the overview), description, facts, progress bar and spec 4 button. */
export function PathwayCard(props: { hubIdentifier: string; pathway: TPathwaySummary }) {
  const { hubIdentifier, pathway } = props;
  const titleId = `pathway-${pathway.id}`;
  const percent = pathway.stepCount === 0 ? 0 : (pathway.completedStepCount / pathway.stepCount) * 100;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={paths.hub.pathway(hubIdentifier, pathway.slug)}
            id={titleId}
            fw={700}
            size="lg"
            style={{ overflowWrap: 'anywhere' }}
          >
            {pathway.title}
          </Anchor>
          {pathway.description === '' ? null : (
            <Text size="sm" lineClamp={3}>
              {pathway.description}
            </Text>
          )}
        </Stack>
        <PathwayFacts pathway={pathway} />
        {pathway.progress === 'new' ? null : (
          <Progress
            value={percent}
            size="sm"
            color={pathway.progress === 'completed' ? 'teal.9' : 'indigo.8'}
            aria-label={`${pathway.title}: ${pathway.completedStepCount} of ${pathway.stepCount} steps done`}
          />
        )}
        <Group justify="flex-end">
          <PathwayActionButton hubIdentifier={hubIdentifier} pathway={pathway} />
        </Group>
      </Stack>
    </Paper>
  );
}
