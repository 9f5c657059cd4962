import { ZGroupSettings } from '@commons/contract';
import { HUB_ACCESS_RIGHTS, type THubAccessRight } from '@commons/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from './factories.js';
import { testIdpMetadataXml } from './fixtures/saml/idp-metadata.js';
import { describeDb, getTestApp, type TTestApp } from './test-app.js';
import { groups } from '../src/db/schema/index.js';
import { withTenant } from '../src/db/tenant.js';

/**
 * The hub admin rights matrix (issue #22 tests). Every admin endpoint joins RIGHTS_CASES: a hub admin who
 * holds every grantable right except the case's one is refused (403); one who holds only that right gets a
 * 2xx; the same holder asking with another hub's header, or from another cluster, never gets a 2xx.
 * Writes send a payload that is valid for a fresh hub, so "holding" proves the right alone suffices.
 */
type TRightsCase = {
  name: string;
  right: THubAccessRight;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (target: { hub: TTestHub; member: TTestUser }) => string;
  payload?: (target: { hub: TTestHub; member: TTestUser }) => object;
  /** Other rights that open the endpoint as well: the lacking admin holds none of them either. */
  otherRights?: THubAccessRight[];
};

/** Every navigation module (contract MODULE_IDS), for a valid PUT /api/admin/modules. */
const HUB_MODULE_IDS = [
  'home',
  'inbox',
  'advisers',
  'network',
  'jobs',
  'discussions',
  'events',
  'resources',
  'groups',
  'programs',
  'pathways',
  'career-paths',
  'organizations',
];

/** An organisation of the matrix's hub (created in beforeAll): its console's endpoints take the hub right too. */
const MATRIX_ORGANIZATION = `matrix-organization-${Date.now().toString(36)}`;

