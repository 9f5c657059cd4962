import type { TSessionUser } from '@commons/contract';
import { APPROVAL_RIGHTS } from '@commons/domain';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { hubIdentifierFromPath, paths } from '../../config/paths';
import { BadgeEarnedListener } from '../../features/badges/components/badge-earned-listener';
import { ActionItemToasts } from '../../features/home/components/action-item-toasts';
import { useHub } from '../../features/hubs/api/get-hub';
import { LightAccountBanner } from '../../features/hubs/components/light-account-banner';
import { ModuleGate } from '../../features/hubs/components/module-gate';
import { NotificationToasts } from '../../features/inbox/components/notifications/notification-toasts';
import {
  findMembership,
  isMembershipApproved,
  mayOpenAnyHub,
  pickCurrentMembership,
} from '../../lib/hub-membership';
import { useHubBrandColors } from '../../lib/hub-brand-colors';
import { useRealtimeConnection } from '../../lib/realtime-hooks';
import { session, useSession } from '../../lib/session';
import { isAdminOfHub, readTokenClaims } from '../../lib/token-claims';
import { DesktopHeader, PhoneHeader, type TSignedInHeaderProps } from './signed-in-header';
import { useWideViewport } from '../../lib/wide-viewport';
import { PageSkeleton } from '../../components/page-skeleton';

/** 'You are signed in as …' while an admin acts as a member (issue #22 item 6), loaded only then. */
const LoginAsBanner = lazy(() =>
  import('../../features/login-as/components/login-as-banner').then((module) => ({
    default: module.LoginAsBanner,
  })),
);

/**
 * The frame of signed-in pages: the banner with the hub switcher, the hub's navigation (only for members
 * who may use the hub), inbox, bell and user menu — one row on desktop, a menu drawer on phones — then
 * the page.
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
  // Organisation admins find their organisation's limited console there too (spec 6 Organisation admins).
  const siteAdminPath =
    (isHubAdmin || membership?.administersOrganization === true) && hubIdentifier !== null
      ? paths.hub.siteAdmin(hubIdentifier)
      : null;

  // The one approvals page (issue #22 item 2) opens with any of its kinds' rights.
  const approvalsPath =
    hubIdentifier !== null &&
    APPROVAL_RIGHTS.some((right) => membership?.accessRights.includes(right) === true)
      ? paths.hub.approvals(hubIdentifier)
      : null;

  const moderationPath =
    hubIdentifier !== null && membership?.accessRights.includes('approve-questions') === true
      ? paths.hub.moderation(hubIdentifier)
      : null;

  // One realtime connection per tab while signed in (issue #5 item 3).
  useRealtimeConnection(token !== null);

  // The hub's brand colours draw the app while the hub is open (issue #22 item 1 branding settings).
  useHubBrandColors(hub.data?.branding);

  const isStandardSignupEnabled = hub.data?.settings.isStandardSignupEnabled;
  useEffect(() => {
    if (isStandardSignupEnabled !== undefined) session.setStandardSignupEnabled(isStandardSignupEnabled);
  }, [isStandardSignupEnabled]);

  // Read at once (no first render at the wrong size): the two headers differ in height.
  const isDesktop = useWideViewport();
  const header: TSignedInHeaderProps = {
    user,
    hubIdentifier,
    hub: hub.data,
    isHubLoading: hub.isPending,
    membership,
    mayUseHub,
    siteAdminPath,
    approvalsPath,
    moderationPath,
  };
  return (
    <PageShell
      header={
        <>
          {readTokenClaims(token).loginAsAdmin ? (
            <Suspense fallback={null}>
              <LoginAsBanner user={user} />
            </Suspense>
          ) : null}
          {isDesktop ? <DesktopHeader {...header} /> : <PhoneHeader {...header} />}
        </>
      }
    >
      <NotificationToasts />
      <ActionItemToasts />
      <BadgeEarnedListener />
      <LightAccountBanner membership={membership} />
      <ModuleGate hub={hub.data} hubIdentifier={hubIdentifier} user={user}>
        {/* A Suspense boundary lets React hydrate a server-rendered page in two parts (docs/adr/0007): the
            shell with its header at once, then the page, each in its own short tasks. */}
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </ModuleGate>
    </PageShell>
  );
}
