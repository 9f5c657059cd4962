import type { THub } from '@commons/contract';
import { Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { moduleOfPath } from '../module-of-path';

function ModuleUnavailable(props: { hubIdentifier: string; hubName: string }) {
  usePageTitle('Not available');
  return (
    <Stack gap="md">
      <Title order={1}>Not available</Title>
      <EmptyState title={`This section is not available in ${props.hubName}`}>
        The hub’s admins have turned it off.{' '}
        <Anchor component={Link} to={paths.hub.home(props.hubIdentifier)}>
          Go to the hub’s home
        </Anchor>
        .
      </EmptyState>
    </Stack>
  );
}

/**
 * The page, unless it belongs to a navigation module the hub has turned off (issue #22 item 1): then a
 * "not available" page. While the hub loads, or without one, the page shows as usual (its own reads decide).
 */
export function ModuleGate(props: {
  hub: THub | undefined;
  hubIdentifier: string | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const { hub, hubIdentifier } = props;
  if (hub === undefined || hubIdentifier === null) return props.children;
  const moduleId = moduleOfPath({ pathname, hubIdentifier });
  if (moduleId === null || hub.activeModules.some((module) => module.id === moduleId)) return props.children;
  return <ModuleUnavailable hubIdentifier={hubIdentifier} hubName={hub.name} />;
}
