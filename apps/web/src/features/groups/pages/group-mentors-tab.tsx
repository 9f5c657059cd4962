import type { TGroupDetail, TGroupMember, TProgramMentor, TProgramQuestion } from '@commons/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ContactActions } from '../../../components/contact-actions';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useCurrentGroup } from '../../../lib/current-group';
import { useProgramQuestions } from '../api/groups-api';
import { useProgramMentors, useSetFavorite } from '../api/program-api';
import { MemberCard } from '../components/member-card';
import { capitalize } from '../group-labels';

const questionName = (q: TProgramQuestion) =>
  q.texts.mentor?.name ?? q.texts.both?.name ?? q.texts.mentee?.name ?? '';

/** A mentor as the member card shows them, with their answers under the name. */
function MentorCard(props: {
  group: TGroupDetail;
  mentor: TProgramMentor;
  questions: TProgramQuestion[];
  canFavorite: boolean;
}) {
  const { group, mentor } = props;
  const favorite = useSetFavorite(group.identifier);
  const member: TGroupMember = {
    user: mentor.user,
    status: 'approved',
    role: mentor.role,
    isAdmin: false,
    isViewOnlyAdmin: false,
    importStatus: 'joined',
    completedRegistrationDate: null,
    userJoinedAt: null,
    answers: null,
  };
  const answers = props.questions.flatMap((q) => {
    const value = mentor.answers[q.id];
    if (value === undefined) return [];
    return [
      `${questionName(q)}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}`,
    ];
  });
  const name = mentor.user.fullName;
  const toggle = () =>
    favorite.mutate(
      { mentorId: mentor.user.id, isFavorite: !mentor.isFavorite },
      { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
    );
  return (
    <MemberCard
      member={member}
      labels={group.roleLabels}
      hubId={group.hub.id}
      actions={
        <Stack gap="xs" align="flex-end">
          {props.canFavorite ? (
            <Button
              size="xs"
              variant={mentor.isFavorite ? 'filled' : 'outline'}
              aria-pressed={mentor.isFavorite}
              onClick={toggle}
              loading={favorite.isPending}
              aria-label={`Favourite ${name}`}
            >
              {mentor.isFavorite ? 'Favourite' : 'Add to favourites'}
            </Button>
          ) : null}
          {group.can.requestMentorship ? (
            <ContactActions
              person={{ id: mentor.user.id, fullName: name }}
              scope={{ hubId: group.hub.identifier, groupId: group.id }}
              variant="compact"
            />
          ) : null}
        </Stack>
      }
    >
      {answers.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </MemberCard>
  );
}

/**
 * The mentors tab of a program (issue #6 Mentorship matching): mentors filtered by their answers to the
 * program's list questions and by name; mentees favourite them inside the favouriting window, with the
 * spec 8 message outside it.
 */
export function GroupMentorsTab() {
  const group = useCurrentGroup();
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 300);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [isFavoritesOnly, setIsFavoritesOnly] = useState(false);
  const data = group.data;
  const isEnabled = data !== undefined && data.can.viewContent && data.groupType === 'mentorshipProgram';
  const questions = useProgramQuestions(data?.identifier ?? '', isEnabled);
  const mentors = useProgramMentors(
    data?.identifier ?? '',
    { q: debouncedQuery, answers, isFavoritesOnly },
    isEnabled,
  );
  if (data === undefined) return <LoadingState />;
  const title = capitalize(data.roleLabels.mentors);
  if (!data.can.viewContent)
    return <EmptyState title={`${title} are visible to members`}>Register to meet them.</EmptyState>;
  const filterable = (questions.data ?? []).filter(
    (q) => q.questionType === 'list' && q.audience !== 'mentee',
  );
  const items = mentors.data?.pages.flatMap((p) => p.items) ?? [];
  const firstPage = mentors.data?.pages[0];
  const isMentee = data.membership?.role === 'mentee' || data.membership?.role === 'both';
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {isMentee && firstPage?.favoritingMessage ? (
        <Alert color="blue" variant="outline" role="status">
          {firstPage.favoritingMessage}
        </Alert>
      ) : null}
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={`Search ${data.roleLabels.mentors}`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          {filterable.map((q) => (
            <Select
              key={q.id}
              label={questionName(q)}
              placeholder="Any"
              clearable
              data={q.options}
              value={answers[q.id] ?? null}
              onChange={(value) => {
                const next = { ...answers };
                if (value === null) delete next[q.id];
                else next[q.id] = value;
                setAnswers(next);
              }}
            />
          ))}
        </SimpleGrid>
        {isMentee ? (
          <Checkbox
            mt="sm"
            label="Only my favourites"
            checked={isFavoritesOnly}
            onChange={(e) => setIsFavoritesOnly(e.currentTarget.checked)}
          />
        ) : null}
      </form>
      {mentors.isPending ? (
        <LoadingState label={`Loading ${data.roleLabels.mentors}…`} />
      ) : mentors.isError && mentors.data === undefined ? (
        <ErrorState error={mentors.error} onRetry={() => void mentors.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={`No ${data.roleLabels.mentors} found`} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          component="ul"
          aria-label={title}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((mentor) => (
            <li key={mentor.user.id}>
              <MentorCard
                group={data}
                mentor={mentor}
                questions={filterable}
                canFavorite={data.can.favorite}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {mentors.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            onClick={() => void mentors.fetchNextPage()}
            loading={mentors.isFetchingNextPage}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
