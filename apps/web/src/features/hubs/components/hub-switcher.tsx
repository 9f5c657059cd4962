import type { THubMembershipSummary } from '@commons/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DisclosureMenu } from '../../../components/disclosure-menu';
import { paths } from '../../../config/paths';

/** The hubs the user belongs to as links, the current one marked (the switcher's panel and the phone's menu). */
export function HubList(props: {
  memberships: THubMembershipSummary[];
  currentHubIdentifier: string | null;
}) {
  return (
    <nav aria-label="Your hubs">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {props.memberships.map((membership) => {
          const isCurrent = membership.hub.identifier === props.currentHubIdentifier;
          return (
            <li key={membership.hub.id}>
              <Anchor
                component={Link}
                to={paths.hub.home(membership.hub.identifier)}
                aria-current={isCurrent ? 'true' : undefined}
                fw={isCurrent ? 700 : 400}
                display="block"
                py={4}
              >
                {membership.hub.name}
              </Anchor>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The name of the hub the user is in, or what to do when there is none. */
export function currentHubName(
  memberships: THubMembershipSummary[],
  currentHubIdentifier: string | null,
): string {
  return memberships.find((m) => m.hub.identifier === currentHubIdentifier)?.hub.name ?? 'Choose a hub';
}

/**
 * Switches between the hubs the user belongs to: a disclosure with one link per hub. A long hub name is
 * cut short on the button (the button's name keeps all of it) so the header stays on one row.
 */
export function HubSwitcher(props: {
  memberships: THubMembershipSummary[];
  currentHubIdentifier: string | null;
}) {
  if (props.memberships.length === 0) return null;
  const currentName = currentHubName(props.memberships, props.currentHubIdentifier);
  return (
    <DisclosureMenu
      buttonLabel={`Switch hub, current hub: ${currentName}`}
      buttonContent={
        <Text span inherit truncate="end" maw={200} display="block">
          {currentName}
        </Text>
      }
      title="Your hubs"
    >
      <HubList memberships={props.memberships} currentHubIdentifier={props.currentHubIdentifier} />
    </DisclosureMenu>
  );
}
