import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ContactActions } from '../../../components/contact-actions';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCompleteFtu, useFtuMatching } from '../api/signup-api';

/**
 * {hubPath}/signup/new/matching (spec 4 FTU): people suggested from the quiz answers, best match
 * first, each with the reasons it was suggested and a way to message them; Finish ends the first-time-user flow.
 */
export function MatchingPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Your matches');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const industries = searchParams.getAll('industry');
  const helpTopics = searchParams.getAll('helpTopic');
  const matching = useFtuMatching(identifier, { industries, helpTopics });
  const finish = useCompleteFtu(identifier);
  const handleFinish = () =>
    finish.mutate(undefined, {
      onSuccess: () => void navigate(paths.hub.home(identifier), { replace: true }),
    });

  let results;
  if (matching.isPending) results = <LoadingState label="Finding people for you…" />;
  else if (matching.isError)
    results = <ErrorState error={matching.error} onRetry={() => void matching.refetch()} />;
  else if (matching.data.length === 0)
    results = (
      <EmptyState title="No matches yet">
        As more people join, suggestions will appear on your home page.
      </EmptyState>
    );
  else
    results = (
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Suggested people">
        {matching.data.map((suggestion, index) => (
          <li key={suggestion.person.id}>
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    Match {index + 1}
                  </Text>
                  <Anchor
                    component={Link}
                    to={paths.profile(suggestion.person.identifier, { hubId: identifier })}
                    fw={600}
                  >
                    {suggestion.person.fullName}
                  </Anchor>
                  {suggestion.person.headline === null ? null : (
                    <Text size="sm">{suggestion.person.headline}</Text>
                  )}
                </Stack>
                <Stack gap="xs" align="flex-end">
                  {suggestion.person.userType === null ? null : (
                    <Badge variant="light">{suggestion.person.userType.title}</Badge>
                  )}
                  <ContactActions
                    person={{ id: suggestion.person.id, fullName: suggestion.person.fullName }}
                    scope={{ hubId: identifier }}
                    variant="compact"
                  />
                </Stack>
              </Group>
              <Text size="sm" fw={600} mt="sm">
                Why we suggest them
              </Text>
              <List size="sm">
                {suggestion.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </Paper>
          </li>
        ))}
      </Stack>
    );

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>People you might want to meet</Title>
        <Text c="dimmed">Suggested from your answers, best match first.</Text>
      </Stack>
      {results}
      <Group justify="flex-end">
        <Button onClick={handleFinish} loading={finish.isPending}>
          Finish
        </Button>
      </Group>
    </Stack>
  );
}
