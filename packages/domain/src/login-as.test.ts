import { describe, expect, it } from 'vitest';
import { loginAsRefusal, type TLoginAsActor, type TLoginAsTarget } from './login-as.js';

const hubAdmin: TLoginAsActor = {
  userId: 'admin',
  isSuperAdmin: false,
  isClusterAdmin: false,
  isHubAdmin: true,
  accessRights: ['login-as-other-admins', 'reports'],
  isActingAsSomeone: false,
};
const student: TLoginAsTarget = {
  userId: 'student',
  isSuperAdmin: false,
  isClusterAdmin: false,
  isAdminOnClusterHub: false,
  isHubAdmin: false,
  accessRights: [],
};

describe('loginAsRefusal (issue #22 item 6)', () => {
  it('lets a hub admin with the right, and super and cluster admins, log in as a member', () => {
    expect(loginAsRefusal(hubAdmin, student)).toBeNull();
    const clusterAdmin = { ...hubAdmin, isHubAdmin: false, accessRights: [], isClusterAdmin: true };
    expect(loginAsRefusal(clusterAdmin, student)).toBeNull();
    expect(
      loginAsRefusal({ ...clusterAdmin, isClusterAdmin: false, isSuperAdmin: true }, student),
    ).toBeNull();
  });

  it('refuses without the right, or with it but not as an admin of the hub', () => {
    expect(loginAsRefusal({ ...hubAdmin, accessRights: ['reports'] }, student)).toBe('no_right');
    expect(loginAsRefusal({ ...hubAdmin, isHubAdmin: false }, student)).toBe('no_right');
  });

  it('refuses oneself, chains, unknown members and platform admins', () => {
    expect(loginAsRefusal(hubAdmin, { ...student, userId: 'admin' })).toBe('self');
    expect(loginAsRefusal({ ...hubAdmin, isActingAsSomeone: true }, student)).toBe('acting_as_someone');
    expect(loginAsRefusal(hubAdmin, null)).toBe('not_found');
    const superAdmin = { ...hubAdmin, isSuperAdmin: true };
    for (const flag of ['isSuperAdmin', 'isClusterAdmin', 'isAdminOnClusterHub'] as const) {
      expect(loginAsRefusal(hubAdmin, { ...student, [flag]: true })).toBe('platform_admin');
      expect(loginAsRefusal(superAdmin, { ...student, [flag]: true })).toBe('platform_admin');
    }
  });

  it('lets a hub admin log in as another admin only when holding every right that admin holds', () => {
    const peer = { ...student, isHubAdmin: true, accessRights: ['reports'] };
    expect(loginAsRefusal(hubAdmin, peer)).toBeNull();
    expect(loginAsRefusal(hubAdmin, { ...peer, accessRights: ['reports', 'export-data'] })).toBe(
      'more_rights',
    );
    expect(
      loginAsRefusal({ ...hubAdmin, isClusterAdmin: true }, { ...peer, accessRights: ['export-data'] }),
    ).toBeNull();
  });
});
