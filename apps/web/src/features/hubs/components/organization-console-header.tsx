import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAdministeredOrganizations } from '../api/organization-admin';
import { organizationSectionPath, organizationSectionsFor } from '../organization-sections';

/**
 * What sits above the heading of every screen of an organisation's console (spec 6 Organisation admins; issue #22):
 * the way back to site administration, the organisation's name and its sections the viewer's rights open, the
 * current one marked. The console's own sections and the screens other features give the organisation (its custom
 * fields, its message templates: composed with this in app/routing) share it, so the sections read as one console.
 */
export function OrganizationConsoleHeader(props: {
  hubIdentifier: string;
  organization: string;
  /** The key of the section shown (organization-sections.ts). */
  section: string;
}) {
  const { hubIdentifier, organization, section } = props;
  const organizations = useAdministeredOrganizations(hubIdentifier);
  const current = organizations.data?.items.find((item) => item.identifier === organization);
  return (
    // The padding keeps the sections apart from the heading that follows on every screen.
    <Stack gap="xs" pb="xs">
      <Anchor component={Link} to={paths.hub.siteAdmin(hubIdentifier)} size="sm" w="fit-content">
        Site administration
      </Anchor>
      {current ? (
        <>
          <Text size="sm" c="gray.7" fw={500}>
            {current.name}
          </Text>
          <Group gap="xs" component="nav" aria-label={`${current.name} administration`}>
            {organizationSectionsFor(current.rights).map((s) => {
              const isCurrent = s.key === section;
              return (
                <Button
                  key={s.key}
                  component={Link}
                  to={organizationSectionPath(s, hubIdentifier, current.identifier)}
                  variant={isCurrent ? 'filled' : 'default'}
                  size="compact-sm"
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {s.title}
                </Button>
              );
            })}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