const RIGHTS_CASES: TRightsCase[] = [
  {
    name: 'GET /api/admin/organizations/:identifier/branding',
    right: 'branding-settings',
    method: 'GET',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/branding`,
  },
  {
    name: 'PUT /api/admin/organizations/:identifier/branding',
    right: 'branding-settings',
    method: 'PUT',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/branding`,
    payload: () => ({ brandColor: '#1e3a8a', logoUrl: null }),
  },
  {
    name: 'GET /api/admin/organizations/:identifier/outreach-templates',
    right: 'templates',
    method: 'GET',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/outreach-templates`,
  },
  {
    name: 'PUT /api/admin/organizations/:identifier/outreach-templates',
    right: 'templates',
    method: 'PUT',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/outreach-templates`,
    payload: ({ hub }) => ({
      senderUserTypeId: hub.userTypeIds.alumni,
      recipientUserTypeId: hub.userTypeIds.student,
      templates: [{ title: 'From the organization', body: 'Hi [add name], shall we talk?' }],
    }),
  },
  // An organisation's custom profile fields (spec 6 Organisation admins: custom-fields); the hub right opens them.
  {
    name: 'GET /api/admin/organizations/:identifier/profile-fields',
    right: 'custom-fields',
    method: 'GET',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/profile-fields`,
  },
  {
    name: 'POST /api/admin/organizations/:identifier/profile-fields',
    right: 'custom-fields',
    method: 'POST',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/profile-fields`,
    payload: () => ({ label: 'Chapter', type: 'text' }),
  },
  {
    name: 'GET /api/hub/feature-flags',
    right: 'branding-settings',
    method: 'GET',
    url: () => '/api/hub/feature-flags',
  },
  {
    name: 'GET /api/action-items/settings',
    right: 'branding-settings',
    method: 'GET',
    url: () => '/api/action-items/settings',
  },
  { name: 'GET /api/hub/approvals', right: 'approve-users', method: 'GET', url: () => '/api/hub/approvals' },
  {
    name: 'GET /api/moderation/reports',
    right: 'approve-questions',
    method: 'GET',
    url: () => '/api/moderation/reports',
  },
  { name: 'GET /api/giving/pledges', right: 'donations', method: 'GET', url: () => '/api/giving/pledges' },
  {
    name: 'GET /api/advising/admin/advisers',
    right: 'manage-advising',
    method: 'GET',
    url: () => '/api/advising/admin/advisers',
  },
  {
    name: 'GET /api/advising/admin/reports',
    right: 'manage-advising',
    method: 'GET',
    url: () => '/api/advising/admin/reports',
  },
  {
    name: 'GET /api/pathways/reviews',
    right: 'manage-pathways',
    method: 'GET',
    url: () => '/api/pathways/reviews',
  },
  {
    name: 'GET /api/career-paths/admin/list',
    right: 'manage-career-paths',
    method: 'GET',
    url: () => '/api/career-paths/admin/list',
  },
  {
    name: 'GET /api/admin/assessments',
    right: 'manage-career-paths',
    method: 'GET',
    url: () => '/api/admin/assessments',
  },
  {
    name: 'PATCH /api/jobs/settings',
    right: 'job-settings',
    method: 'PATCH',
    url: () => '/api/jobs/settings',
    payload: () => ({ defaultPostExpirationDays: 30 }),
  },
  {
    name: 'GET /api/jobs/pending',
    right: 'approve-job-posts',
    method: 'GET',
    url: () => '/api/jobs/pending',
  },
  // People (issue #22 items 1 and 6). The four manage-admins writes run in this order on the hub member:
  // made admin, given a right, removed again (each holder holds only manage-admins, which suffices).
  { name: 'GET /api/admin/admins', right: 'manage-admins', method: 'GET', url: () => '/api/admin/admins' },
  {
    name: 'GET /api/admin/admins/candidates',
    right: 'manage-admins',
    method: 'GET',
    url: () => '/api/admin/admins/candidates?q=Test',
  },
  {
    name: 'POST /api/admin/admins',
    right: 'manage-admins',
    method: 'POST',
    url: () => '/api/admin/admins',
    payload: ({ member }) => ({ userId: member.id, rights: [] }),
  },
  {
    name: 'PUT /api/admin/admins/:userId/rights',
    right: 'manage-admins',
    method: 'PUT',
    url: ({ member }) => `/api/admin/admins/${member.id}/rights`,
    payload: () => ({ right: 'manage-admins', isGranted: true }),
  },
  {
    name: 'DELETE /api/admin/admins/:userId',
    right: 'manage-admins',
    method: 'DELETE',
    url: ({ member }) => `/api/admin/admins/${member.id}`,
  },
  { name: 'GET /api/admin/members', right: 'explore-users', method: 'GET', url: () => '/api/admin/members' },
  {
    name: 'POST /api/admin/members/user-type',
    right: 'switch-user-types',
    method: 'POST',
    url: () => '/api/admin/members/user-type',
    payload: ({ hub, member }) => ({ userIds: [member.id], userTypeId: hub.userTypeIds.alumni }),
  },
  {
    name: 'GET /api/admin/user-types',
    right: 'standard-fields',
    method: 'GET',
    url: () => '/api/admin/user-types',
  },
  {
    name: 'PATCH /api/admin/user-types/:id',
    right: 'standard-fields',
    method: 'PATCH',
    url: ({ hub }) => `/api/admin/user-types/${hub.userTypeIds.student}`,
    payload: () => ({ pluralTitle: 'Students' }),
  },
  {
    name: 'PUT /api/admin/user-types/order',
    right: 'standard-fields',
    method: 'PUT',
    url: () => '/api/admin/user-types/order',
    // The payload's ids are the fresh hub's two types; the 'Parent' created below would make it 400, so it comes first.
    payload: ({ hub }) => ({ ids: [hub.userTypeIds.student, hub.userTypeIds.alumni] }),
  },
  {
    name: 'POST /api/admin/user-types',
    right: 'standard-fields',
    method: 'POST',
    url: () => '/api/admin/user-types',
    payload: () => ({ title: 'Parent', pluralTitle: 'Parents', standardUserType: 'Friend of' }),
  },
  // Hub settings of Site administration (issue #22 item 1).
  {
    name: 'GET /api/admin/modules',
    right: 'branding-settings',
    method: 'GET',
    url: () => '/api/admin/modules',
  },
  {
    name: 'PUT /api/admin/modules',
    right: 'branding-settings',
    method: 'PUT',
    url: () => '/api/admin/modules',
    payload: () => ({ modules: HUB_MODULE_IDS.map((id) => ({ id, isOn: true })) }),
  },
  // Experiment variants on the Features screen (spec 6), the feature flags' right.
  {
    name: 'GET /api/admin/experiments',
    right: 'branding-settings',
    method: 'GET',
    url: () => '/api/admin/experiments',
  },
  {
    name: 'PATCH /api/admin/experiments',
    right: 'branding-settings',
    method: 'PATCH',
    url: () => '/api/admin/experiments',
    payload: () => ({ variants: { 'homepage-hero-section': 'multi-card' } }),
  },
  {
    name: 'GET /api/admin/branding',
    right: 'branding-settings',
    method: 'GET',
    url: () => '/api/admin/branding',
  },
  {
    name: 'PUT /api/admin/branding',
    right: 'branding-settings',
    method: 'PUT',
    url: () => '/api/admin/branding',
    payload: () => ({ primaryColor: '#1e3a8a', secondaryColor: null, logoUrl: null, bannerImageUrl: null }),
  },
  {
    name: 'GET /api/admin/signup-settings',
    right: 'signup-settings',
    method: 'GET',
    url: () => '/api/admin/signup-settings',
  },
  {
    name: 'PUT /api/admin/signup-settings',
    right: 'signup-settings',
    method: 'PUT',
    url: () => '/api/admin/signup-settings',
    payload: ({ hub }) => ({
      isStandardSignupEnabled: true,
      hiddenSignupMethods: [],
      isApprovalRequired: true,
      autoApprovedUserTypeIds: [hub.userTypeIds.alumni],
      requiredFields: ['headline'],
    }),
  },
  // The approvals page (issue #22 item 2): each kind needs its own right.
  ...(
    [
      ['users', 'approve-users'],
      ['job-posts', 'approve-job-posts'],
      ['questions', 'approve-questions'],
      ['events', 'approve-events'],
    ] as const
  ).map(([kind, right]): TRightsCase => ({
    name: `GET /api/admin/approvals?kind=${kind}`,
    right,
    method: 'GET',
    url: () => `/api/admin/approvals?kind=${kind}`,
  })),
  {
    name: 'POST /api/admin/approvals/bulk (a member already decided is skipped)',
    right: 'approve-users',
    method: 'POST',
    url: () => '/api/admin/approvals/bulk',
    payload: ({ member }) => ({ kind: 'users', decision: 'approve', ids: [member.id] }),
  },
  // Bulk emails and announcements (issue #22 item 3): each channel needs its own right.
  {
    name: 'GET /api/admin/bulk-messages?channel=email',
    right: 'bulk-emails',
    method: 'GET',
    url: () => '/api/admin/bulk-messages?channel=email',
  },
  {
    name: 'GET /api/admin/bulk-messages?channel=announcement',
    right: 'announcements',
    method: 'GET',
    url: () => '/api/admin/bulk-messages?channel=announcement',
  },
  ...(
    [
      ['email', 'bulk-emails'],
      ['announcement', 'announcements'],
    ] as const
  ).flatMap(([channel, right]): TRightsCase[] => [
    {
      name: `POST /api/admin/bulk-messages/preview (${channel})`,
      right,
      method: 'POST',
      url: () => '/api/admin/bulk-messages/preview',
      payload: () => ({ channel, subject: 'Hello all', body: '<p>Hi</p>', audience: {} }),
    },
    {
      name: `POST /api/admin/bulk-messages (${channel}, scheduled)`,
      right,
      method: 'POST',
      url: () => '/api/admin/bulk-messages',
      payload: () => ({
        channel,
        subject: 'Hello all',
        body: '<p>Hi</p>',
        audience: {},
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    },
  ]),
  // Reports and analytics, CSV export and the users CSV import (issue #22 items 4 and 5).
  {
    name: 'GET /api/admin/analytics',
    right: 'analytics',
    otherRights: ['reports'],
    method: 'GET',
    url: () => '/api/admin/analytics',
  },
  {
    name: 'GET /api/admin/analytics.csv',
    right: 'reports',
    otherRights: ['analytics'],
    method: 'GET',
    url: () => '/api/admin/analytics.csv?metric=signups',
  },
  {
    name: 'GET /api/admin/data/export/users',
    right: 'export-data',
    method: 'GET',
    url: () => '/api/admin/data/export/users',
  },
  {
    name: 'GET /api/admin/data/export/meetings',
    right: 'export-data',
    method: 'GET',
    url: () => '/api/admin/data/export/meetings',
  },
  {
    name: 'POST /api/admin/data/imports/dry-run',
    right: 'import-data',
    method: 'POST',
    url: () => '/api/admin/data/imports/dry-run',
    payload: () => ({ csv: 'email,first name,last name,user type\nrights@example.test,Ri,Ght,Student' }),
  },
  {
    name: 'POST /api/admin/data/imports',
    right: 'import-data',
    method: 'POST',
    url: () => '/api/admin/data/imports',
    payload: () => ({ csv: 'email,first name,last name,user type\nrights@example.test,Ri,Ght,Student' }),
  },
  {
    name: 'GET /api/admin/data/imports',
    right: 'import-data',
    method: 'GET',
    url: () => '/api/admin/data/imports',
  },
  {
    name: 'POST /api/admin/organizations/:identifier/imports/dry-run',
    right: 'import-data',
    method: 'POST',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/imports/dry-run`,
    payload: () => ({ csv: 'email,first name,last name,user type\nrights@example.test,Ri,Ght,Student' }),
  },
  {
    name: 'POST /api/admin/organizations/:identifier/imports',
    right: 'import-data',
    method: 'POST',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/imports`,
    payload: () => ({ csv: 'email,first name,last name,user type\nrights@example.test,Ri,Ght,Student' }),
  },
  {
    name: 'GET /api/admin/organizations/:identifier/imports',
    right: 'import-data',
    method: 'GET',
    url: () => `/api/admin/organizations/${MATRIX_ORGANIZATION}/imports`,
  },
  {
    name: 'GET /api/admin/login-as/candidates',
    right: 'login-as-other-admins',
    method: 'GET',
    url: () => '/api/admin/login-as/candidates',
  },
  {
    name: 'POST /api/admin/login-as',
    right: 'login-as-other-admins',
    method: 'POST',
    url: () => '/api/admin/login-as',
    payload: ({ member }) => ({ userId: member.id }),
  },
  // Surveys (issue #22 item 3).
  { name: 'GET /api/admin/surveys', right: 'surveys', method: 'GET', url: () => '/api/admin/surveys' },
  {
    name: 'POST /api/admin/surveys',
    right: 'surveys',
    method: 'POST',
    url: () => '/api/admin/surveys',
    payload: () => ({
      title: 'Check-in',
      audience: {},
      questions: [{ kind: 'text', prompt: 'How are you?' }],
    }),
  },
  // Custom profile fields (issue #22 item 1). PATCH and the order need a field of the fresh hub: profile-fields.test.ts
  // checks their 403.
  {
    name: 'GET /api/admin/profile-fields',
    right: 'standard-fields',
    method: 'GET',
    url: () => '/api/admin/profile-fields',
  },
  {
    name: 'POST /api/admin/profile-fields',
    right: 'standard-fields',
    method: 'POST',
    url: () => '/api/admin/profile-fields',
    payload: () => ({ label: 'Career goals', type: 'paragraph' }),
  },
  // Outreach templates, auto-greeting and notification defaults (issue #22 item 1).
  {
    name: 'GET /api/hub/outreach-templates',
    right: 'templates',
    method: 'GET',
    url: () => '/api/hub/outreach-templates',
  },
  {
    name: 'PUT /api/hub/outreach-templates',
    right: 'templates',
    method: 'PUT',
    url: () => '/api/hub/outreach-templates',
    payload: ({ hub }) => ({
      senderUserTypeId: hub.userTypeIds.student,
      recipientUserTypeId: hub.userTypeIds.alumni,
      templates: [{ title: 'Coffee chat', body: 'Hi [add name], would you have 30 minutes for a call?' }],
    }),
  },
  {
    name: 'GET /api/admin/auto-greeting',
    right: 'auto-greeting',
    method: 'GET',
    url: () => '/api/admin/auto-greeting',
  },
  {
    name: 'PUT /api/admin/auto-greeting',
    right: 'auto-greeting',
    method: 'PUT',
    url: () => '/api/admin/auto-greeting',
    payload: () => ({ isOn: false, senderUserId: null, body: 'Welcome, {first name}!' }),
  },
  {
    name: 'GET /api/admin/notification-defaults',
    right: 'notifications',
    method: 'GET',
    url: () => '/api/admin/notification-defaults',
  },
  {
    name: 'PUT /api/admin/notification-defaults',
    right: 'notifications',
    method: 'PUT',
    url: () => '/api/admin/notification-defaults',
    payload: () => ({ emailDigestFrequency: 'never' }),
  },
  {
    name: 'GET /api/admin/surveys/audience-options',
    right: 'surveys',
    method: 'GET',
    url: () => '/api/admin/surveys/audience-options',
  },
  // Admin consoles of issue #22 append their endpoints here.
];

describeDb('hub admin rights matrix (issue #22)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let member: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    entry: TRightsCase,
    user: TTestUser,
    options: { of?: TTestCluster; hubIdentifier?: string } = {},
  ) => {
    const of = options.of ?? cluster;
    const target = { hub, member };
    return t.app.inject({
      method: entry.method,
      url: entry.url(target),
      headers: {
        host: of.host,
        authorization: `Bearer ${await tokenOf(user, of)}`,
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(entry.payload ? { payload: entry.payload(target) } : {}),
    });
  };
  const allRights = (): readonly string[] => HUB_ACCESS_RIGHTS;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    member = await createUser(t.database.db, cluster, { hub });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.insert(groups).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        identifier: MATRIX_ORGANIZATION,
        groupType: 'organization',
        name: 'Matrix organization',
        sortName: 'matrix organization',
        settings: ZGroupSettings.parse({}),
        searchText: 'matrix organization',
      }),
    );
  });
  afterAll(async () => t.close());

  it('lists every case once, each with a known hub right', () => {
    const names = RIGHTS_CASES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of RIGHTS_CASES) expect(allRights(), entry.name).toContain(entry.right);
  });

  it.each(RIGHTS_CASES.map((entry) => [entry.name, entry] as const))(
    '%s: 403 without its right, 2xx with it alone, never 2xx across hubs or clusters',
    async (_name, entry) => {
      const lacking = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: allRights().filter(
          (right) => right !== entry.right && !(entry.otherRights ?? []).includes(right as THubAccessRight),
        ),
      });
      const refused = await call(entry, lacking);
      expect(refused.statusCode, refused.body).toBe(403);

      const holding = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: [entry.right],
      });
      const allowed = await call(entry, holding);
      expect(allowed.statusCode, allowed.body).toBeGreaterThanOrEqual(200);
      expect(allowed.statusCode, allowed.body).toBeLessThan(300);

      const otherHubHolder = await createUser(t.database.db, cluster, {
        hub: otherHub,
        isHubAdmin: true,
        rights: [entry.right],
      });
      const crossHub = await call(entry, otherHubHolder);
      expect([401, 403, 404], crossHub.body).toContain(crossHub.statusCode);

      const otherClusterHub = await createHub(t.database.db, otherCluster);
      const otherClusterHolder = await createUser(t.database.db, otherCluster, {
        hub: otherClusterHub,
        isHubAdmin: true,
        rights: [entry.right],
      });
      const crossCluster = await call(entry, otherClusterHolder, { of: otherCluster });
      expect([401, 403, 404], crossCluster.body).toContain(crossCluster.statusCode);
    },
  );
});

