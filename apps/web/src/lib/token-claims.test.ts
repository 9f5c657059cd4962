import { ACCESS_LEVEL_CODES } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import { isAdminOfHub, readTokenClaims } from './token-claims';

function token(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.sig`;
}

describe('readTokenClaims (spec 4 access level codes, spec 7 token header)', () => {
  it('makes 10001 a super admin of every hub', () => {
    const claims = readTokenClaims(
      token({ accessLevelCode: ACCESS_LEVEL_CODES.superAdmin, adminHubIds: [] }),
    );
    expect(claims.isAdmin).toBe(true);
    expect(isAdminOfHub(claims, '2000001')).toBe(true);
  });

  it('takes per-hub admin from adminHubIds for 10002 and 10003', () => {
    const cluster = readTokenClaims(token({ accessLevelCode: 10002, adminHubIds: ['10001'] }));
    expect(cluster.isClusterAdmin).toBe(true);
    expect(isAdminOfHub(cluster, '10001')).toBe(true);
    expect(isAdminOfHub(cluster, '2000001')).toBe(false);
    const clusterHub = readTokenClaims(
      token({ accessLevelCode: 10003, adminHubIds: ['2000001'], loginAsAdmin: true }),
    );
    expect(clusterHub.isAdminOnClusterHub).toBe(true);
    expect(clusterHub.loginAsAdmin).toBe(true);
    expect(isAdminOfHub(clusterHub, '2000001')).toBe(true);
  });

  it('gives no admin rights without a code or a token', () => {
    expect(isAdminOfHub(readTokenClaims(token({ accessLevelCode: null, adminHubIds: ['1'] })), '1')).toBe(
      false,
    );
    expect(readTokenClaims(null).isAdmin).toBe(false);
  });
});
