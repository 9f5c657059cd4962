import type { TAdviserCard, TAdvisingAppointment, TAppointmentTypeSummary } from '@commons/contract';
import { SLOT_TAKEN_ERROR_CODE } from '@commons/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { advisingPaths } from '../../../config/advising-paths';
import { isApiError } from '../../../lib/api-error';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useAdviser,
  useAdvisers,
  useAdvisingMe,
  useAdvisingTopics,
  useBookAppointment,
} from '../api/booking';
import { AdviserSummary } from '../components/adviser-summary';
import { AdvisingNav } from '../components/advising-nav';
import { BookingConfirmation } from '../components/booking-confirmation';
import classes from '../components/choice-card.module.css';
import { SlotPicker, type TChosenSlot } from '../components/slot-picker';
import { slotSummary } from '../slot-days';
import { useAdvisingHub } from '../use-advising-hub';

/** One numbered step of the booking, a section with its heading. */
function Step(props: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={props.id} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" id={props.id} mb="sm">
        {props.number}. {props.title}
      </Title>
      {props.children}
    </Paper>
  );
}

/** The appointment types of an adviser that serve a topic (none listed: every topic). */
function typesForTopic(adviser: TAdviserCard, topicId: string): TAppointmentTypeSummary[] {
  return adviser.appointmentTypes.filter(
    (type) => type.topicIds.length === 0 || type.topicIds.includes(topicId),
  );
}