/**
 * Platform endpoints for super admins only (issue #23 items 1 and 4: tenant erasure preview, failed jobs): no hub
 * right opens them, so a hub admin holding every right and a cluster admin get 403, and a super admin a 2xx.
 */
const SUPER_ADMIN_CASES: Array<{ name: string; method: 'GET' | 'POST'; url: (clusterId: string) => string }> =
  [
    {
      name: 'GET /api/platform/clusters/:clusterId/erasure-preview',
      method: 'GET',
      url: (clusterId) => `/api/platform/clusters/${clusterId}/erasure-preview`,
    },
    { name: 'GET /api/platform/jobs/failed', method: 'GET', url: () => '/api/platform/jobs/failed' },
    // The super admin console (issue #23 item 1); its writes are refused to both in platform-admin.test.ts.
    { name: 'GET /api/platform/clusters', method: 'GET', url: () => '/api/platform/clusters' },
    { name: 'GET /api/platform/tenant-types', method: 'GET', url: () => '/api/platform/tenant-types' },
  ];

describeDb('super admin only endpoints (issue #23)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  const tokens: Record<'hubAdmin' | 'clusterAdmin' | 'superAdmin', string> = {
    hubAdmin: '',
    clusterAdmin: '',
    superAdmin: '',
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    const hub = await createHub(t.database.db, cluster);
    const everyRight = [...HUB_ACCESS_RIGHTS];
    tokens.hubAdmin = (
      await signIn(
        t.app,
        cluster,
        await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: everyRight }),
      )
    ).token;
    tokens.clusterAdmin = (
      await signIn(t.app, cluster, await createUser(t.database.db, cluster, { isClusterAdmin: true }))
    ).token;
    tokens.superAdmin = (
      await signIn(t.app, cluster, await createUser(t.database.db, cluster, { isSuperAdmin: true }))
    ).token;
  });
  afterAll(async () => t.close());

  it.each(SUPER_ADMIN_CASES.map((entry) => [entry.name, entry] as const))(
    '%s: 403 for a hub admin with every right and for a cluster admin, 2xx for a super admin',
    async (_name, entry) => {
      const call = (token: string) =>
        t.app.inject({
          method: entry.method,
          url: entry.url(cluster.clusterId),
          headers: { host: cluster.host, authorization: `Bearer ${token}` },
        });
      expect((await call(tokens.hubAdmin)).statusCode).toBe(403);
      expect((await call(tokens.clusterAdmin)).statusCode).toBe(403);
      const allowed = await call(tokens.superAdmin);
      expect(allowed.statusCode, allowed.body).toBeGreaterThanOrEqual(200);
      expect(allowed.statusCode, allowed.body).toBeLessThan(300);
    },
  );
});

