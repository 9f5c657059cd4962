import { and, asc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { clusters, ssoProviders } from '../../db/schema/index.js';
import { clusterOrigin } from './saml.protocol.js';
import type { TSsoProviderRow } from './sso.identity.js';

/** The cluster's SAML providers, oldest first. */
export async function clusterSamlProviders(tx: TTx, clusterId: string): Promise<TSsoProviderRow[]> {
  return tx
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.clusterId, clusterId), eq(ssoProviders.kind, 'saml')))
    .orderBy(asc(ssoProviders.createdAt), asc(ssoProviders.id));
}

/** One SAML provider of the cluster, or null (another cluster's is not found either: RLS and the filter). */
export async function findSamlProvider(
  tx: TTx,
  clusterId: string,
  id: string,
): Promise<TSsoProviderRow | null> {
  const [row] = await tx
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.clusterId, clusterId), eq(ssoProviders.kind, 'saml')))
    .limit(1);
  return row ?? null;
}

/** The origin of the request's cluster (saml.protocol clusterOrigin), from its host names. */
export async function originOfCluster(tx: TTx, clusterId: string, publicUrl: string): Promise<string> {
  const [row] = await tx
    .select({ hostnames: clusters.hostnames })
    .from(clusters)
    .where(eq(clusters.id, clusterId))
    .limit(1);
  return clusterOrigin(publicUrl, row?.hostnames ?? []);
}
