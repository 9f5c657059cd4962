import { ADMIN_DATA_ENDPOINTS } from '@commons/contract';
import type { TUsersImportTarget } from '../../../components/users-import';
import { callEndpoint } from '../../../lib/api-client';

/**
 * One organisation's users CSV import for its admins holding import-data (spec 6 Organisation admins; issue #22
 * items 1 and 5): the hub's import screen with the organisation as its target, through
 * /api/admin/organizations/{organization}/imports….
 */
export function organizationImportTarget(hubIdentifier: string, organization: string): TUsersImportTarget {
  const params = { identifier: organization };
  return {
    scope: 'organization',
    queryKey: ['hub', hubIdentifier, 'organization-admin', organization, 'imports'],
    dryRun: (csv) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.organizationImportDryRun, {
        hubId: hubIdentifier,
        params,
        body: { csv },
      }),
    start: (csv) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.organizationImportStart, {
        hubId: hubIdentifier,
        params,
        body: { csv },
      }),
    get: (id, signal) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.organizationImportGet, {
        hubId: hubIdentifier,
        params: { ...params, id },
        signal,
      }),
    list: (signal) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.organizationImportList, {
        hubId: hubIdentifier,
        params,
        signal,
        isErrorToastSuppressed: true,
      }),
  };
}
