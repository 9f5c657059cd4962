import type { TSessionUser } from '@commons/contract';
import { Group } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { hubIdentifierFromPath, paths } from '../../config/paths';
import { useHub } from '../../features/hubs/api/get-hub';
import { HubNavTabs } from '../../features/hubs/components/hub-nav-tabs';
import { HubSwitcher } from '../../features/hubs/components/hub-switcher';
import { InboxHeaderLink } from '../../features/inbox/components/inbox-header-link';
import { NotificationBell } from '../../features/inbox/components/notifications/notification-bell';
import { NotificationToasts } from '../../features/inbox/components/notifications/notification-toasts';
import {
  findMembership,
  isMembershipApproved,
  mayOpenAnyHub,
  pickCurrentMembership,
} from '../../lib/hub-membership';
import { useRealtimeConnection } from '../../lib/realtime-hooks';
import { session, useSession } from '../../lib/session';
import { isAdminOfHub, readTokenClaims } from '../../lib/token-claims';
import { UserMenu } from './user-menu';

/**
 * The frame of signed-in pages: hub switcher and user menu in the banner, the hub's navigation
 * tabs (only for members who may use the hub), then the page.
 */
export function SignedInShell({ user, children }: { user: TSessionUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const { currentHub, token } = useSession();
  const pathHub = hubIdentifierFromPath(pathname);
  const membership =
    pathHub === null ? pickCurrentMembership(user, currentHub) : findMembership(user, pathHub);
  const hubIdentifier = pathHub ?? membership?.hub.identifier ?? null;
  const mayUseHub = membership === undefined ? mayOpenAnyHub(user) : isMembershipApproved(membership);
  const hub = useHub(hubIdentifier, mayUseHub);

  // Cluster pages act on the last hub the user opened that they may use (INTERPRETATION.md URLs).
  const isUsableHub = membership !== undefined || mayOpenAnyHub(user);
  useEffect(() => {
    if (hubIdentifier !== null && isUsableHub) session.setCurrentHub(hubIdentifier);
  }, [hubIdentifier, isUsableHub]);

  const hubId = membership?.hub.id ?? hub.data?.id;
  const isHubAdmin =
    membership?.isAdmin === true || (hubId !== undefined && isAdminOfHub(readTokenClaims(token), hubId));
  const siteAdminPath = isHubAdmin && hubIdentifier !== null ? paths.hub.siteAdmin(hubIdentifier) : null;

  const approvalsPath =
    hubIdentifier !== null && membership?.accessRights.includes('approve-users') === true
      ? paths.hub.approvals(hubIdentifier)
      : null;

  const moderationPath =
    hubIdentifier !== null && membership?.accessRights.includes('approve-questions') === true
      ? paths.hub.moderation(hubIdentifier)
      : null;

  // One realtime connection per tab while signed in (issue #5 item 3).
  useRealtimeConnection(token !== null);

  const isStandardSignupEnabled = hub.data?.settings.isStandardSignupEnabled;
  useEffect(() => {
    if (isStandardSignupEnabled !== undefined) session.setStandardSignupEnabled(isStandardSignupEnabled);
  }, [isStandardSignupEnabled]);

  return (
    <PageShell
      headerEnd={
        <Group gap="sm">
          <NotificationToasts />
          <InboxHeaderLink isEnabled={hubIdentifier !== null && mayUseHub} />
          <NotificationBell />
          <HubSwitcher memberships={user.hubs} currentHubIdentifier={hubIdentifier} />
          <UserMenu
            user={user}
            siteAdminPath={siteAdminPath}
            approvalsPath={approvalsPath}
            moderationPath={moderationPath}
          />
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
