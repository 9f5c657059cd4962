import type { TSessionUser } from '@commons/contract';
import { Avatar, Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { signOut } from '../../lib/sign-out';

function initials(user: TSessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The signed-in user's menu: who is signed in, their profile, sign out (spec 8 Sign-out). */
export function UserMenu({ user }: { user: TSessionUser }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          aria-label={`Account menu for ${fullName}`}
          leftSection={
            <Avatar size="sm" color="indigo" variant="filled" aria-hidden="true">
              {initials(user)}
            </Avatar>
          }
        >
          {user.firstName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.profile(user.identifier)}>
          Your profile
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
