import { ZHubSettings, type THubSettings } from '@commons/contract';
import { asc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { hubSettings, userTypes } from '../../db/schema/index.js';
import type { TUserTypeRow } from '../../plugins/request-context.js';

/** A hub's settings, parsed with the contract schema so defaults fill what an old row lacks. */
export async function getHubSettings(tx: TTx, hubId: number): Promise<THubSettings> {
  const [row] = await tx.select({ settings: hubSettings.settings }).from(hubSettings).where(eq(hubSettings.hubId, hubId)).limit(1);
  return ZHubSettings.parse(row?.settings ?? {});
}

export function listUserTypes(tx: TTx, hubId: number): Promise<TUserTypeRow[]> {
  return tx.select().from(userTypes).where(eq(userTypes.hubId, hubId)).orderBy(asc(userTypes.order), asc(userTypes.title));
}
