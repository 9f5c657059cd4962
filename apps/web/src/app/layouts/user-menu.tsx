import type { TSessionUser } from '@commons/contract';
import { canManageClusterGroup } from '@commons/domain';
import { Anchor, Avatar, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DisclosureMenu } from '../../components/disclosure-menu';
import { paths } from '../../config/paths';
import { CLUSTER_ADMIN_ROUTE } from '../../config/cluster-admin-paths';
import { PLATFORM_ADMIN_ROUTE } from '../../config/platform-admin-paths';
import { SignOutButton } from '../../components/sign-out-button';

function initials(user: TSessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** Where the account links of a user lead beyond their own pages: queues and administration they may open. */
export interface TAccountAdminPaths {
  siteAdminPath: string | null;
  /** The approvals page of the current hub when the user holds one of its approve rights there. */
  approvalsPath: string | null;
  /** The moderation queue of the current hub when the user moderates it (approve-questions right). */
  moderationPath: string | null;
}

/** Who is signed in, their profile and settings, the queues they may open, sign out (spec 8 Sign-out). */
export function AccountLinks(props: TAccountAdminPaths & { user: TSessionUser }) {
  const { user } = props;
  return (
    <Stack gap={4}>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        Signed in as {user.email}
      </Text>
      <Anchor component={Link} to={paths.profile(user.identifier)} py={4}>
        Your profile
      </Anchor>
      <Anchor component={Link} to={paths.account()} py={4}>
        Account settings
      </Anchor>
      <Anchor component={Link} to={paths.manageCalendar()} py={4}>
        Calendar settings
      </Anchor>
      {props.approvalsPath === null ? null : (
        <Anchor component={Link} to={props.approvalsPath} py={4}>
          Approvals
        </Anchor>
      )}
      {props.moderationPath === null ? null : (
        <Anchor component={Link} to={props.moderationPath} py={4}>
          Moderation
        </Anchor>
      )}
      {props.siteAdminPath === null ? null : (
        <Anchor component={Link} to={props.siteAdminPath} py={4}>
          Site administration
        </Anchor>
      )}
      {canManageClusterGroup(
        { isSuperAdmin: user.isAdmin, isClusterAdmin: user.isClusterAdmin },
        'landing-page',
      ) ? (
        <Anchor component={Link} to={CLUSTER_ADMIN_ROUTE} py={4}>
          Cluster administration
        </Anchor>
      ) : null}
      {user.isAdmin ? (
        <Anchor component={Link} to={PLATFORM_ADMIN_ROUTE} py={4}>
          Super admin
        </Anchor>
      ) : null}
      <SignOutButton mt="xs" />
    </Stack>
  );
}

/**
 * The signed-in user's menu in the header; `isCompact` (phone) shows only the initials, the button's
 * name still says whose menu it is.
 */
export function UserMenu(props: TAccountAdminPaths & { user: TSessionUser; isCompact?: boolean }) {
  const { user } = props;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DisclosureMenu
      buttonLabel={`Account menu for ${fullName}`}
      buttonContent={props.isCompact === true ? null : user.firstName}
      buttonLeftSection={
        <Avatar size="sm" color="indigo" variant="filled" aria-hidden="true">
          {initials(user)}
        </Avatar>
      }
      title="Your account"
      position="bottom-end"
    >
      <AccountLinks {...props} />
    </DisclosureMenu>
  );
}
