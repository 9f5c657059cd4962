import type { THub, THubMembershipSummary, TSessionUser } from '@commons/contract';
import { Burger, Divider, Stack, Title } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyDrawer } from '../../components/lazy-modal';
import { BrandLink } from '../../components/page-shell';
import { paths } from '../../config/paths';
import { useIsNavbarHighlighted } from '../../features/home/api/navbar-highlight';
import { HubNavList, HubNavTabs } from '../../features/hubs/components/hub-nav-tabs';
import { HubLogo } from '../../features/hubs/components/hub-logo';
import { currentHubName, HubList, HubSwitcher } from '../../features/hubs/components/hub-switcher';
import { InboxHeaderLink } from '../../features/inbox/components/inbox-header-link';
import { NotificationBell } from '../../features/inbox/components/notifications/notification-bell';
import classes from './signed-in-header.module.css';
import { AccountLinks, UserMenu, type TAccountAdminPaths } from './user-menu';

/** What both headers show: the user, their hubs, the current hub and whether its sections are open to them. */
export type TSignedInHeaderProps = TAccountAdminPaths & {
  user: TSessionUser;
  hubIdentifier: string | null;
  hub: THub | undefined;
  isHubLoading: boolean;
  membership: THubMembershipSummary | undefined;
  /** The member may use the hub: its sections and the inbox are offered. */
  mayUseHub: boolean;
};

function accountProps(props: TSignedInHeaderProps): TAccountAdminPaths & { user: TSessionUser } {
  const { user, siteAdminPath, approvalsPath, moderationPath } = props;
  return { user, siteAdminPath, approvalsPath, moderationPath };
}

/**
 * The desktop banner on one row (issue #16 item 14): brand, hub switcher, the hub's tabs that fit with a
 * More menu for the rest, inbox, bell and account menu.
 */
export function DesktopHeader(props: TSignedInHeaderProps) {
  const { hubIdentifier } = props;
  const account = accountProps(props);
  // spec 4 'Action item completed': the hub's tabs light up for 2 seconds.
  const isHighlighted = useIsNavbarHighlighted();
  return (
    <div className={classes.desktopRow}>
      <BrandLink />
      <HubLogo hub={props.hub} />
      <HubSwitcher memberships={props.user.hubs} currentHubIdentifier={hubIdentifier} />
      {hubIdentifier !== null && props.mayUseHub ? (
        <HubNavTabs
          className={isHighlighted ? `${classes.tabs} ${classes.highlighted}` : classes.tabs}
          hubIdentifier={hubIdentifier}
          hub={props.hub}
          membership={props.membership}
          isLoading={props.isHubLoading}
        />
      ) : (
        <div className={classes.tabs} />
      )}
      <div className={classes.end}>
        <InboxHeaderLink isEnabled={hubIdentifier !== null && props.mayUseHub} />
        <NotificationBell />
        <UserMenu {...account} />
      </div>
    </div>
  );
}

/** Id base of the phone's menu drawer (Mantine names its body `${id}-body`). */
const MENU_DRAWER_ID = 'site-menu';

/**
 * Open state of the menu drawer: it closes when the page changes (and then leaves focus to the new page's
 * main landmark instead of sending it back to the menu button).
 */
function useMenuDrawer() {
  const { pathname } = useLocation();
  const [state, setState] = useState({ isOpen: false, pathname, isClosedByNavigation: false });
  if (state.pathname !== pathname) {
    setState({ isOpen: false, pathname, isClosedByNavigation: state.isOpen || state.isClosedByNavigation });
  }
  return {
    isOpen: state.isOpen && state.pathname === pathname,
    returnsFocus: !state.isClosedByNavigation,
    open: () => setState({ isOpen: true, pathname, isClosedByNavigation: false }),
    close: () => setState({ isOpen: false, pathname, isClosedByNavigation: false }),
    /** A link in the drawer was followed: close now (the page may take a moment), focus goes to the page. */
    closeForLink: (event: MouseEvent<HTMLElement>) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const isOtherPage = new URL(link.href).pathname !== pathname;
      setState({ isOpen: false, pathname, isClosedByNavigation: isOtherPage });
    },
  };
}

/**
 * The phone and tablet banner (issue #16 item 14): a menu button, the hub's name, inbox, bell and the
 * account menu on one short row; the menu drawer holds the hub's sections, the hub switcher and the
 * account links.
 */
export function PhoneHeader(props: TSignedInHeaderProps) {
  const { hubIdentifier, user } = props;
  const account = accountProps(props);
  const drawer = useMenuDrawer();
  const isHighlighted = useIsNavbarHighlighted();
  const mayShowSections = hubIdentifier !== null && props.mayUseHub;
  const hubName =
    hubIdentifier === null
      ? null
      : (props.membership?.hub.name ?? props.hub?.name ?? currentHubName(user.hubs, hubIdentifier));
  return (
    <>
      <div className={classes.phoneRow}>
        <Burger
          opened={drawer.isOpen}
          onClick={drawer.isOpen ? drawer.close : drawer.open}
          aria-label="Menu"
          aria-expanded={drawer.isOpen}
          aria-controls={drawer.isOpen ? `${MENU_DRAWER_ID}-body` : undefined}
          size="sm"
        />
        <HubLogo hub={props.hub} height={24} />
        {hubName === null ? (
          <BrandLink />
        ) : (
          <Link
            to={paths.hub.home(hubIdentifier ?? '')}
            className={isHighlighted ? `${classes.hubName} ${classes.highlighted}` : classes.hubName}
          >
            {hubName}
          </Link>
        )}
        <div className={classes.end}>
          <InboxHeaderLink isEnabled={mayShowSections} />
          <NotificationBell />
          <UserMenu {...account} isCompact />
        </div>
      </div>
      <LazyDrawer
        id={MENU_DRAWER_ID}
        opened={drawer.isOpen}
        onClose={drawer.close}
        returnFocus={drawer.returnsFocus}
        title="Menu"
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
        transitionProps={{ duration: 0 }}
      >
        <Stack gap="lg" onClick={drawer.closeForLink}>
          {mayShowSections ? (
            <HubNavList
              hubIdentifier={hubIdentifier}
              hub={props.hub}
              membership={props.membership}
              isLoading={props.isHubLoading}
            />
          ) : null}
          {user.hubs.length === 0 ? null : (
            <Stack gap={4}>
              <Title order={2} size="h5">
                Your hubs
              </Title>
              <HubList memberships={user.hubs} currentHubIdentifier={hubIdentifier} />
            </Stack>
          )}
          <Divider />
          <Stack gap={4}>
            <Title order={2} size="h5">
              Your account
            </Title>
            <AccountLinks {...account} />
          </Stack>
        </Stack>
      </LazyDrawer>
    </>
  );
}
