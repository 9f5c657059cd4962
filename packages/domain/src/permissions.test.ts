import { describe, expect, it } from 'vitest';
import {
  CLUSTER_ACCESS_RIGHTS,
  EL_ONLY_HUB_ACCESS_RIGHTS,
  grantableHubAccessRights,
  grantableOrganizationAdminRights,
  HUB_ACCESS_RIGHTS,
  hasAccessRight,
  isClusterAccessRight,
  isHubAccessRight,
  ORGANIZATION_ADMIN_ACCESS_RIGHTS,
} from './permissions.js';

describe('access-right catalogues (spec 6)', () => {
  it('holds every hub access group the spec names, in kebab-case', () => {
    for (const right of [
      'manage-admins',
      'manage-events',
      'bulk-emails',
      'announcements',
      'resources',
      'programs',
      'groups',
      'surveys',
      'manage-pathways',
      'explore-users',
      'reports',
      'analytics',
      'export-data',
      'import-data',
      'approve-users',
      'approve-job-posts',
      'approve-questions',
      'login-as-other-admins',
      'switch-user-types',
      'branding-settings',
      'job-settings',
      'standard-fields',
      'organizations',
      'manage-career-paths',
      'auto-greeting',
      'templates',
      'notifications',
      'approve-events',
      'donations',
      'signup-settings',
      'custom-fields',
    ]) {
      expect(HUB_ACCESS_RIGHTS).toContain(right);
    }
    for (const right of HUB_ACCESS_RIGHTS) expect(right).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    expect(new Set(HUB_ACCESS_RIGHTS).size).toBe(HUB_ACCESS_RIGHTS.length);
  });

  it('holds the six cluster-level groups', () => {
    expect(CLUSTER_ACCESS_RIGHTS).toEqual([
      'sso-settings',
      'webhook-settings',
      'domain-management',
      'landing-page',
      'email-settings',
      'majors',
    ]);
  });

  it('keeps the reduced lists inside the hub catalogue', () => {
    for (const right of [...EL_ONLY_HUB_ACCESS_RIGHTS, ...ORGANIZATION_ADMIN_ACCESS_RIGHTS]) {
      expect(isHubAccessRight(right)).toBe(true);
    }
    expect(EL_ONLY_HUB_ACCESS_RIGHTS.length).toBeLessThan(HUB_ACCESS_RIGHTS.length);
  });

  it.each([
    ['groups', true, false],
    ['sso-settings', false, true],
    ['launch-rockets', false, false],
  ])('classifies %s as hub=%s cluster=%s', (value, isHub, isCluster) => {
    expect(isHubAccessRight(value)).toBe(isHub);
    expect(isClusterAccessRight(value)).toBe(isCluster);
  });
});

describe('grantableHubAccessRights (spec 6)', () => {
  it.each([
    [{ isElOnly: false, standardPlatformType: 'standard' }, 'programs', true],
    [{ isElOnly: false, standardPlatformType: 'standard' }, 'custom-fields', true],
    [{ isElOnly: false, standardPlatformType: 'corporate' }, 'custom-fields', false],
    [{ isElOnly: false }, 'custom-fields', false],
    [{ isElOnly: false, standardPlatformType: null }, 'groups', true],
    [{ isElOnly: true, standardPlatformType: 'standard' }, 'programs', false],
    [{ isElOnly: true, standardPlatformType: 'standard' }, 'experiential-learning', true],
    [{ isElOnly: true, standardPlatformType: 'standard' }, 'custom-fields', false],
  ])('for %j offers %s: %s', (options, right, isOffered) => {
    const offered: readonly string[] = grantableHubAccessRights(options);
    expect(offered.includes(right)).toBe(isOffered);
  });
});

describe('grantableOrganizationAdminRights (spec 6 Organisation admins)', () => {
  it('offers the organisation list only with the organisations module on', () => {
    expect(grantableOrganizationAdminRights({ isOrganizationsModuleEnabled: true })).toEqual([
      ...ORGANIZATION_ADMIN_ACCESS_RIGHTS,
    ]);
    expect(grantableOrganizationAdminRights({ isOrganizationsModuleEnabled: false })).toEqual([]);
  });

  it('contains the groups the spec names', () => {
    for (const right of [
      'explore-users',
      'analytics',
      'import-data',
      'groups',
      'programs',
      'custom-fields',
      'branding-settings',
      'resources',
      'manage-events',
      'bulk-emails',
    ]) {
      expect(ORGANIZATION_ADMIN_ACCESS_RIGHTS).toContain(right);
    }
  });
});

describe('hasAccessRight (spec 6)', () => {
  it.each([
    [{ isSuperAdmin: true, isClusterAdmin: false, accessRights: [] }, 'manage-admins', true],
    [{ isSuperAdmin: false, isClusterAdmin: true, accessRights: [] }, 'sso-settings', true],
    [{ isSuperAdmin: false, isClusterAdmin: false, accessRights: ['groups'] }, 'groups', true],
    [{ isSuperAdmin: false, isClusterAdmin: false, accessRights: ['groups'] }, 'programs', false],
    [{ isSuperAdmin: false, isClusterAdmin: false, accessRights: [] }, 'groups', false],
  ])('answers %j asking for %s with %s', (holder, right, expected) => {
    expect(hasAccessRight(holder, right)).toBe(expected);
  });
});
