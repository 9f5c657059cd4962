import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useSignupOptions } from '../api/signup-api';
import { OptionPicker } from '../components/option-picker';

/**
 * {hubPath}/signup/new/collect-preferences (spec 4 FTU): the matching quiz's questions, the
 * industries and help topics the new member wants to learn about; answers go on to matching.
 */
export function CollectPreferencesPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Your preferences');
  const navigate = useNavigate();
  const options = useSignupOptions(identifier);
  const [industries, setIndustries] = useState<string[]>([]);
  const [helpTopics, setHelpTopics] = useState<string[]>([]);
  const heading = <Title order={1}>What would you like to learn about?</Title>;

  if (options.isPending) return <LoadingState label="Loading the questions…" />;
  if (options.isError) {
    return (
      <Stack>
        {heading}
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      </Stack>
    );
  }
  const industryOptions = options.data['job-industries'] ?? [];
  const topicOptions = options.data['help-topics'] ?? [];
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(paths.hub.matching(identifier, { industries, helpTopics }));
  };

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Stack gap={4}>
        {heading}
        <Text c="dimmed">Pick what interests you and we will suggest people who can help.</Text>
      </Stack>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={handleSubmit}>
          <Stack gap="lg">
            {industryOptions.length === 0 && topicOptions.length === 0 ? (
              <EmptyState title="No questions yet">Go on to see people you might want to meet.</EmptyState>
            ) : null}
            {industryOptions.length === 0 ? null : (
              <OptionPicker
                label="Industries"
                options={industryOptions}
                selected={industries}
                onChange={setIndustries}
                getValue={(option) => option.label}
              />
            )}
            {topicOptions.length === 0 ? null : (
              <OptionPicker
                label="Help topics"
                options={topicOptions}
                selected={helpTopics}
                onChange={setHelpTopics}
                getValue={(option) => option.label}
              />
            )}
            <Group justify="flex-end">
              <Button type="submit">Show my matches</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
