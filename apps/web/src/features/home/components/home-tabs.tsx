import { webPaths, type THomeResponse } from '@commons/contract';
import { Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { useHome } from '../api/get-home';
import { ArrangeHomeModal } from './arrange-home-modal';
import { HomeSectionCard } from './home-section-card';
import { HomeWidgetModal } from './home-widget-modal';

/** The grey outline of a tab's sections while they load, announced once. */
function SectionsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-live="polite" data-testid="home-skeleton">
      <VisuallyHidden>Loading your home sections…</VisuallyHidden>
      <Skeleton height={28} width="35%" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={96} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Sections(props: { hubId: string; home: THomeResponse; feed: ReactNode }) {
  return (
    <Stack gap="xl">
      {props.home.sections.map((section) => (
        <HomeSectionCard
          key={section.key}
          hubId={props.hubId}
          tab={props.home.tab}
          section={section}
          feed={props.feed}
        />
      ))}
    </Stack>
  );
}

/**
 * The archetype tabs of the hub home (issue #18, spec 2 and spec 9) with the chosen tab in the URL
 * (?tab=), and that tab's sections from GET /api/home. Arrow keys move between tabs (Mantine Tabs).
 */
export function HomeTabs(props: { hubIdentifier: string; feed: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('tab');
  const home = useHome(props.hubIdentifier, wanted);
  const [isArranging, setIsArranging] = useState(false);
  const [isEditingWidget, setIsEditingWidget] = useState(false);

  if (home.isPending) return <SectionsSkeleton />;
  if (home.isError) {
    return (
      <section aria-labelledby="home-error-heading">
        <Title order={2} id="home-error-heading" mb="sm">
          Your home
        </Title>
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      </section>
    );
  }

  const { data } = home;
  // spec 2 Home version choice: a corporate user type with its corporate homepage on lands on the job list.
  if (data.version === 'job-list') return <Navigate to={webPaths.hub.jobs(props.hubIdentifier)} replace />;
  const handleChange = (value: string | null) => {
    if (value === null) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { preventScrollReset: true },
    );
  };
  const isSwitching = home.isPlaceholderData;
  const content = isSwitching ? (
    <SectionsSkeleton />
  ) : (
    <Sections hubId={props.hubIdentifier} home={data} feed={props.feed} />
  );

  const arrange = data.can.arrange ? (
    <>
      <Group justify="flex-end" mb="sm" gap="xs">
        <Button variant="default" size="xs" onClick={() => setIsEditingWidget(true)}>
          Edit widget
        </Button>
        <Button variant="default" size="xs" onClick={() => setIsArranging(true)}>
          Arrange sections
        </Button>
      </Group>
      <HomeWidgetModal
        hubId={props.hubIdentifier}
        isOpen={isEditingWidget}
        onClose={() => setIsEditingWidget(false)}
      />
      <ArrangeHomeModal
        hubId={props.hubIdentifier}
        tab={data.tab}
        isOpen={isArranging}
        onClose={() => setIsArranging(false)}
      />
    </>
  ) : null;

  if (data.tabs.length < 2) {
    return (
      <div>
        {arrange}
        {content}
      </div>
    );
  }
  return (
    <div>
      {arrange}
      <Tabs
        value={isSwitching && wanted !== null ? wanted : data.tab}
        onChange={handleChange}
        keepMounted={false}
      >
        <Tabs.List aria-label="Home tabs" mb="lg">
          {data.tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {data.tabs.map((tab) => (
          <Tabs.Panel key={tab.key} value={tab.key}>
            {content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </div>
  );
}
