import type { THubMembershipSummary } from '@commons/contract';
import { memberStanding } from '@commons/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * Tells a light user what their account is and how to become a full member (spec 6 light users; issue #16
 * item 5): the reduced navigation alone would leave them guessing why messaging or the directory is missing.
 * Nothing shows for anyone else.
 */
export function LightAccountBanner({ membership }: { membership: THubMembershipSummary | undefined }) {
  if (membership === undefined || memberStanding(membership) !== 'light') return null;
  const { identifier, name } = membership.hub;
  return (
    <Alert color="indigo" title="You have a light account" mb="md" data-testid="light-account">
      <Text size="sm">
        A light account lets you read {name}&apos;s events, resources and discussions. Complete your profile
        to become a full member: then you can message people, find them in the directory, join groups and
        programs, and post.
      </Text>
      <Group mt="sm">
        <Button component={Link} to={paths.hub.signUp(identifier, { continueRegistration: true })} size="xs">
          Complete your profile
        </Button>
      </Group>
    </Alert>
  );
}
