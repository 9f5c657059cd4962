import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** `/`: signed-in users go on to their home; visitors see what Commons is and how to get in. */
export function LandingPage() {
  usePageTitle('Welcome');
  const isSignedIn = useSession().token !== null;
  if (isSignedIn) return <Navigate replace to={paths.home()} />;
  return (
    <Stack maw={640} gap="lg" py="xl">
      <Title order={1}>Your school community, in one place</Title>
      <Text size="lg">
        Commons connects students, alumni, faculty, staff and employers for mentoring, advice, events and
        opportunities.
      </Text>
      <Group>
        <Button component={Link} to={paths.signIn()} size="md">
          Sign in
        </Button>
        <Button component={Link} to={paths.signUp()} size="md" variant="outline">
          Create an account
        </Button>
      </Group>
    </Stack>
  );
}
