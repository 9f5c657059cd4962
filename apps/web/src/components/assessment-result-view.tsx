import type { TAssessmentResult } from '@commons/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatInZone } from '../lib/viewer-time';

/**
 * One career assessment result (issue #20 item 4): when it was completed, the provider's summary and the matches
 * with their scores. Shown on the assessment's page and in the profile's results section.
 */
export function AssessmentResultView(props: {
  result: TAssessmentResult;
  timeZone: string;
  headingId?: string;
}) {
  const { result } = props;
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        Completed {formatInZone(result.completedAt, 'medium', props.timeZone)}
      </Text>
      {result.summary === '' ? null : <Text style={{ whiteSpace: 'pre-line' }}>{result.summary}</Text>}
      {result.matches.length === 0 ? null : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Top matches">
          {result.matches.map((match) => (
            <Stack key={match.title} gap={4} component="li">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600}>{match.title}</Text>
                {match.score === null ? null : (
                  <Text size="sm" c="gray.8">
                    {Math.round(match.score)}% match
                  </Text>
                )}
              </Group>
              {match.score === null ? null : (
                <Progress value={match.score} size="sm" aria-hidden color="teal.8" />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
