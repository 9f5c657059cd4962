import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { paths } from '../../config/paths';

/** Shown when a page fails to load or render (for example an outdated bundle after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[router] page failed', error);
    document.title = 'Something went wrong · Commons';
  }, [error]);
  return (
    <PageShell>
      <Stack maw={640} gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text>This page could not be shown. Reloading usually helps.</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Anchor component={Link} to={paths.root()}>
            Go to the start page
          </Anchor>
        </Group>
      </Stack>
    </PageShell>
  );
}
