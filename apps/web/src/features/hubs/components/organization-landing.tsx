import type { TAdministeredOrganization } from '@commons/contract';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { organizationSectionPath, organizationSectionsFor } from '../organization-sections';

/**
 * The organisations the viewer administers in the hub, on the site-admin index: each with its limited list of
 * sections (spec 6 Organisation admins), one card each, as the hub's own sections are shown.
 */
export function OrganizationLanding(props: {
  hubIdentifier: string;
  organizations: readonly TAdministeredOrganization[];
}) {
  return (
    <Stack gap="xl">
      {props.organizations.map((organization) => {
        const headingId = `organization-${organization.id}-heading`;
        const sections = organizationSectionsFor(organization.rights);
        return (
          <Stack key={organization.id} gap="sm" component="section" aria-labelledby={headingId}>
            <Stack gap={2}>
              <Title order={2} id={headingId}>
                {organization.name}
              </Title>
              <Text c="gray.7" size="sm">
                Organization you administer ·{' '}
                {organization.memberCount === 1 ? '1 member' : `${organization.memberCount} members`}
              </Text>
            </Stack>
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {sections.map((section) => (
                <Paper key={section.key} component="li" withBorder p="md" radius="md">
                  <Anchor
                    component={Link}
                    to={organizationSectionPath(section, props.hubIdentifier, organization.identifier)}
                    fw={600}
                    size="lg"
                  >
                    {section.title}
                  </Anchor>
                  <Text c="dimmed" size="sm" mt={4}>
                    {section.description}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
