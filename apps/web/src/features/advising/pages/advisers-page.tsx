import type { TAdviserCard } from '@commons/contract';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { advisingPaths } from '../../../config/advising-paths';
import { paths } from '../../../config/paths';
import { useAdvisers, useAdvisingMe, useAdvisingTopics } from '../api/booking';
import { AdviserSummary } from '../components/adviser-summary';
import { AdvisingNav } from '../components/advising-nav';
import { useAdvisingHub } from '../use-advising-hub';

/** One adviser: who they are, their topics and appointment types, their profile and Book. */
function AdviserCardView(props: { adviser: TAdviserCard; topicId: string | null }) {
  const { adviser } = props;
  const isBookable = adviser.can.book && adviser.unavailableMessage === null;
  return (
    <Paper component="article" aria-label={adviser.fullName} withBorder p="md" radius="md" h="100%">
      <Stack gap="sm" h="100%">
        <AdviserSummary adviser={adviser} nameOrder={2} />
        {adviser.bio === '' ? null : (
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {adviser.bio}
          </Text>
        )}
        {adviser.appointmentTypes.length === 0 ? null : (
          <Text size="sm" c="gray.7">
            {adviser.appointmentTypes.map((type) => `${type.name} (${type.durationText})`).join(' · ')}
          </Text>
        )}
        {adviser.unavailableMessage === null ? null : (
          <Text size="sm" c="red.9">
            {adviser.unavailableMessage}
          </Text>
        )}
        <Group gap="sm" mt="auto">
          {isBookable ? (
            <Button
              component={Link}
              to={advisingPaths.quickBook({
                adviserId: adviser.id,
                ...(props.topicId === null ? {} : { topicId: props.topicId }),
              })}
              aria-label={`Book with ${adviser.fullName}`}
            >
              Book
            </Button>
          ) : null}
          <Anchor component={Link} to={paths.profile(adviser.identifier)} size="sm">
            Profile<VisuallyHidden> of {adviser.fullName}</VisuallyHidden>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /advising/people (spec 2; the old /advisers address is rewritten here): the hub's advisers with their
 * topics, each with a Book link into quick booking with them chosen; filtered by topic from the address.
 */
export function AdvisersPage() {
  usePageTitle('Advisers');
  const hubIdentifier = useAdvisingHub();
  const [params, setParams] = useSearchParams();
  const topicId = params.get('topic');
  const me = useAdvisingMe(hubIdentifier);
  const topics = useAdvisingTopics(hubIdentifier);
  const advisers = useAdvisers(hubIdentifier, topicId, hubIdentifier !== '');

  const heading = (
    <Stack gap={4}>
      <Title order={1}>Advisers</Title>
      <Text c="gray.7">Advisers of your school and what they can help with.</Text>
    </Stack>
  );
  let body: ReactNode;
  if (hubIdentifier === '' || advisers.isPending) body = <LoadingState label="Loading the advisers…" />;
  else if (advisers.isError)
    body = <ErrorState error={advisers.error} onRetry={() => void advisers.refetch()} />;
  else if (advisers.data.length === 0)
    body = (
      <EmptyState title={topicId === null ? 'No advisers yet' : 'No adviser covers this topic'}>
        {topicId === null
          ? 'Advisers appear here once advising admins add them.'
          : 'Choose another topic, or all topics.'}
      </EmptyState>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {advisers.data.map((adviser) => (
          <AdviserCardView key={adviser.id} adviser={adviser} topicId={topicId} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      {heading}
      {hubIdentifier === '' ? null : <AdvisingNav hubIdentifier={hubIdentifier} />}
      {topics.data !== undefined && topics.data.length > 0 ? (
        <NativeSelect
          label="Topic"
          w={{ base: '100%', sm: 320 }}
          value={topicId ?? ''}
          onChange={(event) => {
            const search = new URLSearchParams(params);
            if (event.currentTarget.value === '') search.delete('topic');
            else search.set('topic', event.currentTarget.value);
            setParams(search, { replace: true });
          }}
          data={[
            { value: '', label: 'All topics' },
            ...topics.data.map((topic) => ({ value: topic.id, label: topic.name })),
          ]}
        />
      ) : null}
      {me.data?.can.book === false ? (
        <Text size="sm" c="gray.7">
          Booking appointments is not open to your membership in this hub.
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}
