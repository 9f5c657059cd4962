import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useAppointments, type TAppointmentRole, type TAppointmentWhen } from '../api/appointments';
import { useAdvisingMe } from '../api/booking';
import { AdvisingNav } from '../components/advising-nav';
import { AppointmentCard } from '../components/appointment-card';
import { useAdvisingHub } from '../use-advising-hub';

/** The list's role from the address, limited to what the viewer may see. */
function roleOf(value: string | null, options: { isAdviser: boolean; mayManage: boolean }): TAppointmentRole {
  if (value === 'adviser' && options.isAdviser) return 'adviser';
  if (value === 'all' && options.mayManage) return 'all';
  if (value === 'student') return 'student';
  // Advisers land on the appointments they give.
  return options.isAdviser ? 'adviser' : 'student';
}

/** The time now, moved on every minute, so an appointment that ends while the page is open is labelled past. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /advising/appointments (issue #21 item 4): my appointments, upcoming (soonest first) or past (latest first),
 * with the spec 4 meeting labels. Advisers switch between the appointments they give and those they booked;
 * advising admins can see every appointment of the hub.
 */
export function AppointmentsPage() {
  usePageTitle('My appointments');
  const hubIdentifier = useAdvisingHub();
  const timeZone = useViewerTimeZone();
  const me = useCurrentUser();
  const advising = useAdvisingMe(hubIdentifier);
  const now = useMinuteClock();
  const [params, setParams] = useSearchParams();
  const isAdviser = advising.data?.adviser != null;
  const mayManage = advising.data?.can.manage === true;
  const role = roleOf(params.get('role'), { isAdviser, mayManage });
  const when: TAppointmentWhen = params.get('when') === 'past' ? 'past' : 'upcoming';
  const appointments = useAppointments(hubIdentifier, { role, when }, advising.isSuccess);

  const setFilter = (key: 'role' | 'when', value: string) => {
    const search = new URLSearchParams(params);
    search.set(key, value);
    setParams(search, { replace: true });
  };

  const heading = (
    <Stack gap={4}>
      <Title order={1}>My appointments</Title>
      <Text c="gray.7">Times are in your time zone, {timeZone}.</Text>
    </Stack>
  );
  const frame = (body: ReactNode) => (
    <Stack gap="lg">
      {heading}
      {hubIdentifier === '' ? null : <AdvisingNav hubIdentifier={hubIdentifier} />}
      {body}
    </Stack>
  );
  if (hubIdentifier === '' || advising.isPending) return frame(<LoadingState />);
  if (advising.isError)
    return frame(<ErrorState error={advising.error} onRetry={() => void advising.refetch()} />);

  const roleOptions = [
    ...(isAdviser ? [{ value: 'adviser', label: 'I advise' }] : []),
    { value: 'student', label: 'I booked' },
    ...(mayManage ? [{ value: 'all', label: 'Everyone in the hub' }] : []),
  ];
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  let list: ReactNode;
  if (appointments.isPending) list = <LoadingState label="Loading appointments…" />;
  else if (appointments.isError)
    list = <ErrorState error={appointments.error} onRetry={() => void appointments.refetch()} />;
  else if (items.length === 0)
    list = (
      <EmptyState title={when === 'upcoming' ? 'No upcoming appointments' : 'No past appointments'}>
        {role === 'student' && when === 'upcoming' && advising.data.can.book
          ? 'Book time with an adviser under “Book”.'
          : undefined}
      </EmptyState>
    );
  else
    list = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Appointments">
        {items.map((appointment) => (
          <li key={appointment.id}>
            <AppointmentCard
              hubIdentifier={hubIdentifier}
              appointment={appointment}
              timeZone={timeZone}
              viewerIdentifier={me.data?.identifier}
              now={now}
            />
          </li>
        ))}
      </Stack>
    );

  return frame(
    <>
      <Group gap="sm" wrap="wrap">
        {roleOptions.length > 1 ? (
          <SegmentedControl
            aria-label="Whose appointments"
            value={role}
            onChange={(value) => setFilter('role', value)}
            data={roleOptions}
          />
        ) : null}
        <SegmentedControl
          aria-label="When"
          value={when}
          onChange={(value) => setFilter('when', value)}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
      </Group>
      {list}
      {appointments.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void appointments.fetchNextPage()}
            loading={appointments.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </>,
  );
}
