import type { TSessionUser } from '@commons/contract';
import { Anchor, Avatar, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DisclosureMenu } from '../../components/disclosure-menu';
import { paths } from '../../config/paths';
import { SignOutButton } from '../../components/sign-out-button';

function initials(user: TSessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The signed-in user's menu: who is signed in, their profile, site administration for admins, sign out (spec 8 Sign-out). */
export function UserMenu({
  user,
  siteAdminPath,
  approvalsPath,
  moderationPath,
}: {
  user: TSessionUser;
  siteAdminPath: string | null;
  /** The approval queue of the current hub when the user has the approve-users right there. */
  approvalsPath: string | null;
  /** The moderation queue of the current hub when the user moderates it (approve-questions right). */
  moderationPath: string | null;
}) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DisclosureMenu
      buttonLabel={`Account menu for ${fullName}`}
      buttonContent={user.firstName}
      buttonLeftSection={
        <Avatar size="sm" color="indigo" variant="filled" aria-hidden="true">
          {initials(user)}
        </Avatar>
      }
      title="Your account"
      position="bottom-end"
    >
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
      {approvalsPath === null ? null : (
        <Anchor component={Link} to={approvalsPath} py={4}>
          Membership approvals
        </Anchor>
      )}
      {moderationPath === null ? null : (
        <Anchor component={Link} to={moderationPath} py={4}>
          Moderation
        </Anchor>
      )}
      {siteAdminPath === null ? null : (
        <Anchor component={Link} to={siteAdminPath} py={4}>
          Site administration
        </Anchor>
      )}
      <SignOutButton mt="xs" />
    </DisclosureMenu>
  );
}
