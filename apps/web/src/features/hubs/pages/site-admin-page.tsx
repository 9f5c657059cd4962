import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import { useAdministeredOrganizations } from '../api/organization-admin';
import { OrganizationLanding } from '../components/organization-landing';
import { siteAdminSectionsFor } from '../site-admin-sections';

/**
 * {hubPath}/site-admin: the hub's admin screens the viewer may open, one card each, then the organisations they
 * administer with each one's limited list of screens (spec 6 Organisation admins).
 */
export function SiteAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Site administration');
  const me = useCurrentUser();
  const organizations = useAdministeredOrganizations(identifier);
  if (me.data === undefined) return <LoadingState />;
  const membership = findMembership(me.data, identifier);
  const sections = siteAdminSectionsFor({
    accessRights: membership?.accessRights ?? [],
    isPlatformAdmin: mayOpenAnyHub(me.data),
  });
  const administered = organizations.data?.items ?? [];
  const isOrganizationAdminOnly = sections.length === 0 && administered.length > 0;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Site administration</Title>
        {isOrganizationAdminOnly ? (
          <Text c="gray.7">
            You administer {administered.length === 1 ? 'an organization' : 'organizations'} of this hub:
            these screens show and change only {administered.length === 1 ? 'its' : 'their'} members and
            content.
          </Text>
        ) : null}
      </Stack>
      {sections.length > 0 ? (
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
      ) : null}
      {administered.length > 0 ? (
        <OrganizationLanding hubIdentifier={identifier} organizations={administered} />
      ) : null}
      {sections.length > 0 ? null : organizations.isPending ? (
        <LoadingState />
      ) : organizations.isError ? (
        <ErrorState error={organizations.error} onRetry={() => void organizations.refetch()} />
      ) : administered.length === 0 ? (
        <EmptyState title="No admin screens for you here">
          Admin screens appear here once a hub admin gives you an access right in this hub, or makes you an
          admin of one of its organizations.
        </EmptyState>
      ) : null}
    </Stack>
  );
}
