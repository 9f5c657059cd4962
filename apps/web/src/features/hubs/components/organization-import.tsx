import { useMemo } from 'react';
import { UsersImport } from '../../../components/users-import';
import { organizationImportTarget } from '../api/organization-import';

/**
 * import-data of one organisation (spec 6 Organisation admins; issue #22 items 1 and 5): a users CSV whose dry run
 * tells what each row would do, then the import that creates and invites the missing accounts in the hub and adds
 * everyone to the organisation, with its progress.
 */
export function OrganizationImport(props: { hubIdentifier: string; organization: string }) {
  const target = useMemo(
    () => organizationImportTarget(props.hubIdentifier, props.organization),
    [props.hubIdentifier, props.organization],
  );
  return <UsersImport target={target} />;
}
