import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** /404: where unknown routes go (spec 2 Redirect rules). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const isSignedIn = useSession().token !== null;
  return (
    <Stack maw={640} gap="md">
      <Title order={1}>Page not found</Title>
      <Text>
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </Text>
      <Anchor component={Link} to={isSignedIn ? paths.home() : paths.root()}>
        {isSignedIn ? 'Go to your home page' : 'Go to the start page'}
      </Anchor>
    </Stack>
  );
}
