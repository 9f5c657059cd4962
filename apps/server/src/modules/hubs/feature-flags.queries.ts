import { hubFeatureFlag, type THubFeatureKey } from '@commons/domain';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { hubSettings } from '../../db/schema/index.js';

/**
 * SQL condition: the feature is on (spec 6 Feature flags per hub; domain isHubFeatureOn) in the hub whose id
 * is `hubId` (a column of the outer statement), so a statement filters by it without a read of its own. The
 * stored flag decides, else the flag's default (also when the settings row is not visible).
 */
export function hubFeatureOnSql(hubId: SQLWrapper, key: THubFeatureKey): SQL {
  const fallback = sql.raw(hubFeatureFlag(key).isOnByDefault ? 'true' : 'false');
  return sql`coalesce((SELECT (s.settings -> 'featureFlags' ->> ${key})::boolean FROM ${hubSettings} s WHERE s.hub_id = ${hubId}), ${fallback})`;
}
