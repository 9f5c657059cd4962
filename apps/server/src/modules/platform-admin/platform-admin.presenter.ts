import type { TPlatformCluster, TPlatformHub } from '@commons/contract';
import { dataRegionForHubId, tenantErasureDate, tenantTypeLabel } from '@commons/domain';
import type { TPlatformClusterRow, TPlatformHubRow, TUsageRow } from './platform-admin.queries.js';

export function presentPlatformHub(row: TPlatformHubRow): TPlatformHub {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    region: dataRegionForHubId(row.id),
    isDefault: row.isDefault,
    isElOnly: row.isElOnly,
    standardPlatformType: row.standardPlatformType,
    members: row.members,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentPlatformCluster(
  row: TPlatformClusterRow,
  options: { hubs: readonly TPlatformHubRow[]; usage: TUsageRow | undefined; currentClusterId: string },
): TPlatformCluster {
  return {
    id: row.id,
    name: row.name,
    hostnames: row.hostnames,
    isDefault: row.isDefault,
    isProduction: row.isProduction,
    sfAccountId: row.sfAccountId,
    defaultSetting: row.defaultSetting,
    defaultSettingLabel: tenantTypeLabel(row.defaultSetting),
    deleteRequestedAt: row.deleteRequestedAt?.toISOString() ?? null,
    erasureAt: row.deleteRequestedAt ? tenantErasureDate(row.deleteRequestedAt).toISOString() : null,
    isCurrent: row.id === options.currentClusterId,
    createdAt: row.createdAt.toISOString(),
    hubs: options.hubs.map(presentPlatformHub),
    usage: {
      members: options.usage?.members ?? 0,
      hubs: options.usage?.hubs ?? 0,
      messagesLast30Days: options.usage?.messages ?? 0,
      storedFileBytes: options.usage?.fileBytes ?? 0,
    },
  };
}
