import type { THubMembershipSummary } from '@commons/contract';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { DisclosureMenu } from '../../../components/disclosure-menu';
import { paths } from '../../../config/paths';

/** Switches between the hubs the user belongs to: a disclosure with one link per hub. */
export function HubSwitcher(props: {
  memberships: THubMembershipSummary[];
  currentHubIdentifier: string | null;
}) {
  if (props.memberships.length === 0) return null;
  const current = props.memberships.find((m) => m.hub.identifier === props.currentHubIdentifier);
  const currentName = current?.hub.name ?? 'Choose a hub';
  return (
    <DisclosureMenu
      buttonLabel={`Switch hub, current hub: ${currentName}`}
      buttonContent={currentName}
      title="Your hubs"
    >
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
    </DisclosureMenu>
  );
}
