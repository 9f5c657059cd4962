import type { TAdminAdviser } from '@commons/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { advisingPaths } from '../../../config/advising-paths';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useAdminAdvisers,
  useAdminAppointmentTypes,
  useAdminTopics,
  useAdviserCandidates,
  useCreateAdviser,
} from '../api/advising-admin';
import { AdviserForm, adviserValues } from './adviser-form';

type TCandidate = { userId: string; fullName: string; email: string };

/** Find a hub member by name or email and make them an adviser with topics and appointment types. */
function AddAdviser({ hubIdentifier }: { hubIdentifier: string }) {
  const timeZone = useViewerTimeZone();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const candidates = useAdviserCandidates(hubIdentifier, debounced);
  const [chosen, setChosen] = useState<TCandidate | null>(null);
  const create = useCreateAdviser(hubIdentifier);
  const items = debounced.trim().length >= 2 ? (candidates.data ?? []) : [];
  return (
    <Paper component="section" aria-labelledby="add-adviser" withBorder p="md" radius="md">
      <Title order={2} size="h4" id="add-adviser" mb="xs">
        Make a member an adviser
      </Title>
      <TextInput
        label="Find a member by name or email"
        description="Approved members of this hub; type at least two letters."
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        maw={420}
      />
      <div aria-live="polite">
        {candidates.isFetching && items.length === 0 ? (
          <Text size="sm" mt="xs">
            Searching…
          </Text>
        ) : null}
        {candidates.isError ? <ErrorAlert error={candidates.error} /> : null}
        {debounced.trim().length >= 2 && candidates.isSuccess && items.length === 0 ? (
          <Text size="sm" mt="xs">
            No member matches “{debounced.trim()}”.
          </Text>
        ) : null}
      </div>
      {items.length === 0 ? null : (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          mt="sm"
          style={{ listStyle: 'none' }}
          aria-label="Members found"
        >
          {items.map((candidate) => (
            <Group component="li" key={candidate.userId} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                <Avatar
                  src={candidate.photoUrl}
                  name={candidate.fullName}
                  alt=""
                  aria-hidden
                  radius="xl"
                  color="indigo.9"
                  variant="filled"
                />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {candidate.fullName}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {candidate.email}
                  </Text>
                </Stack>
              </Group>
              {candidate.isAdviser ? (
                <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
                  Already an adviser
                </Text>
              ) : (
                <Button
                  size="compact-sm"
                  variant="outline"
                  style={{ flexShrink: 0 }}
                  aria-label={`Make ${candidate.fullName} an adviser`}
                  onClick={() => {
                    create.reset();
                    setChosen(candidate);
                  }}
                >
                  Make adviser
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {chosen === null ? null : (
        <Modal opened onClose={() => setChosen(null)} title={`Make ${chosen.fullName} an adviser`} size="lg">
          <AdviserForm
            hubIdentifier={hubIdentifier}
            initial={adviserValues(null, timeZone)}
            submitLabel="Make adviser"
            isSaving={create.isPending}
            error={create.error}
            onCancel={() => setChosen(null)}
            onSubmit={(values) =>
              create.mutate(
                { userId: chosen.userId, ...values },
                {
                  onSuccess: (adviser) => {
                    notifications.show({
                      color: 'green',
                      message: `${adviser.fullName} is now an adviser. Set their weekly hours next.`,
                    });
                    setChosen(null);
                    setQ('');
                  },
                },
              )
            }
          />
        </Modal>
      )}
    </Paper>
  );
}

/** One adviser in the admin list: who, what they cover, whether their hours and calendar are set. */
function AdviserRow(props: {
  hubIdentifier: string;
  adviser: TAdminAdviser;
  topicNames: ReadonlyMap<string, string>;
  typeNames: ReadonlyMap<string, string>;
}) {
  const { adviser } = props;
  const topics = adviser.topicIds.map((id) => props.topicNames.get(id)).filter((name) => name !== undefined);
  const types = adviser.appointmentTypeIds
    .map((id) => props.typeNames.get(id))
    .filter((name) => name !== undefined);
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Avatar
            src={adviser.photoUrl}
            name={adviser.fullName}
            alt=""
            aria-hidden
            radius="xl"
            color="indigo.9"
            variant="filled"
          />
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={700}>{adviser.fullName}</Text>
              {adviser.isActive ? null : (
                <Badge color="gray.8" variant="filled" radius="sm" tt="none">
                  Not bookable
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {adviser.title} · <span style={{ overflowWrap: 'anywhere' }}>{adviser.email}</span>
            </Text>
            <Text size="sm" c="gray.7">
              Topics: {topics.length === 0 ? 'none' : topics.join(', ')}
            </Text>
            <Text size="sm" c="gray.7">
              Appointment types: {types.length === 0 ? 'none' : types.join(', ')}
            </Text>
            <Text size="sm" c={adviser.hasWeeklyHours ? 'gray.7' : 'red.9'}>
              {adviser.hasWeeklyHours ? 'Weekly hours set' : 'No weekly hours: students cannot book them yet'}
              {adviser.hasCalendar ? ' · calendar connected' : ''} · {adviser.upcomingCount} upcoming{' '}
              {adviser.upcomingCount === 1 ? 'appointment' : 'appointments'}
            </Text>
          </Stack>
        </Group>
        <Anchor component={Link} to={advisingPaths.adminAdviser(props.hubIdentifier, adviser.id)}>
          Settings and hours<VisuallyHidden> of {adviser.fullName}</VisuallyHidden>
        </Anchor>
      </Group>
    </Paper>
  );
}

/** The advisers section of the advising admin screens. */
export function AdminAdvisers({ hubIdentifier }: { hubIdentifier: string }) {
  const advisers = useAdminAdvisers(hubIdentifier);
  const topics = useAdminTopics(hubIdentifier);
  const types = useAdminAppointmentTypes(hubIdentifier);
  const topicNames = new Map((topics.data ?? []).map((topic) => [topic.id, topic.name]));
  const typeNames = new Map((types.data ?? []).map((type) => [type.id, type.name]));
  return (
    <Stack gap="lg">
      <AddAdviser hubIdentifier={hubIdentifier} />
      <Stack gap="sm" component="section" aria-labelledby="advisers-list">
        <Title order={2} size="h4" id="advisers-list">
          Advisers
        </Title>
        {advisers.isPending ? (
          <LoadingState label="Loading the advisers…" />
        ) : advisers.isError ? (
          <ErrorState error={advisers.error} onRetry={() => void advisers.refetch()} />
        ) : advisers.data.length === 0 ? (
          <EmptyState title="No advisers yet">Find a member above and make them an adviser.</EmptyState>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {advisers.data.map((adviser) => (
              <AdviserRow
                key={adviser.id}
                hubIdentifier={hubIdentifier}
                adviser={adviser}
                topicNames={topicNames}
                typeNames={typeNames}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
