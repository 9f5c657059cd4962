import type { THub, TSessionUser } from '@commons/contract';
import { managesModule } from '@commons/domain';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { hubSettingsPaths } from '../../../config/hub-settings-paths';
import { paths } from '../../../config/paths';
import { findMembership } from '../../../lib/hub-membership';
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

/** Above a turned-off module's page for those who manage it: members do not see it, and where to turn it on. */
function ModuleOffNotice(props: { hubIdentifier: string; hubName: string }) {
  return (
    // No Alert title: Mantine draws it in the colour's light shade, below 4.5:1 contrast on its background.
    <Alert variant="light" color="blue.8" mb="md">
      <strong>Turned off for members.</strong> Members of {props.hubName} do not see this section; you do
      because you manage it.{' '}
      <Anchor component={Link} to={hubSettingsPaths.modules(props.hubIdentifier)}>
        Turn it on in Modules
      </Anchor>
      .
    </Alert>
  );
}

/**
 * The page, unless it belongs to a navigation module the hub has turned off (issue #22 item 1): then a
 * "not available" page, except for those who manage the module (the server lets them use it, lib/module-gate),
 * who see the page under a notice. While the hub loads, or without one, the page shows as usual.
 */
export function ModuleGate(props: {
  hub: THub | undefined;
  hubIdentifier: string | null;
  user: TSessionUser;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const { hub, hubIdentifier, user } = props;
  if (hub === undefined || hubIdentifier === null) return props.children;
  const moduleId = moduleOfPath({ pathname, hubIdentifier });
  if (moduleId === null || hub.activeModules.some((module) => module.id === moduleId)) return props.children;
  const holder = {
    isSuperAdmin: user.isAdmin,
    isClusterAdmin: user.isClusterAdmin,
    accessRights: findMembership(user, hubIdentifier)?.accessRights ?? [],
  };
  if (managesModule(holder, moduleId))
    return (
      <>
        <ModuleOffNotice hubIdentifier={hubIdentifier} hubName={hub.name} />
        {props.children}
      </>
    );
  return <ModuleUnavailable hubIdentifier={hubIdentifier} hubName={hub.name} />;
}