/**
 * The cluster-level groups (issue #23 item 2; spec 6): every endpoint of the cluster admin console answers 403 to a
 * hub admin holding every hub right, 2xx to the cluster's admin and to a super admin, and never 2xx to another
 * cluster's admin (their token is refused on this cluster's host).
 */
type TClusterCase = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: () => object;
};

const CLUSTER_CASES: TClusterCase[] = [
  { name: 'GET /api/admin/cluster/hubs', method: 'GET', url: '/api/admin/cluster/hubs' },
  { name: 'GET /api/admin/cluster/landing-page', method: 'GET', url: '/api/admin/cluster/landing-page' },
  {
    name: 'PUT /api/admin/cluster/landing-page',
    method: 'PUT',
    url: '/api/admin/cluster/landing-page',
    payload: () => ({ title: 'Welcome', body: '<p>Hello</p>', callToAction: null }),
  },
  {
    name: 'DELETE /api/admin/cluster/landing-page',
    method: 'DELETE',
    url: '/api/admin/cluster/landing-page',
  },
  { name: 'GET /api/admin/cluster/email-settings', method: 'GET', url: '/api/admin/cluster/email-settings' },
  {
    name: 'PUT /api/admin/cluster/email-settings',
    method: 'PUT',
    url: '/api/admin/cluster/email-settings',
    payload: () => ({ senderName: 'Careers', senderAddress: 'careers@example.test' }),
  },
  { name: 'GET /api/admin/cluster/majors', method: 'GET', url: '/api/admin/cluster/majors' },
  {
    name: 'POST /api/admin/cluster/majors',
    method: 'POST',
    url: '/api/admin/cluster/majors',
    payload: () => ({ name: `Major ${Math.random().toString(36).slice(2)}` }),
  },
  // Hub domains: adding, verifying and removing need a hub and a domain row (cluster-admin.domains.test.ts).
  { name: 'GET /api/admin/cluster/domains', method: 'GET', url: '/api/admin/cluster/domains' },
  // SCIM (issue #24 item 6; sso-settings): revoking and mapping need a row (scim.test.ts covers them per role).
  { name: 'GET /api/admin/scim', method: 'GET', url: '/api/admin/scim' },
  {
    name: 'POST /api/admin/scim/tokens',
    method: 'POST',
    url: '/api/admin/scim/tokens',
    payload: () => ({ name: 'Identity provider' }),
  },
  // OpenID Connect and sign-in options (issue #24; sso-settings): editing, testing and removing a provider need a row
  // (sso.oidc.test.ts covers them per role).
  { name: 'GET /api/admin/sso/providers', method: 'GET', url: '/api/admin/sso/providers' },
  {
    name: 'POST /api/admin/sso/oidc-providers',
    method: 'POST',
    url: '/api/admin/sso/oidc-providers',
    payload: () => ({
      preset: 'generic',
      name: 'University login',
      issuer: 'https://login.example.edu',
      clientId: 'commons',
      clientSecret: 'secret',
    }),
  },
  { name: 'GET /api/admin/sso/settings', method: 'GET', url: '/api/admin/sso/settings' },
  {
    name: 'PUT /api/admin/sso/settings',
    method: 'PUT',
    url: '/api/admin/sso/settings',
    payload: () => ({ hiddenSignupMethods: ['google'] }),
  },
  // SAML providers (issue #24 item 2; sso-settings): editing and removing need a row (saml.test.ts per role).
  { name: 'GET /api/admin/sso/saml-providers', method: 'GET', url: '/api/admin/sso/saml-providers' },
  {
    name: 'POST /api/admin/sso/saml-providers',
    method: 'POST',
    url: '/api/admin/sso/saml-providers',
    payload: () => ({ name: 'University', metadataXml: testIdpMetadataXml() }),
  },
  // Email templates (the catalogue of domain mail-templates).
  {
    name: 'GET /api/admin/cluster/email-templates',
    method: 'GET',
    url: '/api/admin/cluster/email-templates',
  },
  {
    name: 'GET /api/admin/cluster/email-templates/:key',
    method: 'GET',
    url: '/api/admin/cluster/email-templates/magic-link',
  },
  {
    name: 'PUT /api/admin/cluster/email-templates/:key',
    method: 'PUT',
    url: '/api/admin/cluster/email-templates/password-changed',
    payload: () => ({ subject: 'Password changed', body: 'Hi {{firstName}}, your password was changed.' }),
  },
  {
    name: 'POST /api/admin/cluster/email-templates/:key/preview',
    method: 'POST',
    url: '/api/admin/cluster/email-templates/magic-link/preview',
    payload: () => ({ subject: 'Sign in', body: '{{link}}' }),
  },
  {
    name: 'DELETE /api/admin/cluster/email-templates/:key',
    method: 'DELETE',
    url: '/api/admin/cluster/email-templates/password-changed',
  },
];

