import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdviserAvailability } from '../api/availability';
import { useAdvisingMe } from '../api/booking';
import { AdvisingNav } from '../components/advising-nav';
import { AvailabilityForm } from '../components/availability-form';
import { useAdvisingHub } from '../use-advising-hub';

/**
 * /advising/availability (issue #21 item 2): an adviser keeps their own weekly hours, date exceptions and the
 * address of their calendar, whose busy times quick booking leaves out.
 */
export function MyAvailabilityPage() {
  usePageTitle('My advising hours');
  const hubIdentifier = useAdvisingHub();
  const me = useAdvisingMe(hubIdentifier);
  const adviser = me.data?.adviser ?? null;
  const availability = useAdviserAvailability(
    hubIdentifier,
    adviser?.can.editHours === true ? adviser.id : null,
  );

  let body: ReactNode;
  if (hubIdentifier === '' || me.isPending) body = <LoadingState />;
  else if (me.isError) body = <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  else if (adviser === null)
    body = (
      <EmptyState title="You are not an adviser in this hub">
        Advising admins make members advisers; then they set their hours here.
      </EmptyState>
    );
  else if (!adviser.can.editHours)
    body = (
      <EmptyState title="Your hours are kept by advising admins">
        Ask an advising admin of this hub to change your hours.
      </EmptyState>
    );
  else if (availability.isPending) body = <LoadingState label="Loading your hours…" />;
  else if (availability.isError)
    body = <ErrorState error={availability.error} onRetry={() => void availability.refetch()} />;
  else
    body = <AvailabilityForm hubIdentifier={hubIdentifier} availability={availability.data} whose="your" />;

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>My advising hours</Title>
        <Text c="gray.7">When students can book you, and the busy times of your own calendar.</Text>
      </Stack>
      {hubIdentifier === '' ? null : <AdvisingNav hubIdentifier={hubIdentifier} />}
      {body}
    </Stack>
  );
}
