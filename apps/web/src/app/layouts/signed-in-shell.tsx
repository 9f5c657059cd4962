import type { TSessionUser } from '@commons/contract';
import { Group } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { hubIdentifierFromPath } from '../../config/paths';
import { useHub } from '../../features/hubs/api/get-hub';
import { HubNavTabs } from '../../features/hubs/components/hub-nav-tabs';
import { HubSwitcher } from '../../features/hubs/components/hub-switcher';
import {
  findMembership,
  isMembershipApproved,
  mayOpenAnyHub,
  pickCurrentMembership,
} from '../../lib/hub-membership';
import { session, useSession } from '../../lib/session';
import { UserMenu } from './user-menu';

/**
 * The frame of signed-in pages: hub switcher and user menu in the banner, the hub's navigation
 * tabs (only for members who may use the hub), then the page.
 */
export function SignedInShell({ user, children }: { user: TSessionUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const { currentHub } = useSession();
  const pathHub = hubIdentifierFromPath(pathname);
  const membership =
    pathHub === null ? pickCurrentMembership(user, currentHub) : findMembership(user, pathHub);
  const hubIdentifier = pathHub ?? membership?.hub.identifier ?? null;
  const mayUseHub = membership === undefined ? mayOpenAnyHub(user) : isMembershipApproved(membership);
  const hub = useHub(hubIdentifier, mayUseHub);

  const isStandardSignupEnabled = hub.data?.settings.isStandardSignupEnabled;
  useEffect(() => {
    if (isStandardSignupEnabled !== undefined) session.setStandardSignupEnabled(isStandardSignupEnabled);
  }, [isStandardSignupEnabled]);

  return (
    <PageShell
      headerEnd={
        <Group gap="sm">
          <HubSwitcher memberships={user.hubs} currentHubIdentifier={hubIdentifier} />
          <UserMenu user={user} />
        </Group>
      }
      navigation={
        hubIdentifier !== null && mayUseHub ? (
          <HubNavTabs
            hubIdentifier={hubIdentifier}
            hub={hub.data}
            membership={membership}
            isLoading={hub.isPending}
          />
        ) : null
      }
    >
      {children}
    </PageShell>
  );
}
