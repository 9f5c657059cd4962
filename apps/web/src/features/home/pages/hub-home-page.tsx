import { Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { hubQueryOptions } from '../../../lib/hub-query';
import { pickCurrentMembership } from '../../../lib/hub-membership';
import { useSession } from '../../../lib/session';
import { ActionItemsSection } from '../components/action-items-section';
import { HomeTabs } from '../components/home-tabs';
import { HubList } from '../components/hub-list';

/**
 * The hub's banner image (branding settings, issue #22 item 1), from the hub the app shell loads. Its own component
 * so that the hub's answer, which comes after the page's first render, renders only the banner again, not the
 * whole home (issue #17 item 7: that was a 50 ms render on a fast machine).
 */
function HubBanner(props: { hubIdentifier: string }) {
  const bannerImageUrl = useQuery({
    ...hubQueryOptions(props.hubIdentifier),
    select: (hub) => hub.branding.bannerImageUrl,
  }).data;
  return bannerImageUrl ? <Image src={bannerImageUrl} alt="" h={140} radius="md" fit="cover" /> : null;
}

/**
 * The hub home (issue #2 item 7): greets the user by first name, lists their hubs and shows the
 * personalised home of issue #18: the archetype tabs and their sections, the hub's feed (issue #7 item 5)
 * as the activity section. Serves /hub/{identifier}/, its home versions, /home and /v2.
 */
export function HubHomePage(props: { feed: (hubIdentifier: string) => ReactNode }) {
  const { identifier } = useParams();
  const { currentHub } = useSession();
  const me = useCurrentUser();
  const hubIdentifier =
    identifier ?? (me.data ? pickCurrentMembership(me.data, currentHub)?.hub.identifier : null);
  const hubName = me.data?.hubs.find((m) => m.hub.identifier === hubIdentifier)?.hub.name;
  usePageTitle(hubName === undefined ? 'Home' : `${hubName} home`);

  if (me.isPending) return <LoadingState label="Loading your home page…" />;
  if (me.isError) {
    return (
      <Stack>
        <Title order={1}>Home</Title>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      {hubIdentifier ? <HubBanner hubIdentifier={hubIdentifier} /> : null}
      <Stack gap={4}>
        <Title order={1}>Welcome, {me.data.firstName}</Title>
        {hubName === undefined ? null : <Text c="dimmed">You are in {hubName}.</Text>}
      </Stack>
      <section aria-labelledby="your-hubs-heading">
        <Title order={2} id="your-hubs-heading" mb="sm">
          Your hubs
        </Title>
        <HubList memberships={me.data.hubs} currentHubIdentifier={hubIdentifier ?? null} />
      </section>
      {hubIdentifier ? (
        <ActionItemsSection hubIdentifier={hubIdentifier} userIdentifier={me.data.identifier} />
      ) : null}
      {hubIdentifier ? <HomeTabs hubIdentifier={hubIdentifier} feed={props.feed(hubIdentifier)} /> : null}
    </Stack>
  );
}
