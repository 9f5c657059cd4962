import { adminFlagsFromAccessLevel, type TAdminFlags } from '@commons/domain';
import { decodeTokenPayload } from './token-payload';

/** What the web app reads from the access token (spec 7: accessLevelCode, adminHubIds, loginAsAdmin). */
export interface TTokenClaims extends TAdminFlags {
  accessLevelCode: number | null;
  loginAsAdmin: boolean;
}

const NO_CLAIMS: TTokenClaims = {
  accessLevelCode: null,
  loginAsAdmin: false,
  ...adminFlagsFromAccessLevel({ accessLevelCode: null }),
};

/** Reads the token's claims and derives the admin flags through the domain rule (spec 4 Session access level codes). */
export function readTokenClaims(token: string | null): TTokenClaims {
  if (token === null) return NO_CLAIMS;
  const payload = decodeTokenPayload(token);
  if (payload === null) return NO_CLAIMS;
  const accessLevelCode = typeof payload.accessLevelCode === 'number' ? payload.accessLevelCode : null;
  const adminHubIds = Array.isArray(payload.adminHubIds)
    ? payload.adminHubIds.map(Number).filter((id) => Number.isFinite(id))
    : [];
  return {
    accessLevelCode,
    loginAsAdmin: payload.loginAsAdmin === true,
    ...adminFlagsFromAccessLevel({ accessLevelCode, adminHubIds }),
  };
}

/** Whether the claims make the user an admin of the hub with this id (super admins of every hub). */
export function isAdminOfHub(claims: TTokenClaims, hubId: string): boolean {
  return claims.isAdmin || claims.adminHubIds.includes(Number(hubId));
}
