import { describe, expect, it } from 'vitest';
import {
  managesModule,
  areCareerStoriesVisible,
  canManageClusterGroup,
  canAccessGroupContent,
  canActOnProject,
  canCreateResource,
  canEditOrDeletePost,
  canModerateGroup,
  canPinPost,
  isGroupAdminTabVisible,
  isHubAdminWithRight,
  isMessagingAllowed,
  isProfileSectionVisible,
  messagingDenial,
  postAbilities,
  STANDARD_USER_TYPE_LABELS,
  STANDARD_USER_TYPES,
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

describe('group content and admin tab (spec 6 Group content)', () => {
  it.each([
    ['super admin', { isSuperAdmin: true }, false, false, true],
    ['cluster admin', { isClusterAdmin: true }, false, false, true],
    ['hub admin', { isHubAdmin: true }, false, false, true],
    ['approved member', {}, true, false, true],
    ['event owner', {}, false, true, true],
    ['outsider', {}, false, false, false],
    ['group admin without membership', { isGroupAdmin: true }, false, false, false],
  ])('%s may access=%s', (_label, viewer, hasApprovedMembership, isEventOwner, expected) => {
    expect(canAccessGroupContent({ viewer, hasApprovedMembership, isEventOwner })).toBe(expected);
  });

  it.each([
    ['group admin', { isGroupAdmin: true }, 'group', false, true],
    ['group admin in the native app', { isGroupAdmin: true }, 'group', true, false],
    ['view-only admin', { isGroupAdmin: true, isViewOnlyAdmin: true }, 'group', false, false],
    [
      'view-only admin who is hub admin with groups',
      { isGroupAdmin: true, isViewOnlyAdmin: true, isHubAdmin: true, accessRights: ['groups'] },
      'group',
      false,
      true,
    ],
    [
      'hub admin with groups on a group',
      { isHubAdmin: true, accessRights: ['groups'] },
      'group',
      false,
      true,
    ],
    [
      'hub admin with groups on a program',
      { isHubAdmin: true, accessRights: ['groups'] },
      'mentorshipProgram',
      false,
      false,
    ],
    [
      'hub admin with programs on a program',
      { isHubAdmin: true, accessRights: ['programs'] },
      'mentorshipProgram',
      false,
      true,
    ],
    [
      'hub admin with groups on an organization',
      { isHubAdmin: true, accessRights: ['groups'] },
      'organization',
      false,
      true,
    ],
    ['hub admin without rights', { isHubAdmin: true, accessRights: [] }, 'group', false, false],
    ['cluster admin', { isClusterAdmin: true }, 'mentorshipProgram', false, true],
    ['cluster admin in the native app', { isClusterAdmin: true }, 'group', true, false],
    ['member', {}, 'group', false, false],
    ['rights without hub admin flag', { accessRights: ['groups'] }, 'group', false, false],
  ] as const)('admin tab for %s is visible=%s', (_label, viewer, groupType, isNativeApp, expected) => {
    expect(isGroupAdminTabVisible({ viewer, groupType, isNativeApp })).toBe(expected);
  });
});

describe('moderation and posts (spec 6 Posts, view-only admins)', () => {
  it.each([
    ['group admin', { isGroupAdmin: true }, true],
    ['view-only admin', { isGroupAdmin: true, isViewOnlyAdmin: true }, false],
    [
      'view-only admin who is hub admin',
      { isGroupAdmin: true, isViewOnlyAdmin: true, isHubAdmin: true },
      true,
    ],
    ['view-only admin who is cluster admin', { isViewOnlyAdmin: true, isClusterAdmin: true }, true],
    ['view-only admin who is super admin', { isViewOnlyAdmin: true, isSuperAdmin: true }, true],
    ['member', {}, false],
  ])('%s may moderate=%s', (_label, viewer, expected) => {
    expect(canModerateGroup(viewer)).toBe(expected);
  });

  it.each([
    ['author (canEdit)', {}, true, true],
    ['super admin', { isSuperAdmin: true }, false, true],
    ['cluster admin', { isClusterAdmin: true }, false, true],
    ['group admin', { isGroupAdmin: true }, false, true],
    ['view-only group admin', { isGroupAdmin: true, isViewOnlyAdmin: true }, false, false],
    [
      'hub admin with approve-questions',
      { isHubAdmin: true, accessRights: ['approve-questions'] },
      false,
      true,
    ],
    ['hub admin without approve-questions', { isHubAdmin: true, accessRights: ['groups'] }, false, false],
    ['member', {}, false, false],
  ])('%s may edit and delete=%s', (_label, viewer, canEdit, expected) => {
    expect(canEditOrDeletePost({ viewer, canEdit })).toBe(expected);
  });

  it.each([
    ['hub admin', { isHubAdmin: true }, true, true],
    ['cluster admin', { isClusterAdmin: true }, true, true],
    ['super admin', { isSuperAdmin: true }, true, true],
    ['group admin', { isGroupAdmin: true }, true, true],
    ['view-only admin', { isGroupAdmin: true, isViewOnlyAdmin: true }, true, false],
    ['signed-out admin', { isHubAdmin: true }, false, false],
    ['member', {}, true, false],
  ])('%s signed in=%s may pin=%s', (_label, viewer, isSignedIn, expected) => {
    expect(canPinPost({ viewer, isSignedIn })).toBe(expected);
  });

  it('builds the abilities a presenter attaches', () => {
    expect(postAbilities({ viewer: {}, canEdit: true, isSignedIn: true })).toEqual({
      edit: true,
      delete: true,
      pin: false,
    });
    expect(postAbilities({ viewer: { isGroupAdmin: true }, canEdit: false, isSignedIn: true })).toEqual({
      edit: true,
      delete: true,
      pin: true,
    });
    expect(postAbilities({ viewer: { isSuperAdmin: true }, canEdit: true, isSignedIn: false })).toEqual({
      edit: false,
      delete: false,
      pin: false,
    });
  });

  it.each([
    [{ isHubAdmin: true, accessRights: ['groups'] }, 'groups', true],
    [{ isHubAdmin: false, accessRights: ['groups'] }, 'groups', false],
    [{ isHubAdmin: true }, 'groups', false],
    [{ isSuperAdmin: true }, 'donations', true],
  ] as const)('isHubAdminWithRight(%j, %s) is %s', (viewer, right, expected) => {
    expect(isHubAdminWithRight(viewer, right)).toBe(expected);
  });
});

describe('canActOnProject (spec 6 Projects)', () => {
  const base = {
    isAdmin: false,
    isOwner: false,
    isHired: false,
    canApplyProject: true,
    hasApplied: false,
    audience: ['all'],
    userTypeId: 'student',
  };
  it.each([
    ['admin', { isAdmin: true, canApplyProject: false, audience: [] as string[] }, true],
    ['owner', { isOwner: true, canApplyProject: false, hasApplied: true }, true],
    ['hired user', { isHired: true, hasApplied: true, audience: ['alum'] }, true],
    ['first application, audience all', {}, true],
    ['first application, audience names the type', { audience: ['student', 'alum'] }, true],
    ['first application, empty audience', { audience: [] as string[] }, true],
    ['first application, other audience', { audience: ['alum'] }, false],
    ['second application', { hasApplied: true }, false],
    ['type cannot apply', { canApplyProject: false }, false],
  ])('%s may act=%s', (_label, overrides, expected) => {
    expect(canActOnProject({ ...base, ...overrides })).toBe(expected);
  });
});

describe('messaging (spec 6 Messaging)', () => {
  const base = {
    isTypeEnabledForHubOrProgram: true,
    senderTypeSettings: { enabled: true, recipientUserTypeIds: ['student', 'alum'] },
    recipientUserTypeId: 'student',
    isMeetingType: false,
    isAdviserMeeting: false,
    isAdvisingShown: true,
  };
  it.each([
    ['everything enabled', {}, null],
    ['type disabled for the hub or program', { isTypeEnabledForHubOrProgram: false }, 'typeDisabled'],
    ['no settings for the sender type', { senderTypeSettings: null }, 'senderTypeDisabled'],
    ['disabled for the sender type', { senderTypeSettings: { enabled: false } }, 'senderTypeDisabled'],
    ['recipient type not included', { recipientUserTypeId: 'employer' }, 'recipientTypeNotAllowed'],
    [
      'no recipient restriction',
      { senderTypeSettings: { enabled: true }, recipientUserTypeId: 'employer' },
      null,
    ],
    [
      'adviser meeting with advising hidden',
      { isAdviserMeeting: true, isMeetingType: true, isAdvisingShown: false },
      'advisingHidden',
    ],
    ['adviser meeting with advising shown', { isAdviserMeeting: true, isMeetingType: true }, null],
    [
      'meetings disabled for the pair',
      { isMeetingType: true, meetingsDisabledForUserTypeIds: ['student'] },
      'meetingsDisabled',
    ],
    [
      'meetings disabled for another pair',
      { isMeetingType: true, meetingsDisabledForUserTypeIds: ['alum'] },
      null,
    ],
    ['plain message between a disabled pair', { meetingsDisabledForUserTypeIds: ['student'] }, null],
  ])('%s gives %j', (_label, overrides, denial) => {
    const options = { ...base, ...overrides };
    expect(messagingDenial(options)).toBe(denial);
    expect(isMessagingAllowed(options)).toBe(denial === null);
  });
});

describe('resources, career stories and profile sections (spec 6)', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
  ])(
    'directory V2 %s and canCreateResource %s allow creation=%s',
    (isBusinessDirectoryV2Enabled, canCreate, expected) => {
      expect(canCreateResource({ isBusinessDirectoryV2Enabled, canCreateResource: canCreate })).toBe(
        expected,
      );
    },
  );

  it.each([
    ['student', false, false, true],
    ['corporatePartnerEmployer', false, false, false],
    ['corporatePartnerEmployer', false, true, true],
    ['alumni', true, false, false],
    ['alumni', true, true, true],
  ] as const)(
    '%s (restricted %s, configured %s) sees career stories=%s',
    (standardUserType, isRestricted, isEnabledByConfiguration, expected) => {
      expect(areCareerStoriesVisible({ standardUserType, isRestricted, isEnabledByConfiguration })).toBe(
        expected,
      );
    },
  );

  it('labels every standard user type', () => {
    expect(Object.keys(STANDARD_USER_TYPE_LABELS)).toEqual([...STANDARD_USER_TYPES]);
    expect(STANDARD_USER_TYPE_LABELS.corporatePartnerEmployer).toBe('Corporate Partner & Employer');
  });

  it.each([
    [{ isOwner: true, isAdmin: false, isAllowedBySettings: false }, true],
    [{ isOwner: false, isAdmin: true, isAllowedBySettings: false }, true],
    [{ isOwner: false, isAdmin: false, isAllowedBySettings: true }, true],
    [{ isOwner: false, isAdmin: false, isAllowedBySettings: false }, false],
    [{ isOwner: true, isAdmin: true, isAllowedBySettings: true, isHiddenForUserType: true }, false],
  ])('%j shows the section=%s', (options, expected) => {
    expect(isProfileSectionVisible(options)).toBe(expected);
  });
});