describeDb('cluster-level rights matrix (issue #23 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  const users: Partial<Record<'hubAdmin' | 'clusterAdmin' | 'superAdmin' | 'otherClusterAdmin', TTestUser>> =
    {};
  const tokens = new Map<string, string>();

  const call = async (entry: TClusterCase, user: TTestUser, of: TTestCluster) => {
    let token = tokens.get(user.id);
    if (token === undefined) {
      token = (await signIn(t.app, of, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method: entry.method,
      url: entry.url,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
      ...(entry.payload ? { payload: entry.payload() } : {}),
    });
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    const hub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    users.hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
    });
    users.clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    users.superAdmin = await createUser(t.database.db, cluster, { isSuperAdmin: true });
    users.otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
    });
  });
  afterAll(async () => t.close());

  it.each(CLUSTER_CASES.map((entry) => [entry.name, entry] as const))(
    '%s: 403 for a hub admin with every hub right, 2xx for cluster and super admins, never across clusters',
    async (_name, entry) => {
      const { hubAdmin, clusterAdmin, superAdmin, otherClusterAdmin } = users;
      if (!hubAdmin || !clusterAdmin || !superAdmin || !otherClusterAdmin) throw new Error('users missing');
      const refused = await call(entry, hubAdmin, cluster);
      expect(refused.statusCode, refused.body).toBe(403);
      for (const admin of [clusterAdmin, superAdmin]) {
        const allowed = await call(entry, admin, cluster);
        expect(allowed.statusCode, allowed.body).toBeGreaterThanOrEqual(200);
        expect(allowed.statusCode, allowed.body).toBeLessThan(300);
      }
      const crossCluster = await call(entry, otherClusterAdmin, otherCluster);
      expect([401, 403, 404], crossCluster.body).toContain(crossCluster.statusCode);
    },
  );
});
