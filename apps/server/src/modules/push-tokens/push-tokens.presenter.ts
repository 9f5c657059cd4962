import type { TPushTokenResponse } from '@commons/contract';
import type { TPushTokenRow } from './push-tokens.commands.js';

/** A stored push token as the contract shows it to its owner. */
export function presentPushToken(row: TPushTokenRow): TPushTokenResponse['pushToken'] {
  return { token: row.token, platform: row.platform, createdAt: row.createdAt.toISOString() };
}
