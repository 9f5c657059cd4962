import { randomUUID } from 'node:crypto';
import type { TTenantType } from '@commons/domain';
import { insertHubFromTenantType } from '../../modules/platform-admin/platform-admin.commands.js';
import type { TDb } from '../client.js';
import { clusters } from '../schema/index.js';
import { withTenant } from '../tenant.js';
import { DAY_MS } from './demo-content.js';

/** The demo cluster's tenant fields (spec 3): a production tenant with a CRM account id. */
export const DEMO_CLUSTER_TENANT_FIELDS = { isProduction: true, sfAccountId: '0015g00000CmDemo' } as const;

type TDemoTenant = {
  name: string;
  tenantType: TTenantType;
  isProduction: boolean;
  sfAccountId: string | null;
  /** Days ago a deletion was requested, or null. */
  deleteRequestedDaysAgo: number | null;
  hubs: Array<{ id: number; identifier: string; name: string }>;
};

/**
 * Two more tenants for the super admin console (issue #23 item 1), so superadmin@example.edu sees more than the
 * demo cluster: a Canadian trial and an Australian all-in-one tenant whose deletion was requested 5 days ago
 * (erased by the tenant-erasure job 25 days from then). Each hub comes from its tenant type, as the console
 * creates them. They have no members and no host names: nobody signs in to them in the demo.
 */
const DEMO_TENANTS: TDemoTenant[] = [
  {
    name: 'Harbor College (trial)',
    tenantType: 'trial',
    isProduction: false,
    sfAccountId: '0015g00000HbrTrl',
    deleteRequestedDaysAgo: null,
    hubs: [{ id: 3_000_101, identifier: 'harbor', name: 'Harbor College' }],
  },
  {
    name: 'Southern Cross Institute',
    tenantType: 'all-in-one',
    isProduction: true,
    sfAccountId: null,
    deleteRequestedDaysAgo: 5,
    hubs: [
      { id: 1_000_201, identifier: 'southern-cross', name: 'Southern Cross Institute' },
      { id: 1_000_202, identifier: 'southern-cross-alumni', name: 'Southern Cross Alumni' },
    ],
  },
];

export async function seedDemoPlatform(db: TDb, options: { now: Date }): Promise<void> {
  for (const [index, tenant] of DEMO_TENANTS.entries()) {
    const clusterId = randomUUID();
    await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      await tx.insert(clusters).values({
        id: clusterId,
        name: tenant.name,
        isProduction: tenant.isProduction,
        sfAccountId: tenant.sfAccountId,
        defaultSetting: tenant.tenantType,
        deleteRequestedAt:
          tenant.deleteRequestedDaysAgo === null
            ? null
            : new Date(options.now.getTime() - tenant.deleteRequestedDaysAgo * DAY_MS),
        // After the demo cluster, so the console lists it first.
        createdAt: new Date(options.now.getTime() + (index + 1) * 1000),
      });
      for (const [hubIndex, hub] of tenant.hubs.entries()) {
        await insertHubFromTenantType(tx, {
          clusterId,
          ...hub,
          tenantType: tenant.tenantType,
          isDefault: hubIndex === 0,
        });
      }
    });
  }
}
