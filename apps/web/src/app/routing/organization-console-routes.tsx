import { useParams } from 'react-router';
import { OrganizationTemplatesPage } from '../../features/hub-welcome/pages/organization-templates-page';
import { OrganizationConsoleHeader } from '../../features/hubs/components/organization-console-header';
import { OrganizationProfileFieldsPage } from '../../features/profile-fields/pages/organization-profile-fields-page';

/**
 * The screens other features give an organisation's console (its custom fields, its message templates; issue #22),
 * under the console's header (features/hubs), so its admins move between every section the same way. Composed here
 * because features do not import each other.
 */
function useConsoleHeader(section: string) {
  const { identifier = '', organization = '' } = useParams();
  return (
    <OrganizationConsoleHeader hubIdentifier={identifier} organization={organization} section={section} />
  );
}

export function OrganizationProfileFieldsRoute() {
  return <OrganizationProfileFieldsPage header={useConsoleHeader('custom-fields')} />;
}

export function OrganizationTemplatesRoute() {
  return <OrganizationTemplatesPage header={useConsoleHeader('templates')} />;
}
