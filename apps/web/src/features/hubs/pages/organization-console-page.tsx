import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import {
  ORGANIZATION_CONSOLE_SECTIONS,
  type TOrganizationConsoleSection,
} from '../../../config/organization-admin-paths';
import { paths } from '../../../config/paths';
import { useAdministeredOrganizations } from '../api/organization-admin';
import { OrganizationAnalytics } from '../components/organization-analytics';
import { OrganizationBranding } from '../components/organization-branding';
import { OrganizationImport } from '../components/organization-import';
import { OrganizationMembers } from '../components/organization-members';
import { OrganizationConsoleHeader } from '../components/organization-console-header';
import { ORGANIZATION_SECTIONS, organizationSectionsFor } from '../organization-sections';

const isConsoleSection = (value: string): value is TOrganizationConsoleSection =>
  (ORGANIZATION_CONSOLE_SECTIONS as readonly string[]).includes(value);

/**
 * {hubPath}/site-admin/organizations/{organization}/{section} (spec 6 Organisation admins; issue #22): one
 * organisation's console for its admins, with only the sections their limited rights open: members
 * (explore-users), reports and analytics, the users import (import-data) and its brand (branding-settings) here; membership and the organisation's page on its manage
 * page (the group tools), announcements, events and resources on its own pages. The server checks every right again.
 */
export function OrganizationConsolePage() {
  const { identifier = '', organization = '', section = '' } = useParams();
  const organizations = useAdministeredOrganizations(identifier);
  const current = organizations.data?.items.find((item) => item.identifier === organization);
  const sectionTitle = ORGANIZATION_SECTIONS.find((s) => s.key === section)?.title ?? 'Organization';
  usePageTitle(current ? `${sectionTitle} · ${current.name}` : sectionTitle);
  const back = (
    <Anchor component={Link} to={paths.hub.siteAdmin(identifier)} size="sm">
      Site administration
    </Anchor>
  );
  if (organizations.isPending) return <LoadingState />;
  if (organizations.isError)
    return <ErrorState error={organizations.error} onRetry={() => void organizations.refetch()} />;
  if (current === undefined)
    return (
      <Stack>
        {back}
        <EmptyState title="You do not administer this organization">
          An organization’s console opens to its admins while the hub has organizations turned on.
        </EmptyState>
      </Stack>
    );
  const active = organizationSectionsFor(current.rights).find(
    (s) => s.key === section && 'section' in s.target,
  );
  return (
    <Stack gap="lg">
      <OrganizationConsoleHeader
        hubIdentifier={identifier}
        organization={current.identifier}
        section={section}
      />
      <Title order={1}>{sectionTitle}</Title>
      {active === undefined || !isConsoleSection(section) ? (
        <EmptyState title="This section is not open to you">
          Choose one of the sections above: they are the ones your rights in {current.name} open.
        </EmptyState>
      ) : section === 'members' ? (
        <OrganizationMembers hubIdentifier={identifier} organization={current.identifier} />
      ) : section === 'import' ? (
        <OrganizationImport hubIdentifier={identifier} organization={current.identifier} />
      ) : section === 'branding' ? (
        <OrganizationBranding
          hubIdentifier={identifier}
          organization={current.identifier}
          name={current.name}
        />
      ) : (
        <OrganizationAnalytics hubIdentifier={identifier} organization={current.identifier} />
      )}
    </Stack>
  );
}
