import type { THubMembershipSummary } from '@commons/contract';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Menu to switch between the hubs the user belongs to. */
export function HubSwitcher(props: { memberships: THubMembershipSummary[]; currentHubIdentifier: string | null }) {
  const current = props.memberships.find((m) => m.hub.identifier === props.currentHubIdentifier);
  const currentName = current?.hub.name ?? 'Choose a hub';
  if (props.memberships.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default" aria-label={`Switch hub, current hub: ${currentName}`} rightSection={<span aria-hidden="true">▾</span>}>
          {currentName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your hubs</Menu.Label>
        {props.memberships.map((membership) => {
          const isCurrent = membership.hub.identifier === props.currentHubIdentifier;
          return (
            <Menu.Item
              key={membership.hub.id}
              component={Link}
              to={paths.hub.home(membership.hub.identifier)}
              aria-current={isCurrent ? 'true' : undefined}
              fw={isCurrent ? 700 : undefined}
            >
              {membership.hub.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
