import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** Route handle of placeholder pages: the title of the feature that is on its way. */
export interface TRouteHandle {
  title?: string;
}

function isRouteHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** A polite placeholder for routes whose feature comes in a later issue. */
export function ComingSoonPage() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const title = isRouteHandle(handle) && handle.title !== undefined ? handle.title : 'This page';
  usePageTitle(title);
  const isSignedIn = useSession().token !== null;
  return (
    <Stack maw={640} gap="md">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text>This part of Commons is coming soon. Thanks for your patience!</Text>
      </Paper>
      <Anchor component={Link} to={isSignedIn ? paths.home() : paths.root()}>
        {isSignedIn ? 'Back to your home page' : 'Back to the start page'}
      </Anchor>
    </Stack>
  );
}
