import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import { siteAdminSectionsFor } from '../site-admin-sections';

/** {hubPath}/site-admin: the hub's admin screens the viewer may open, one card each. */
export function SiteAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Site administration');
  const me = useCurrentUser();
  if (me.data === undefined) return <LoadingState />;
  const membership = findMembership(me.data, identifier);
  const sections = siteAdminSectionsFor({
    accessRights: membership?.accessRights ?? [],
    isPlatformAdmin: mayOpenAnyHub(me.data),
  });
  return (
    <Stack gap="lg">
      <Title order={1}>Site administration</Title>
      {sections.length === 0 ? (
        <EmptyState title="No admin screens for you here">
          Admin screens appear here once a hub admin gives you an access right in this hub.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {sections.map((section) => (
            <Paper key={section.key} component="li" withBorder p="md" radius="md">
              <Anchor component={Link} to={section.path(identifier)} fw={600} size="lg">
                {section.title}
              </Anchor>
              <Text c="dimmed" size="sm" mt={4}>
                {section.description}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