/** Step 1: the topics, each with how many advisers cover it. */
function TopicStep(props: {
  hubIdentifier: string;
  value: string | null;
  onChange: (id: string) => void;
  /** Only these topics (those of the adviser chosen on the advisers page); null: all. */
  onlyTopicIds: readonly string[] | null;
}) {
  const topics = useAdvisingTopics(props.hubIdentifier);
  if (topics.isPending) return <LoadingState label="Loading the topics…" />;
  if (topics.isError) return <ErrorState error={topics.error} onRetry={() => void topics.refetch()} />;
  const { onlyTopicIds } = props;
  const shown =
    onlyTopicIds === null ? topics.data : topics.data.filter((topic) => onlyTopicIds.includes(topic.id));
  if (shown.length === 0)
    return (
      <EmptyState title="No advising topics yet">
        Advising admins add the topics students can book appointments for.
      </EmptyState>
    );
  return (
    <Radio.Group
      value={props.value}
      onChange={props.onChange}
      label="What would you like to talk about?"
      labelProps={{ mb: 'xs' }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {shown.map((topic) => (
          <Radio.Card
            key={topic.id}
            value={topic.id}
            className={classes.card}
            radius="md"
            p="md"
            disabled={topic.adviserCount === 0}
          >
            <Group component="span" gap="sm" wrap="nowrap" align="flex-start">
              <Radio.Indicator mt={2} />
              <Stack component="span" gap={2}>
                <Text component="span" fw={700}>
                  {topic.name}
                </Text>
                {topic.description === '' ? null : (
                  <Text component="span" size="sm">
                    {topic.description}
                  </Text>
                )}
                <Text component="span" size="sm" c="gray.7">
                  {topic.adviserCount === 0
                    ? 'No adviser covers it yet'
                    : `${topic.adviserCount} ${topic.adviserCount === 1 ? 'adviser' : 'advisers'}`}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** Step 2: the advisers who cover the topic; those who cannot be booked now say why. */
function AdviserStep(props: {
  advisers: TAdviserCard[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (props.advisers.length === 0)
    return (
      <EmptyState title="No adviser covers this topic now">
        Choose another topic, or look through all the advisers.
      </EmptyState>
    );
  return (
    <Radio.Group
      value={props.value}
      onChange={props.onChange}
      label="Advisers for this topic"
      labelProps={{ mb: 'xs' }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.advisers.map((adviser) => {
          const isBookable = adviser.can.book && adviser.unavailableMessage === null;
          return (
            <Radio.Card
              key={adviser.id}
              value={adviser.id}
              className={classes.card}
              radius="md"
              p="md"
              disabled={!isBookable}
            >
              <Group component="span" gap="sm" wrap="nowrap" align="flex-start">
                <Radio.Indicator mt={4} />
                <Stack component="span" gap={6} miw={0}>
                  <AdviserSummary adviser={adviser} />
                  {adviser.unavailableMessage === null ? null : (
                    <Text component="span" size="sm" c="red.9">
                      {adviser.unavailableMessage}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The appointment types to choose from, with length, medium, place and notice. */
function AppointmentTypeChoice(props: {
  types: TAppointmentTypeSummary[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <Radio.Group
      value={props.value}
      onChange={props.onChange}
      label="Appointment type"
      labelProps={{ mb: 'xs' }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.types.map((type) => (
          <Radio.Card key={type.id} value={type.id} className={classes.card} radius="md" p="md">
            <Group component="span" gap="sm" wrap="nowrap" align="flex-start">
              <Radio.Indicator mt={2} />
              <Stack component="span" gap={2} miw={0}>
                <Text component="span" fw={700}>
                  {type.name}
                </Text>
                <Text component="span" size="sm">
                  {type.durationText} · {type.mediumLabel}
                  {type.location ? ` · ${type.location}` : ''}
                </Text>
                {type.description === '' ? null : (
                  <Text component="span" size="sm" c="gray.7">
                    {type.description}
                  </Text>
                )}
                {type.minimumNoticeMinutes > 0 ? (
                  <Text component="span" size="sm" c="gray.7">
                    Book at least {type.minimumNoticeText} ahead.
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * Steps 3 and 4 for one adviser and topic: the appointment type (chosen for you when there is one), its free
 * slots for the next 14 days, a note and Book. A slot taken meanwhile (409) shows the server's message and the
 * slots are loaded again.
 */
function TimeAndBookSteps(props: {
  hubIdentifier: string;
  adviser: TAdviserCard;
  topicId: string;
  timeZone: string;
  onBooked: (appointment: TAdvisingAppointment) => void;
}) {
  const { adviser } = props;
  const types = typesForTopic(adviser, props.topicId);
  const [typeId, setTypeId] = useState<string | null>(types.length === 1 ? (types[0]?.id ?? null) : null);
  const [slot, setSlot] = useState<TChosenSlot | null>(null);
  const [note, setNote] = useState('');
  const [takenMessage, setTakenMessage] = useState<string | null>(null);
  const book = useBookAppointment(props.hubIdentifier);
  const takenRef = useRef<HTMLDivElement>(null);
  const type = types.find((t) => t.id === typeId) ?? null;

  useEffect(() => {
    if (takenMessage !== null) takenRef.current?.focus();
  }, [takenMessage]);

  const handleBook = () => {
    if (type === null || slot === null) return;
    setTakenMessage(null);
    book.mutate(
      {
        adviserId: adviser.id,
        appointmentTypeId: type.id,
        topicId: props.topicId,
        start: slot.start,
        timezone: props.timeZone,
        ...(note.trim() === '' ? {} : { note: note.trim() }),
      },
      {
        onSuccess: props.onBooked,
        onError: (error) => {
          // The slot was just taken: say so and offer the fresh slots (the mutation refreshes them).
          if (isApiError(error) && (error.status === 409 || error.code === SLOT_TAKEN_ERROR_CODE)) {
            setSlot(null);
            setTakenMessage(errorText(error));
          }
        },
      },
    );
  };

  const isTaken = takenMessage !== null;
  return (
    <>
      <Step id="quick-book-time" number={3} title="Choose a time">
        <Stack gap="md">
          {types.length === 0 ? (
            <Text size="sm">{adviser.firstName} offers no appointment you can book for this topic.</Text>
          ) : (
            <AppointmentTypeChoice
              types={types}
              value={typeId}
              onChange={(id) => {
                setTypeId(id);
                setSlot(null);
              }}
            />
          )}
          {isTaken ? (
            <Alert
              ref={takenRef}
              tabIndex={-1}
              color="red"
              variant="outline"
              role="alert"
              title="That time is gone"
            >
              {takenMessage}
            </Alert>
          ) : null}
          {type === null ? null : (
            <SlotPicker
              key={type.id}
              hubIdentifier={props.hubIdentifier}
              adviserId={adviser.id}
              appointmentTypeId={type.id}
              timeZone={props.timeZone}
              value={slot}
              onChange={(next) => {
                setSlot(next);
                if (next !== null) setTakenMessage(null);
              }}
              label={`Free times with ${adviser.fullName}`}
            />
          )}
        </Stack>
      </Step>
      {type === null || slot === null ? null : (
        <Step id="quick-book-confirm" number={4} title="Add a note and book">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              handleBook();
            }}
            aria-label="Book the appointment"
          >
            <Stack gap="md">
              <Text>
                <strong>{type.name}</strong> with {adviser.fullName}:{' '}
                <span data-testid="chosen-slot">{slotSummary(slot, props.timeZone)}</span>
              </Text>
              <Textarea
                label="Note for your adviser (optional)"
                description="What you would like to talk about, or anything to prepare."
                autosize
                minRows={3}
                maxLength={1000}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
              />
              {isTaken ? null : <ErrorAlert error={book.error} />}
              <Group>
                <Button type="submit" loading={book.isPending}>
                  Book appointment
                </Button>
              </Group>
            </Stack>
          </form>
        </Step>
      )}
    </>
  );
}

/**
 * /advising/quick-book/topics (spec 2; issue #21 item 3): choose a topic, then one of the advisers who cover it,
 * then an appointment type and one of their real free slots of the next 14 days in your time zone, add a note
 * and book. The topic and adviser are in the address (?topic=, ?adviser=), so an adviser's Book link on
 * /advising/people opens this page with them chosen. The booking's confirmation links to its inbox thread.
 */
export function QuickBookPage() {
  usePageTitle('Book an advising appointment');
  const hubIdentifier = useAdvisingHub();
  const timeZone = useViewerTimeZone();
  const [params, setParams] = useSearchParams();
  const topicId = params.get('topic');
  const adviserId = params.get('adviser');
  const me = useAdvisingMe(hubIdentifier);
  const advisers = useAdvisers(hubIdentifier, topicId, topicId !== null && me.data?.can.book === true);
  // An adviser chosen before the topic (their Book link): only their topics are offered.
  const preset = useAdviser(hubIdentifier, topicId === null ? adviserId : null);
  const [booked, setBooked] = useState<TAdvisingAppointment | null>(null);

  const choose = (next: { topic?: string | null; adviser?: string | null }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === undefined) search.delete(key);
      else search.set(key, value);
    }
    setParams(search, { replace: true });
  };

  const heading = (
    <Stack gap={4}>
      <Title order={1}>Book an advising appointment</Title>
      <Text c="gray.7">
        Pick a topic, an adviser and one of their free times. Times are in your time zone.
      </Text>
    </Stack>
  );
  const frame = (body: ReactNode) => (
    <Stack gap="lg">
      {heading}
      {hubIdentifier === '' ? null : <AdvisingNav hubIdentifier={hubIdentifier} />}
      {body}
    </Stack>
  );

  if (hubIdentifier === '' || me.isPending) return frame(<LoadingState />);
  if (me.isError) return frame(<ErrorState error={me.error} onRetry={() => void me.refetch()} />);
  if (!me.data.can.book)
    return frame(
      <EmptyState title="You cannot book advising appointments here">
        Advising appointments are not open to your membership in this hub.
      </EmptyState>,
    );
  if (booked !== null)
    return frame(
      <BookingConfirmation
        appointment={booked}
        timeZone={timeZone}
        onBookAnother={() => {
          setBooked(null);
          setParams(new URLSearchParams(), { replace: true });
        }}
      />,
    );

  const presetAdviser = topicId === null && adviserId !== null ? (preset.data ?? null) : null;
  const adviserList = advisers.data ?? [];
  const adviser = adviserList.find((a) => a.id === adviserId) ?? null;
  const isAdviserMissing = adviserId !== null && advisers.isSuccess && adviser === null;
  return frame(
    <>
      <Step id="quick-book-topic" number={1} title="Choose a topic">
        <Stack gap="sm">
          {presetAdviser === null ? null : (
            <Group gap="xs">
              <Text size="sm">
                Booking with <strong>{presetAdviser.fullName}</strong>: choose one of their topics.
              </Text>
              <Button size="compact-sm" variant="subtle" onClick={() => choose({ adviser: null })}>
                Any adviser
              </Button>
            </Group>
          )}
          <TopicStep
            hubIdentifier={hubIdentifier}
            value={topicId}
            onChange={(id) => choose({ topic: id })}
            onlyTopicIds={presetAdviser === null ? null : presetAdviser.topics.map((topic) => topic.id)}
          />
        </Stack>
      </Step>
      {topicId === null ? null : (
        <Step id="quick-book-adviser" number={2} title="Choose an adviser">
          {advisers.isPending ? (
            <LoadingState label="Loading the advisers…" />
          ) : advisers.isError ? (
            <ErrorState error={advisers.error} onRetry={() => void advisers.refetch()} />
          ) : (
            <Stack gap="sm">
              {isAdviserMissing ? (
                <Text size="sm" role="status">
                  The adviser you chose does not cover this topic. Choose one who does.
                </Text>
              ) : null}
              <AdviserStep
                advisers={adviserList}
                value={adviser?.id ?? null}
                onChange={(id) => choose({ adviser: id })}
              />
              <Anchor component={Link} to={advisingPaths.people()} size="sm">
                See all advisers and their topics
              </Anchor>
            </Stack>
          )}
        </Step>
      )}
      {topicId === null || adviser === null ? null : (
        <TimeAndBookSteps
          key={`${adviser.id}-${topicId}`}
          hubIdentifier={hubIdentifier}
          adviser={adviser}
          topicId={topicId}
          timeZone={timeZone}
          onBooked={setBooked}
        />
      )}
    </>,
  );
}