describe('canManageClusterGroup (spec 6 cluster-level groups; issue #23 item 2)', () => {
  it('lets cluster and super admins manage every group, never a hub admin or a member', () => {
    for (const group of CLUSTER_ACCESS_RIGHTS) {
      expect(canManageClusterGroup({ isClusterAdmin: true }, group)).toBe(true);
      expect(canManageClusterGroup({ isSuperAdmin: true }, group)).toBe(true);
      expect(
        canManageClusterGroup({ isHubAdmin: true, accessRights: [...CLUSTER_ACCESS_RIGHTS] }, group),
      ).toBe(false);
      expect(canManageClusterGroup({}, group)).toBe(false);
    }
  });
});

describe('managesModule (issue #22 item 1: a module turned off stays usable by its managers)', () => {
  const member = { isSuperAdmin: false, isClusterAdmin: false, accessRights: [] as string[] };
  it('names the rights that manage each module', () => {
    expect(managesModule({ ...member, accessRights: ['manage-events'] }, 'events')).toBe(true);
    expect(managesModule({ ...member, accessRights: ['approve-events'] }, 'events')).toBe(true);
    expect(managesModule({ ...member, accessRights: ['resources'] }, 'events')).toBe(false);
    expect(managesModule({ ...member, accessRights: ['explore-users'] }, 'network')).toBe(true);
  });
  it('gives members none, and super and cluster admins every module', () => {
    expect(managesModule(member, 'discussions')).toBe(false);
    expect(managesModule({ ...member, isClusterAdmin: true }, 'discussions')).toBe(true);
    expect(managesModule({ ...member, isSuperAdmin: true }, 'jobs')).toBe(true);
  });
  it('knows no manager of a module without managing rights', () => {
    expect(managesModule({ ...member, accessRights: ['groups'] }, 'home')).toBe(false);
  });
});
