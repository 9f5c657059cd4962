import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import {
  advisers,
  advisingAppointments,
  advisingAppointmentTypes,
  advisingTopics,
  pathwayResponses,
  pathways,
  pathwayStepAnswers,
  careerPaths,
  assessments,
  videoAnswers,
  videoPrompts,
  hubSettings,
  hubs,
  users,
  userTypes,
} from '../../src/db/schema/index.js';
import {
  announcements,
  badges,
  contentFiles,
  groups,
  jobAlerts,
  jobApplications,
  jobPosts,
  participationReports,
  notifications,
  pushTokens,
  questions,
  resourceAttachments,
  resources,
} from '../../src/db/schema/index.js';
import { ZGroupSettings } from '@commons/contract';
import { HOME_SECTION_ORDER } from '@commons/domain';
import { withTenant } from '../../src/db/tenant.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../factories.js';
import { testIdpMetadataXml } from '../fixtures/saml/idp-metadata.js';
import { describeDb, getTestApp, type TTestApp } from '../test-app.js';

/**
 * The cross-tenant matrix (issue #2 item 8). Every endpoint joins ENDPOINTS below: a user of cluster A,
 * or of hub A, asking for B's data gets 401/403/404 and never sees a row of B.
 */
type TEndpointCase = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (target: { hub: TTestHub; user: TTestUser }) => string;
  hubHeader?: (target: { hub: TTestHub }) => string;
  payload?: (target: { hub: TTestHub; user: TTestUser }) => object;
  /** Statuses that count as refused. */
  refused: number[];
  /** Sent to B's host name with A's token (endpoints that only ever touch the caller's own rows). */
  isOnTargetHost?: boolean;
};

const ENDPOINTS: TEndpointCase[] = [
  {
    name: 'GET /api/hub',
    method: 'GET',
    url: () => '/api/hub',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/hub by numeric id',
    method: 'GET',
    url: () => '/api/hub',
    hubHeader: ({ hub }) => String(hub.id),
    refused: [403, 404],
  },
  {
    name: 'GET /api/hub/feature-flags',
    method: 'GET',
    url: () => '/api/hub/feature-flags',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PATCH /api/hub/feature-flags',
    method: 'PATCH',
    url: () => '/api/hub/feature-flags',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ flags: { compassAndAchievements: false } }),
    refused: [403, 404],
  },
  // Hub settings of Site administration (issue #22 item 1): never another hub's or cluster's.
  {
    name: 'GET /api/admin/modules',
    method: 'GET',
    url: () => '/api/admin/modules',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/modules',
    method: 'PUT',
    url: () => '/api/admin/modules',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      modules: [
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
      ].map((id) => ({ id, isOn: id === 'home' })),
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/experiments',
    method: 'GET',
    url: () => '/api/admin/experiments',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PATCH /api/admin/experiments',
    method: 'PATCH',
    url: () => '/api/admin/experiments',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ variants: { 'homepage-hero-section': 'multi-card' } }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/branding',
    method: 'GET',
    url: () => '/api/admin/branding',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/branding',
    method: 'PUT',
    url: () => '/api/admin/branding',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ primaryColor: '#7c2d12', secondaryColor: null, logoUrl: null, bannerImageUrl: null }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/signup-settings',
    method: 'GET',
    url: () => '/api/admin/signup-settings',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/signup-settings',
    method: 'PUT',
    url: () => '/api/admin/signup-settings',
    hubHeader: ({ hub }) => hub.identifier,
    payload: ({ hub }) => ({
      isStandardSignupEnabled: false,
      hiddenSignupMethods: ['email'],
      isApprovalRequired: false,
      autoApprovedUserTypeIds: [hub.userTypeIds.student],
      requiredFields: [],
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/home',
    method: 'GET',
    url: () => '/api/home',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/home?tab=network',
    method: 'GET',
    url: () => '/api/home?tab=network',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/home/sections/discussionModule',
    method: 'GET',
    url: () => '/api/home/sections/discussionModule',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/home/layout',
    method: 'GET',
    url: () => '/api/home/layout',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/home/layout',
    method: 'PUT',
    url: () => '/api/home/layout',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      tab: 'elOnly',
      sections: HOME_SECTION_ORDER.elOnly.map((key) => ({ key, isHidden: false })),
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/home/widget',
    method: 'GET',
    url: () => '/api/home/widget',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/home/widget',
    method: 'PUT',
    url: () => '/api/home/widget',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ widget: { title: 'Cross-tenant', html: '<p>Not yours</p>' } }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/action-items',
    method: 'GET',
    url: () => '/api/action-items',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/action-items/:type/complete',
    method: 'POST',
    url: () => '/api/action-items/custom_manual_action/complete',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/action-items/:type/settings',
    method: 'PUT',
    url: () => '/api/action-items/complete_profile/settings',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      isEnabled: false,
      title: 'Owned',
      description: null,
      buttonLabel: null,
      imageUrl: null,
      mobileImageUrl: null,
      reflectionPrompt: null,
      link: null,
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/action-items/settings',
    method: 'GET',
    url: () => '/api/action-items/settings',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/action-items/:type/reflection',
    method: 'PUT',
    url: () => '/api/action-items/complete_profile/reflection',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ reflection: 'Owned' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/giving',
    method: 'GET',
    url: () => '/api/giving',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/giving/pledges',
    method: 'POST',
    url: () => '/api/giving/pledges',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      amountMinor: 2500,
      designation: null,
      isRecurring: false,
      frequency: null,
      isAnonymous: false,
      note: null,
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/giving/pledges',
    method: 'GET',
    url: () => '/api/giving/pledges',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/giving/pledges.csv',
    method: 'GET',
    url: () => '/api/giving/pledges.csv',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/giving/settings',
    method: 'GET',
    url: () => '/api/giving/settings',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/giving/settings',
    method: 'PUT',
    url: () => '/api/giving/settings',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ isDonationsEnabled: true, banner: null, designations: [], currency: 'USD' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/hubs/:identifier/public',
    method: 'GET',
    url: ({ hub }) => `/api/hubs/${hub.identifier}/public`,
    refused: [404],
  },
  {
    name: 'POST /api/auth/sign-up into the other hub',
    method: 'POST',
    url: () => '/api/auth/sign-up',
    payload: ({ hub }) => ({
      hubIdentifier: hub.identifier,
      firstName: 'X',
      lastName: 'Y',
      email: `x-${hub.id}@example.test`,
      password: 'Password-1',
    }),
    refused: [404],
  },
  {
    name: 'GET /api/directory',
    method: 'GET',
    url: () => '/api/directory',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/users/mentions',
    method: 'GET',
    url: () => '/api/users/mentions?q=test',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/hub/approvals',
    method: 'GET',
    url: () => '/api/hub/approvals',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/hub/approvals/:userId',
    method: 'POST',
    url: ({ user }) => `/api/hub/approvals/${user.id}`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ decision: 'approve' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/profiles/:identifier/similar',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}/similar`,
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/profiles/:identifier/similar',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}/similar`,
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/profile-questions',
    method: 'GET',
    url: () => '/api/profile-questions',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/signup/options',
    method: 'GET',
    url: () => '/api/signup/options',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/signup/complete',
    method: 'POST',
    url: () => '/api/signup/complete',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({}),
    refused: [403, 404],
  },
  {
    name: 'POST /api/ftu/matching',
    method: 'POST',
    url: () => '/api/ftu/matching',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ industries: ['x'], helpTopics: [] }),
    refused: [403, 404],
  },
  ...inboxEndpoints(),
  ...realtimeEndpoints(),
  ...groupEndpoints(),
  ...meetingEndpoints(),
  ...discussionEndpoints(),
  ...acceptedAnswerEndpoints(),
  ...eventEndpoints(),
  ...resourceEndpoints(),
  ...badgeEndpoints(),
  ...jobEndpoints(),
  ...jobApplicationEndpoints(),
  ...experientialLearningEndpoints(),
  ...advisingEndpoints(),
  ...pathwayEndpoints(),
  ...careerPathEndpoints(),
  ...assessmentEndpoints(),
  ...userTypeEndpoints(),
  ...videoPromptEndpoints(),
  ...feedModerationEndpoints(),
  ...notificationEndpoints(),
  ...pushTokenEndpoints(),
  {
    name: 'GET /api/resources/files/:fileId/download with a forged signature',
    method: 'GET',
    url: () =>
      `/api/resources/files/${contentTargets.fileIdB}/download?expires=9999999999&signature=${'A'.repeat(43)}`,
    refused: [404],
  },
  {
    name: 'POST /api/rich-text/images into B’s hub',
    method: 'POST',
    url: () => '/api/rich-text/images',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({}),
    refused: [403, 404],
  },
  {
    name: 'GET /api/profiles/:identifier',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}`,
    refused: [404],
  },
  // Career stories (issue #4 careerAdvice): B's audio is never served to A; A's own writes never reach B.
  {
    name: 'GET /api/profiles/:identifier/career-stories/:promptId/audio',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}/career-stories/journey/audio`,
    refused: [404],
  },
  {
    name: 'PUT /api/profiles/me/career-stories with B’s hub',
    method: 'PUT',
    url: () => '/api/profiles/me/career-stories',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ items: [{ promptId: 'journey', value: 'Cross-tenant story', link: null }] }),
    refused: [403, 404],
  },
  {
    name: 'PUT /api/profiles/me/career-stories on B’s host',
    method: 'PUT',
    url: () => '/api/profiles/me/career-stories',
    payload: () => ({ items: [] }),
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/profiles/me/career-stories/:promptId/audio on B’s host',
    method: 'POST',
    url: () => '/api/profiles/me/career-stories/journey/audio',
    payload: () => ({}),
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'DELETE /api/profiles/me/career-stories/:promptId/audio on B’s host',
    method: 'DELETE',
    url: () => '/api/profiles/me/career-stories/journey/audio',
    isOnTargetHost: true,
    refused: [401],
  },
  // The audit log (issue #22 item 7): for cluster admins of its own cluster only.
  {
    name: 'GET /api/admin/audit-log with B’s hub',
    method: 'GET',
    url: () => '/api/admin/audit-log',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/audit-log filtered to B’s hub',
    method: 'GET',
    url: ({ hub }) => `/api/admin/audit-log?hub=${hub.identifier}`,
    refused: [400, 403],
  },
  {
    name: 'GET /api/admin/audit-log.csv on B’s host',
    method: 'GET',
    url: () => '/api/admin/audit-log.csv',
    isOnTargetHost: true,
    refused: [401],
  },
  // Login as a member (issue #22 item 6): nobody reaches another hub's or cluster's members.
  {
    name: 'GET /api/admin/login-as/candidates with B’s hub',
    method: 'GET',
    url: () => '/api/admin/login-as/candidates',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/login-as as B’s user in B’s hub',
    method: 'POST',
    url: () => '/api/admin/login-as',
    hubHeader: ({ hub }) => hub.identifier,
    payload: ({ user }) => ({ userId: user.id }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/login-as as B’s user from A’s hub',
    method: 'POST',
    url: () => '/api/admin/login-as',
    payload: ({ user }) => ({ userId: user.id }),
    refused: [400, 403, 404],
  },
  {
    name: 'POST /api/auth/login-as/return on B’s host',
    method: 'POST',
    url: () => '/api/auth/login-as/return',
    isOnTargetHost: true,
    refused: [401, 403],
  },
  // The approvals page (issue #22 item 2): another hub's queue and its items are never reachable.
  {
    name: 'GET /api/admin/approvals with B’s hub',
    method: 'GET',
    url: () => '/api/admin/approvals?kind=users',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/approvals/bulk naming B’s member with B’s hub',
    method: 'POST',
    url: () => '/api/admin/approvals/bulk',
    hubHeader: ({ hub }) => hub.identifier,
    payload: ({ user }) => ({ kind: 'users', decision: 'approve', ids: [user.id] }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/approvals/bulk naming B’s member from A’s own hub',
    method: 'POST',
    url: () => '/api/admin/approvals/bulk',
    payload: ({ user }) => ({ kind: 'users', decision: 'reject', ids: [user.id] }),
    refused: [400, 403, 404],
  },
  // Reports, exports and imports (issue #22 items 4 and 5): only the hub's own data, never B's.
  ...[
    '/api/admin/analytics',
    '/api/admin/analytics.csv',
    '/api/admin/data/export/users',
    '/api/admin/data/export/mentorships',
    '/api/admin/data/imports',
  ].map((url) => ({
    name: `GET ${url} with B’s hub`,
    method: 'GET' as const,
    url: () => url,
    hubHeader: ({ hub }: { hub: { identifier: string } }) => hub.identifier,
    refused: [403, 404],
  })),
  {
    name: 'GET /api/admin/analytics filtered to B’s user type from A’s own hub',
    method: 'GET',
    url: ({ hub }) => `/api/admin/analytics?userType=${hub.userTypeIds.student}`,
    refused: [400, 403],
  },
  {
    name: 'POST /api/admin/data/imports/dry-run with B’s hub',
    method: 'POST',
    url: () => '/api/admin/data/imports/dry-run',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ csv: 'email,first name,last name,user type\nb@example.test,B,B,Student' }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/data/imports with B’s hub',
    method: 'POST',
    url: () => '/api/admin/data/imports',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ csv: 'email,first name,last name,user type\nb@example.test,B,B,Student' }),
    refused: [403, 404],
  },
  // Bulk emails and announcements (issue #22 item 3): another hub's messages, audience and members stay out of reach.
  {
    name: 'GET /api/admin/bulk-messages with B’s hub',
    method: 'GET',
    url: () => '/api/admin/bulk-messages',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/bulk-messages/audience-options with B’s hub',
    method: 'GET',
    url: () => '/api/admin/bulk-messages/audience-options',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/bulk-messages to B’s hub',
    method: 'POST',
    url: () => '/api/admin/bulk-messages',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ channel: 'email', subject: 'Hello', body: '<p>Hi</p>', audience: {} }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/bulk-messages/preview for B’s hub',
    method: 'POST',
    url: () => '/api/admin/bulk-messages/preview',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ channel: 'email', subject: 'Hello', body: '<p>Hi</p>', audience: {} }),
    refused: [403, 404],
  },
  // Tenant erasure preview and failed jobs (issue #23 items 1 and 4): super admins only, never a member of A.
  {
    name: 'GET /api/platform/jobs/failed with B’s hub',
    method: 'GET',
    url: () => '/api/platform/jobs/failed',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403],
  },
  {
    name: 'GET /api/platform/jobs/failed on B’s host',
    method: 'GET',
    url: () => '/api/platform/jobs/failed',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/platform/jobs/failed/:id/retry on B’s host',
    method: 'POST',
    url: () => '/api/platform/jobs/failed/00000000-0000-4000-8000-000000000000/retry',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'GET /api/platform/clusters/:clusterId/erasure-preview on B’s host',
    method: 'GET',
    url: () => '/api/platform/clusters/00000000-0000-4000-8000-000000000000/erasure-preview',
    isOnTargetHost: true,
    refused: [401],
  },
  // The super admin console (issue #23 item 1): a member of A, even with B's hub, never lists or changes clusters.
  {
    name: 'GET /api/platform/clusters with B’s hub',
    method: 'GET',
    url: () => '/api/platform/clusters',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403],
  },
  {
    name: 'GET /api/platform/clusters on B’s host',
    method: 'GET',
    url: () => '/api/platform/clusters',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/platform/clusters/:id/hubs (a hub id in B’s range)',
    method: 'POST',
    url: () => '/api/platform/clusters/00000000-0000-4000-8000-000000000000/hubs',
    payload: ({ hub }) => ({ id: hub.id + 1, identifier: 'matrix-hub', name: 'Matrix hub' }),
    refused: [403],
  },
  {
    name: 'PATCH /api/platform/clusters/:id',
    method: 'PATCH',
    url: () => '/api/platform/clusters/00000000-0000-4000-8000-000000000000',
    payload: () => ({ name: 'Renamed by A' }),
    refused: [403],
  },
  {
    name: 'POST /api/platform/clusters/:id/delete-request on B’s host',
    method: 'POST',
    url: () => '/api/platform/clusters/00000000-0000-4000-8000-000000000000/delete-request',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'DELETE /api/platform/clusters/:id/delete-request',
    method: 'DELETE',
    url: () => '/api/platform/clusters/00000000-0000-4000-8000-000000000000/delete-request',
    refused: [403],
  },
  // Outgoing webhooks (issue #23 item 3): cluster-wide settings of the caller's own cluster only.
  {
    name: 'GET /api/admin/webhooks with B’s hub',
    method: 'GET',
    url: () => '/api/admin/webhooks',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/webhooks on B’s host',
    method: 'GET',
    url: () => '/api/admin/webhooks',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/admin/webhooks on B’s host',
    method: 'POST',
    url: () => '/api/admin/webhooks',
    isOnTargetHost: true,
    payload: () => ({ url: 'https://hooks.example.com/in', events: ['user.created'] }),
    refused: [401],
  },
  {
    name: 'POST /api/admin/webhooks with B’s hub',
    method: 'POST',
    url: () => '/api/admin/webhooks',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ url: 'https://hooks.example.com/in', events: ['user.created'] }),
    refused: [403, 404],
  },
  // Cluster admin console (issue #23 item 2): the caller's own cluster only; visitors read their own cluster's page.
  {
    name: 'GET /api/admin/cluster/hubs on B’s host',
    method: 'GET',
    url: () => '/api/admin/cluster/hubs',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'GET /api/admin/cluster/hubs with B’s hub',
    method: 'GET',
    url: () => '/api/admin/cluster/hubs',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/cluster/landing-page on B’s host',
    method: 'PUT',
    url: () => '/api/admin/cluster/landing-page',
    isOnTargetHost: true,
    payload: () => ({ title: 'Taken over', body: '<p>Hi</p>', callToAction: null }),
    refused: [401],
  },
  {
    name: 'GET /api/admin/cluster/email-settings on B’s host',
    method: 'GET',
    url: () => '/api/admin/cluster/email-settings',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'PUT /api/admin/cluster/email-settings with B’s hub',
    method: 'PUT',
    url: () => '/api/admin/cluster/email-settings',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ senderName: 'x', senderAddress: '', smtpUrl: 'smtps://u:p@smtp.example.com:465' }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/cluster/majors on B’s host',
    method: 'POST',
    url: () => '/api/admin/cluster/majors',
    isOnTargetHost: true,
    payload: () => ({ name: 'Intrusion Studies' }),
    refused: [401],
  },
  {
    name: 'PUT /api/admin/cluster/majors/order on B’s host',
    method: 'PUT',
    url: () => '/api/admin/cluster/majors/order',
    isOnTargetHost: true,
    payload: () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
    refused: [401],
  },
  {
    name: 'GET /api/cluster/majors on B’s host',
    method: 'GET',
    url: () => '/api/cluster/majors',
    isOnTargetHost: true,
    refused: [401],
  },
  // Hub domains (issue #23 item 2): the caller's own cluster and its hubs only.
  {
    name: 'GET /api/admin/cluster/domains on B’s host',
    method: 'GET',
    url: () => '/api/admin/cluster/domains',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/admin/cluster/domains to B’s hub',
    method: 'POST',
    url: () => '/api/admin/cluster/domains',
    payload: ({ hub }) => ({ hubId: hub.id, domain: 'intrusion.example.com' }),
    refused: [403, 404],
  },
  // OpenID Connect (issue #24): sso-settings of the caller's own cluster only (a provider of A started on B's host is
  // refused in sso.oidc.test.ts).
  {
    name: 'GET /api/admin/sso/providers on B’s host',
    method: 'GET',
    url: () => '/api/admin/sso/providers',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'GET /api/admin/sso/providers with B’s hub',
    method: 'GET',
    url: () => '/api/admin/sso/providers',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/sso/oidc-providers on B’s host',
    method: 'POST',
    url: () => '/api/admin/sso/oidc-providers',
    isOnTargetHost: true,
    payload: () => ({
      preset: 'generic',
      name: 'Taken over',
      issuer: 'https://login.example.edu',
      clientId: 'x',
      clientSecret: 'y',
    }),
    refused: [401],
  },
  {
    name: 'PUT /api/admin/sso/settings with B’s hub',
    method: 'PUT',
    url: () => '/api/admin/sso/settings',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ hiddenSignupMethods: ['email'] }),
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/sso/domains on B’s host',
    method: 'POST',
    url: () => '/api/admin/sso/domains',
    isOnTargetHost: true,
    payload: () => ({ domain: 'example.edu', providerId: '00000000-0000-4000-8000-000000000000' }),
    refused: [401],
  },
  {
    name: 'GET /api/account/sso-identities on B’s host',
    method: 'GET',
    url: () => '/api/account/sso-identities',
    isOnTargetHost: true,
    refused: [401],
  },
  // The native app's OpenID Connect start (issue #24 item 8): another cluster's hub starts no round trip.
  {
    name: 'POST /api/auth/sso/oidc/:providerId/sign-in-url with B’s hub',
    method: 'POST',
    url: () => '/api/auth/sso/oidc/00000000-0000-4000-8000-000000000000/sign-in-url',
    payload: ({ hub }) => ({ hubId: hub.identifier }),
    refused: [403, 404],
  },
  // The LinkedIn sign-in and link flow (issue #24 item 5): another cluster's hub starts no round trip (other
  // refusals are redirects with ?sso_error=, tested in sso.linkedin.test.ts).
  {
    name: 'GET /api/auth/linkedin with B’s hub',
    method: 'GET',
    url: ({ hub }) => `/api/auth/linkedin?hubId=${encodeURIComponent(hub.identifier)}`,
    refused: [404],
  },
  {
    name: 'GET /api/auth/linkedin-link with B’s hub and user',
    method: 'GET',
    url: ({ hub, user }) =>
      `/api/auth/linkedin-link?hubId=${encodeURIComponent(hub.identifier)}&userId=${user.id}`,
    refused: [404],
  },
  // SAML providers (issue #24 item 2): sso-settings of the caller's own cluster only.
  {
    name: 'GET /api/admin/sso/saml-providers on B’s host',
    method: 'GET',
    url: () => '/api/admin/sso/saml-providers',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/admin/sso/saml-providers on B’s host',
    method: 'POST',
    url: () => '/api/admin/sso/saml-providers',
    isOnTargetHost: true,
    payload: () => ({ name: 'Taken over', metadataXml: testIdpMetadataXml() }),
    refused: [401],
  },
  {
    name: 'POST /api/admin/sso/saml-providers with B’s hub',
    method: 'POST',
    url: () => '/api/admin/sso/saml-providers',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ name: 'Taken over', metadataXml: testIdpMetadataXml() }),
    refused: [403, 404],
  },
  // SCIM (issue #24 item 6): sso-settings of the caller's own cluster only; /scim/v2 takes no session token at all.
  {
    name: 'GET /api/admin/scim on B’s host',
    method: 'GET',
    url: () => '/api/admin/scim',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'POST /api/admin/scim/tokens on B’s host',
    method: 'POST',
    url: () => '/api/admin/scim/tokens',
    isOnTargetHost: true,
    payload: () => ({ name: 'Intruder' }),
    refused: [401],
  },
  {
    name: 'POST /api/admin/scim/tokens with B’s hub',
    method: 'POST',
    url: () => '/api/admin/scim/tokens',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ name: 'Intruder' }),
    refused: [403, 404],
  },
  {
    name: 'GET /scim/v2/Users/:id (B’s user) with a session token on B’s host',
    method: 'GET',
    url: ({ user }) => `/scim/v2/Users/${user.id}`,
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'PATCH /scim/v2/Users/:id (B’s user) with a session token',
    method: 'PATCH',
    url: ({ user }) => `/scim/v2/Users/${user.id}`,
    payload: () => ({ Operations: [{ op: 'replace', path: 'active', value: false }] }),
    refused: [401],
  },
  // Email templates (issue #23 item 2): the caller's own cluster only.
  {
    name: 'GET /api/admin/cluster/email-templates/:key on B’s host',
    method: 'GET',
    url: () => '/api/admin/cluster/email-templates/magic-link',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'PUT /api/admin/cluster/email-templates/:key on B’s host',
    method: 'PUT',
    url: () => '/api/admin/cluster/email-templates/magic-link',
    isOnTargetHost: true,
    payload: () => ({ subject: 'Taken over', body: '{{link}}' }),
    refused: [401],
  },
  {
    name: 'DELETE /api/admin/cluster/email-templates/:key with B’s hub',
    method: 'DELETE',
    url: () => '/api/admin/cluster/email-templates/magic-link',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/cluster/host-hub on B’s host',
    method: 'GET',
    url: () => '/api/cluster/host-hub',
    isOnTargetHost: true,
    refused: [401],
  },
  {
    name: 'GET /api/admin/auto-greeting with B’s hub',
    method: 'GET',
    url: () => '/api/admin/auto-greeting',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/auto-greeting to B’s hub',
    method: 'PUT',
    url: () => '/api/admin/auto-greeting',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ isOn: false, senderUserId: null, body: 'Hello' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/notification-defaults with B’s hub',
    method: 'GET',
    url: () => '/api/admin/notification-defaults',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/notification-defaults to B’s hub',
    method: 'PUT',
    url: () => '/api/admin/notification-defaults',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ emailDigestFrequency: 'never' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/surveys with B’s hub',
    method: 'GET',
    url: () => '/api/admin/surveys',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/surveys to B’s hub',
    method: 'POST',
    url: () => '/api/admin/surveys',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      title: 'Check-in',
      audience: {},
      questions: [{ kind: 'text', prompt: 'How are you?' }],
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/surveys/audience-options of B’s hub',
    method: 'GET',
    url: () => '/api/admin/surveys/audience-options',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PATCH /api/admin/surveys/:id in B’s hub',
    method: 'PATCH',
    url: () => '/api/admin/surveys/00000000-0000-4000-8000-000000000000',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ status: 'closed' }),
    refused: [403, 404],
  },
  {
    name: 'DELETE /api/admin/surveys/:id in B’s hub',
    method: 'DELETE',
    url: () => '/api/admin/surveys/00000000-0000-4000-8000-000000000000',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'DELETE /api/admin/profile-fields/:id in B’s hub',
    method: 'DELETE',
    url: () => '/api/admin/profile-fields/00000000-0000-4000-8000-000000000000',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/surveys/:id in B’s hub',
    method: 'PUT',
    url: () => '/api/admin/surveys/00000000-0000-4000-8000-000000000000',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({
      title: 'Check-in',
      audience: {},
      questions: [{ kind: 'text', prompt: 'How are you?' }],
    }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/surveys of B’s hub',
    method: 'GET',
    url: () => '/api/surveys',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  // Custom profile fields (issue #22 item 1): another hub's fields are never listed, added or answered.
  {
    name: 'GET /api/admin/profile-fields with B’s hub',
    method: 'GET',
    url: () => '/api/admin/profile-fields',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/profile-fields to B’s hub',
    method: 'POST',
    url: () => '/api/admin/profile-fields',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ label: 'Career goals', type: 'paragraph' }),
    refused: [403, 404],
  },
  {
    name: 'PUT /api/profiles/me/custom-fields in B’s hub',
    method: 'PUT',
    url: () => '/api/profiles/me/custom-fields',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ values: [] }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/announcements of B’s hub',
    method: 'GET',
    url: () => '/api/announcements',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  // People (issue #22 items 1 and 6): another hub's admins and members are never listed or changed.
  {
    name: 'GET /api/admin/admins with B’s hub',
    method: 'GET',
    url: () => '/api/admin/admins',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/admins/candidates with B’s hub',
    method: 'GET',
    url: () => '/api/admin/admins/candidates?q=Test',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/admins naming B’s member',
    method: 'POST',
    url: () => '/api/admin/admins',
    payload: ({ user }) => ({ userId: user.id }),
    hubHeader: () => matrixTargets.hubAIdentifier,
    refused: [403, 404],
  },
  {
    name: 'PUT /api/admin/admins/:userId/rights of B’s member with B’s hub',
    method: 'PUT',
    url: ({ user }) => `/api/admin/admins/${user.id}/rights`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ right: 'manage-admins', isGranted: true }),
    refused: [403, 404],
  },
  {
    name: 'DELETE /api/admin/admins/:userId of B’s member',
    method: 'DELETE',
    url: ({ user }) => `/api/admin/admins/${user.id}`,
    hubHeader: () => matrixTargets.hubAIdentifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/admin/members with B’s hub',
    method: 'GET',
    url: () => '/api/admin/members',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'POST /api/admin/members/user-type naming B’s member with B’s type',
    method: 'POST',
    url: () => '/api/admin/members/user-type',
    payload: ({ user, hub }) => ({ userIds: [user.id], userTypeId: hub.userTypeIds.alumni }),
    refused: [400, 403, 404],
  },
  {
    name: 'GET /api/admin/organizations with B’s hub',
    method: 'GET',
    url: () => '/api/admin/organizations',
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  // The organisation admins' users import (issue #22 items 1 and 5): never into another cluster's organisation.
  ...['imports/dry-run', 'imports'].flatMap((suffix): TEndpointCase[] => [
    {
      name: `POST /api/admin/organizations/:identifier/${suffix} of B’s group with B’s hub`,
      method: 'POST',
      url: () => `/api/admin/organizations/${groupTargets.identifierB}/${suffix}`,
      hubHeader: ({ hub }) => hub.identifier,
      payload: () => ({ csv: 'email,first name,last name,user type\nb@example.test,B,B,Student' }),
      refused: [403, 404],
    },
    {
      name: `POST /api/admin/organizations/:identifier/${suffix} of B’s group with my own hub`,
      method: 'POST',
      url: () => `/api/admin/organizations/${groupTargets.identifierB}/${suffix}`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      payload: () => ({ csv: 'email,first name,last name,user type\nb@example.test,B,B,Student' }),
      refused: [404],
    },
  ]),
  {
    name: 'PUT /api/admin/organizations/:identifier/branding of B’s group with B’s hub',
    method: 'PUT',
    url: () => `/api/admin/organizations/${groupTargets.identifierB}/branding`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ brandColor: '#1e3a8a', logoUrl: null }),
    refused: [403, 404],
  },
  // An organisation's custom profile fields (spec 6 Organisation admins: custom-fields): B's never added or changed.
  {
    name: 'POST /api/admin/organizations/:identifier/profile-fields of B’s group with B’s hub',
    method: 'POST',
    url: () => `/api/admin/organizations/${groupTargets.identifierB}/profile-fields`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ label: 'Chapter', type: 'text' }),
    refused: [403, 404],
  },
  {
    name: 'DELETE /api/admin/organizations/:identifier/profile-fields/:id of B’s group with my own hub',
    method: 'DELETE',
    url: () =>
      `/api/admin/organizations/${groupTargets.identifierB}/profile-fields/00000000-0000-4000-8000-000000000000`,
    hubHeader: () => matrixTargets.hubAIdentifier,
    refused: [404],
  },
  {
    name: 'PUT /api/admin/organizations/:identifier/outreach-templates of B’s group with B’s hub',
    method: 'PUT',
    url: () => `/api/admin/organizations/${groupTargets.identifierB}/outreach-templates`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: ({ hub }) => ({
      senderUserTypeId: hub.userTypeIds.alumni,
      recipientUserTypeId: hub.userTypeIds.student,
      templates: [{ title: 'Across clusters', body: 'Hello' }],
    }),
    refused: [403, 404],
  },
  ...[
    'members',
    'members.csv',
    'analytics',
    'analytics.csv',
    'branding',
    'outreach-templates',
    'imports',
    'profile-fields',
  ].flatMap((suffix): TEndpointCase[] => [
    {
      name: `GET /api/admin/organizations/:identifier/${suffix} of B’s group with B’s hub`,
      method: 'GET',
      url: () => `/api/admin/organizations/${groupTargets.identifierB}/${suffix}`,
      hubHeader: ({ hub }) => hub.identifier,
      refused: [403, 404],
    },
    {
      name: `GET /api/admin/organizations/:identifier/${suffix} of B’s group with my own hub`,
      method: 'GET',
      url: () => `/api/admin/organizations/${groupTargets.identifierB}/${suffix}`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
  ]),
  {
    name: 'POST /api/auth/sign-in with the other cluster’s account',
    method: 'POST',
    url: () => '/api/auth/sign-in',
    payload: ({ user }) => ({ loginMethod: 'email', email: user.email, password: 'Test-password-1' }),
    refused: [401],
  },
];

/** Rows made in beforeAll that endpoint cases point at: a real thread of cluster B, hub A's identifier. */
const matrixTargets = {
  threadIdB: '',
  hubAIdentifier: '',
  attachmentIdB: '',
  mentorshipIdB: '',
  userB2Id: '',
};
/** A group of cluster B's hub (issue #6), by identifier; the same identifier also names a group of A. */
const groupTargets = { identifierB: 'matrix-group-b', questionIdB: '' };

/** Group endpoints (issue #6): B's group is never found from cluster A, not even with A's own hub header. */
function groupEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const ownHub = () => matrixTargets.hubAIdentifier;
  const g = () => `/api/groups/${groupTargets.identifierB}`;
  const cases: Array<[TEndpointCase['method'], string, object | undefined]> = [
    ['GET', '', undefined],
    ['POST', '/join', {}],
    ['POST', '/leave', undefined],
    ['GET', '/members', undefined],
    ['GET', '/questions', undefined],
    ['POST', '/questions', { questionType: 'text', texts: { both: { name: 'Q' } } }],
    ['POST', '/invitations/csv', { csv: 'someone@example.test' }],
    ['GET', '/members/export', undefined],
    ['GET', '/announcements', undefined],
    ['POST', '/announcements', { subject: 'Hi', body: 'News' }],
  ];
  const p = () => `/api/programs/${groupTargets.identifierB}`;
  const programCases: Array<[TEndpointCase['method'], string, object | undefined]> = [
    ['POST', '/matching/preview', {}],
    ['POST', '/matching/publish', {}],
    ['GET', '/matches/mine', undefined],
    ['GET', '/mentors', undefined],
    ['PUT', `/favorites/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, undefined],
    ['DELETE', `/favorites/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, undefined],
    ['GET', '/health', undefined],
    ['POST', '/health/nudge', {}],
  ];
  return [
    ...programCases.flatMap(([method, suffix, body]): TEndpointCase[] =>
      [hubHeader, ownHub].map((header, i) => ({
        name: `${method} /api/programs/:identifier${suffix}${i === 1 ? ' with my own hub' : ''}`,
        method,
        url: () => `${p()}${suffix}`,
        hubHeader: header,
        ...(body ? { payload: () => body } : {}),
        refused: [404],
      })),
    ),
    {
      name: 'POST /api/group-announcements/unsubscribe with an unknown token',
      method: 'POST',
      url: () => '/api/group-announcements/unsubscribe',
      payload: () => ({ token: 'A'.repeat(91) }),
      refused: [404],
    },
    {
      name: 'GET /api/groups',
      method: 'GET',
      url: () => '/api/groups?type=group',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/groups?type=mentorshipProgram&mine=true',
      method: 'GET',
      url: () => '/api/groups?type=mentorshipProgram&mine=true',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/groups into B’s hub',
      method: 'POST',
      url: () => '/api/groups',
      hubHeader,
      payload: () => ({ groupType: 'group', name: 'Intruder' }),
      refused: [403, 404],
    },
    ...cases.flatMap(([method, suffix, body]): TEndpointCase[] =>
      [hubHeader, ownHub].map((header, i) => ({
        name: `${method} /api/groups/:identifier${suffix}${i === 1 ? ' with my own hub' : ''}`,
        method,
        url: () => `${g()}${suffix}`,
        hubHeader: header,
        ...(body ? { payload: () => body } : {}),
        refused: [404],
      })),
    ),
  ];
}

/** Discussion endpoints (issue #7): B's hub is unknown in cluster A, and B's question is never found from hub A. */
function discussionEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const ownHub = () => contentTargets.hubAIdentifier;
  const question = () => `/api/discussions/questions/${contentTargets.questionIdB}`;
  const cases: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', () => string, object | undefined]> = [
    ['GET /api/discussions/questions', 'GET', () => '/api/discussions/questions', undefined],
    [
      'POST /api/discussions/questions',
      'POST',
      () => '/api/discussions/questions',
      { title: 'Cross-tenant question' },
    ],
    ['GET /api/discussions/questions/:id', 'GET', question, undefined],
    [
      'POST /api/discussions/questions/:id/answers',
      'POST',
      () => `${question()}/answers`,
      { body: '<p>x</p>' },
    ],
    [
      'POST /api/discussions/questions/:id/comments',
      'POST',
      () => `${question()}/comments`,
      { body: '<p>x</p>' },
    ],
    [
      'POST /api/discussions/questions/:id/follow',
      'POST',
      () => `${question()}/follow`,
      { isFollowing: true },
    ],
    [
      'POST /api/discussions/questions/:id/decision',
      'POST',
      () => `${question()}/decision`,
      { decision: 'approve' },
    ],
    ['GET /api/discussions/approvals', 'GET', () => '/api/discussions/approvals', undefined],
    ['GET /api/discussions/topics', 'GET', () => '/api/discussions/topics', undefined],
    ['GET /api/discussions/settings', 'GET', () => '/api/discussions/settings', undefined],
    [
      'PATCH /api/discussions/:kind/:id',
      'PATCH',
      () => `/api/discussions/question/${contentTargets.questionIdB}`,
      { title: 'Owned by A' },
    ],
    [
      'DELETE /api/discussions/:kind/:id',
      'DELETE',
      () => `/api/discussions/question/${contentTargets.questionIdB}`,
      undefined,
    ],
    [
      'POST /api/discussions/:kind/:id/pin',
      'POST',
      () => `/api/discussions/question/${contentTargets.questionIdB}/pin`,
      { isPinned: true },
    ],
    [
      'POST /api/discussions/:kind/:id/vote',
      'POST',
      () => `/api/discussions/question/${contentTargets.questionIdB}/vote`,
      { isUpvoted: true },
    ],
  ];
  return cases.flatMap(([name, method, url, payload]): TEndpointCase[] => [
    { name, method, url, hubHeader, ...(payload ? { payload: () => payload } : {}), refused: [403, 404] },
    ...(name.includes(':id')
      ? [
          {
            name: `${name} (B’s post from my own hub)`,
            method,
            url,
            hubHeader: ownHub,
            ...(payload ? { payload: () => payload } : {}),
            refused: [403, 404],
          } as TEndpointCase,
        ]
      : []),
  ]);
}

/**
 * Accepting an answer (issue #16 item 18): B's question and answer are never found from cluster A, with
 * B's hub or my own; and my own question in hub A cannot accept B's answer.
 */
function acceptedAnswerEndpoints(): TEndpointCase[] {
  const name = 'PUT /api/discussions/questions/:id/accepted-answer';
  const ofB = () => `/api/discussions/questions/${contentTargets.questionIdB}/accepted-answer`;
  const answerOfB = () => ({ answerId: contentTargets.answerIdB });
  return [
    {
      name,
      method: 'PUT',
      url: ofB,
      hubHeader: ({ hub }) => hub.identifier,
      payload: answerOfB,
      refused: [403, 404],
    },
    {
      name: `${name} (B’s post from my own hub)`,
      method: 'PUT',
      url: ofB,
      hubHeader: () => contentTargets.hubAIdentifier,
      payload: answerOfB,
      refused: [403, 404],
    },
    {
      name: `${name} (B’s post from my own hub, taking the acceptance back)`,
      method: 'PUT',
      url: ofB,
      hubHeader: () => contentTargets.hubAIdentifier,
      payload: () => ({ answerId: null }),
      refused: [403, 404],
    },
    {
      name: `${name} (my own question with B’s answer)`,
      method: 'PUT',
      url: () => `/api/discussions/questions/${contentTargets.questionIdA}/accepted-answer`,
      hubHeader: () => contentTargets.hubAIdentifier,
      payload: answerOfB,
      refused: [404],
    },
  ];
}

/** B's announcement (issue #7 item 5), made in beforeAll. */
const feedTargets = { announcementIdB: '' };

/** Feed and moderation endpoints (issue #7 items 5-6): B's hub is unknown in A; B's posts are never found, reported or moderated from hub A. */
function feedModerationEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const ownHub = () => contentTargets.hubAIdentifier;
  const announcement = () => `/api/announcements/${feedTargets.announcementIdB}`;
  const report = () => ({ targetKind: 'question', targetId: contentTargets.questionIdB, reason: 'spam' });
  const cases: Array<[string, 'GET' | 'POST' | 'DELETE', () => string, (() => object) | undefined]> = [
    ['GET /api/feed', 'GET', () => '/api/feed', undefined],
    [
      'POST /api/announcements',
      'POST',
      () => '/api/announcements',
      () => ({ title: 'Cross-tenant news', body: '<p>x</p>' }),
    ],
    ['POST /api/announcements/:id/pin', 'POST', () => `${announcement()}/pin`, () => ({ isPinned: true })],
    ['DELETE /api/announcements/:id', 'DELETE', announcement, undefined],
    ['POST /api/reports of B’s question', 'POST', () => '/api/reports', report],
    ['GET /api/moderation/reports', 'GET', () => '/api/moderation/reports', undefined],
    [
      'POST /api/moderation/:kind/:id/:action',
      'POST',
      () => `/api/moderation/question/${contentTargets.questionIdB}/hide`,
      undefined,
    ],
  ];
  return cases.flatMap(([name, method, url, payload]): TEndpointCase[] => [
    { name, method, url, hubHeader, ...(payload ? { payload } : {}), refused: [403, 404] },
    ...(name.includes(':id') || name.includes('reports of')
      ? [
          {
            name: `${name} (B’s content from my own hub)`,
            method,
            url,
            hubHeader: ownHub,
            ...(payload ? { payload } : {}),
            refused: [403, 404],
          } as TEndpointCase,
        ]
      : []),
  ]);
}

/** B's notification and reply token (issue #5 item 4), read in beforeAll. */
const notificationTargets = { notificationIdB: '' };

/** Notification endpoints: only ever the caller's own rows; B's notification is never found from A, forged tokens open nothing. */
function notificationEndpoints(): TEndpointCase[] {
  const onB = { isOnTargetHost: true, refused: [401] };
  const forged = 'f'.repeat(48);
  return [
    { name: 'GET /api/notifications on B’s host', method: 'GET', url: () => '/api/notifications', ...onB },
    {
      name: 'GET /api/notifications/unread-count on B’s host',
      method: 'GET',
      url: () => '/api/notifications/unread-count',
      ...onB,
    },
    {
      name: 'POST /api/notifications/read-all on B’s host',
      method: 'POST',
      url: () => '/api/notifications/read-all',
      payload: () => ({}),
      ...onB,
    },
    {
      name: 'POST /api/notifications/:id/read of B',
      method: 'POST',
      url: () => `/api/notifications/${notificationTargets.notificationIdB}/read`,
      refused: [404],
    },
    {
      name: 'POST /api/notifications/:id/read of B on B’s host',
      method: 'POST',
      url: () => `/api/notifications/${notificationTargets.notificationIdB}/read`,
      ...onB,
    },
    {
      name: 'GET /api/email-digests/unsubscribe/:token forged',
      method: 'GET',
      url: () => '/api/email-digests/unsubscribe/eyJhbGciOiJIUzI1NiJ9.e30.forged',
      refused: [404],
    },
    {
      name: 'POST /api/email-digests/unsubscribe/:token forged',
      method: 'POST',
      url: () => '/api/email-digests/unsubscribe/eyJhbGciOiJIUzI1NiJ9.e30.forged',
      payload: () => ({}),
      refused: [404],
    },
    {
      name: 'GET /api/email-response/:token forged',
      method: 'GET',
      url: () => `/api/email-response/${forged}`,
      refused: [404],
    },
    {
      name: 'POST /api/email-response/:token forged',
      method: 'POST',
      url: () => `/api/email-response/${forged}`,
      payload: () => ({ text: 'x' }),
      refused: [404],
    },
  ];
}

/** A device token user B registered in beforeAll (issue #16 item 19). */
const PUSH_TOKEN_OF_B = 'matrix-push-token-of-b';

/**
 * Push tokens: only ever the caller's own rows. Deleting B's token from A answers the same 204 as any
 * unknown token and leaves it in place (checked after the matrix).
 */
function pushTokenEndpoints(): TEndpointCase[] {
  const onB = { isOnTargetHost: true, refused: [401] };
  return [
    {
      name: 'POST /api/push-tokens on B’s host',
      method: 'POST',
      url: () => '/api/push-tokens',
      payload: () => ({ token: 'matrix-push-token-of-a' }),
      ...onB,
    },
    {
      name: 'DELETE /api/push-tokens of B on B’s host',
      method: 'DELETE',
      url: () => '/api/push-tokens',
      payload: () => ({ token: PUSH_TOKEN_OF_B }),
      ...onB,
    },
    {
      name: 'DELETE /api/push-tokens of B (a no-op, same 204 as an unknown token)',
      method: 'DELETE',
      url: () => '/api/push-tokens',
      payload: () => ({ token: PUSH_TOKEN_OF_B }),
      refused: [204],
    },
  ];
}

/** Content rows of cluster B that endpoint cases point at. */
const contentTargets = {
  questionIdB: '',
  answerIdB: '',
  /** A question of user A in hub A, to try accepting B's answer on. */
  questionIdA: '',
  hubAIdentifier: '',
  eventIdB: '',
  registrationIdB: '',
  feedPathB: '',
  resourceSlugB: 'b-only-resource',
  fileIdB: '',
  badgeIdB: '',
  jobPostIdB: '',
  jobAlertIdB: '',
  jobAlertTokenB: 'bBbBbBbBbBbBbBbBbBbBbB',
};

/** Job board endpoints (issue #19): B's hub is unknown in cluster A; B's post, alert and profile are never found. */
function jobEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => contentTargets.hubAIdentifier;
  const post = () => `/api/jobs/${contentTargets.jobPostIdB}`;
  const cases: TEndpointCase[] = [
    { name: 'GET /api/jobs', method: 'GET', url: () => '/api/jobs', hubHeader, refused: [403, 404] },
    {
      name: 'GET /api/jobs?q=',
      method: 'GET',
      url: () => '/api/jobs?q=secret',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/jobs',
      method: 'POST',
      url: () => '/api/jobs',
      hubHeader,
      payload: () => ({ title: 'Cross-tenant' }),
      refused: [403, 404],
    },
    {
      name: 'GET /api/jobs/templates',
      method: 'GET',
      url: () => '/api/jobs/templates',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/jobs/pending',
      method: 'GET',
      url: () => '/api/jobs/pending',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/jobs/saved',
      method: 'GET',
      url: () => '/api/jobs/saved',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/jobs/recommended',
      method: 'GET',
      url: () => '/api/jobs/recommended',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/jobs/settings',
      method: 'GET',
      url: () => '/api/jobs/settings',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'PATCH /api/jobs/settings',
      method: 'PATCH',
      url: () => '/api/jobs/settings',
      hubHeader,
      payload: () => ({ areJobsShown: false }),
      refused: [403, 404],
    },
    {
      name: 'GET /api/job-alerts',
      method: 'GET',
      url: () => '/api/job-alerts',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/job-alerts',
      method: 'POST',
      url: () => '/api/job-alerts',
      hubHeader,
      payload: () => ({ query: 'x' }),
      refused: [403, 404],
    },
    {
      name: 'PATCH /api/job-alerts/:alertId from my own hub',
      method: 'PATCH',
      url: () => `/api/job-alerts/${contentTargets.jobAlertIdB}`,
      hubHeader: fromHubA,
      payload: () => ({ frequency: 'daily' }),
      refused: [403, 404],
    },
    {
      name: 'DELETE /api/job-alerts/:alertId from my own hub',
      method: 'DELETE',
      url: () => `/api/job-alerts/${contentTargets.jobAlertIdB}`,
      hubHeader: fromHubA,
      refused: [403, 404],
    },
    {
      name: 'POST /api/job-alerts/unsubscribe/:token of B on A’s host',
      method: 'POST',
      url: () => `/api/job-alerts/unsubscribe/${contentTargets.jobAlertTokenB}`,
      refused: [404],
    },
    {
      name: 'GET /api/profiles/:identifier/job-posts',
      method: 'GET',
      url: ({ user }) => `/api/profiles/${user.identifier}/job-posts`,
      refused: [403, 404],
    },
  ];
  for (const [suffix, method] of [
    ['', 'GET'],
    ['', 'PATCH'],
    ['/close', 'POST'],
    ['/approve', 'POST'],
    ['/reject', 'POST'],
    ['/save', 'PUT'],
    ['/save', 'DELETE'],
  ] as const) {
    const payload =
      method === 'PATCH'
        ? { payload: () => ({ title: 'Owned' }) }
        : suffix === '/reject'
          ? { payload: () => ({}) }
          : {};
    cases.push(
      {
        name: `${method} /api/jobs/:id${suffix}`,
        method,
        url: () => `${post()}${suffix}`,
        hubHeader,
        ...payload,
        refused: [403, 404],
      },
      {
        name: `${method} /api/jobs/:id${suffix} from my own hub`,
        method,
        url: () => `${post()}${suffix}`,
        hubHeader: fromHubA,
        ...payload,
        refused: [403, 404],
      },
    );
  }
  return cases;
}

/** Rows of cluster B that the application and experiential-learning cases point at (issue #19 items 3, 5). */
const applicationTargets = { applicationIdB: '', reportIdB: '' };

/**
 * Application endpoints (issue #19 item 3): B's post and application are never found from cluster A, through
 * B's hub (unknown in A) or A's own hub header.
 */
function jobApplicationEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => contentTargets.hubAIdentifier;
  const cases: TEndpointCase[] = [
    {
      name: 'GET /api/applications/mine',
      method: 'GET',
      url: () => '/api/applications/mine',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/applications/projects?scope=all',
      method: 'GET',
      url: () => '/api/applications/projects?scope=all',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/applications/files',
      method: 'POST',
      url: () => '/api/applications/files',
      hubHeader,
      payload: () => ({ file: 'not a file' }),
      refused: [403, 404, 406, 415],
    },
  ];
  const post = () => `/api/jobs/${contentTargets.jobPostIdB}/applications`;
  const application = () => `/api/applications/${applicationTargets.applicationIdB}`;
  const perTarget: Array<[TEndpointCase['method'], string, () => string, object | undefined]> = [
    ['POST', '/api/jobs/:id/applications', post, { note: 'Hello', resumeFileId: null }],
    ['GET', '/api/jobs/:id/applications', post, undefined],
    ['GET', '/api/applications/:id', application, undefined],
    [
      'GET',
      '/api/applications/:id/files/:fileId',
      () => `${application()}/files/${applicationTargets.applicationIdB}`,
      undefined,
    ],
    ['POST', '/api/applications/:id/shortlist', () => `${application()}/shortlist`, {}],
    ['POST', '/api/applications/:id/hire', () => `${application()}/hire`, {}],
    ['POST', '/api/applications/:id/reject', () => `${application()}/reject`, {}],
    ['POST', '/api/applications/:id/withdraw', () => `${application()}/withdraw`, {}],
    ['POST', '/api/applications/:id/submit', () => `${application()}/submit`, { text: 'Owned' }],
    ['POST', '/api/applications/:id/complete', () => `${application()}/complete`, {}],
    ['POST', '/api/applications/:id/not-completed', () => `${application()}/not-completed`, {}],
  ];
  for (const [method, name, url, body] of perTarget) {
    const payload = body === undefined ? {} : { payload: () => body };
    cases.push(
      { name: `${method} ${name}`, method, url, hubHeader, ...payload, refused: [403, 404] },
      {
        name: `${method} ${name} from my own hub`,
        method,
        url,
        hubHeader: fromHubA,
        ...payload,
        refused: [403, 404],
      },
    );
  }
  return cases;
}

/** Experiential-learning endpoints (issue #19 item 5): B's hub is unknown in A; B's report is never found. */
function experientialLearningEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => contentTargets.hubAIdentifier;
  const review = () => `/api/experiential-learning/reports/${applicationTargets.reportIdB}/review`;
  const report = {
    title: 'Cross-tenant',
    startedOn: '2025-01-01',
    hours: 1,
    reflection: 'Not yours',
  };
  return [
    {
      name: 'GET /api/experiential-learning',
      method: 'GET',
      url: () => '/api/experiential-learning',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/experiential-learning/lists/:list',
      method: 'GET',
      url: () => '/api/experiential-learning/lists/applied',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/experiential-learning/interests',
      method: 'GET',
      url: () => '/api/experiential-learning/interests',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'PUT /api/experiential-learning/interests',
      method: 'PUT',
      url: () => '/api/experiential-learning/interests',
      hubHeader,
      payload: () => ({ interests: [] }),
      refused: [403, 404],
    },
    {
      name: 'POST /api/experiential-learning/reports',
      method: 'POST',
      url: () => '/api/experiential-learning/reports',
      hubHeader,
      payload: () => report,
      refused: [403, 404],
    },
    {
      name: 'POST /api/experiential-learning/reports of B’s post from my own hub',
      method: 'POST',
      url: () => '/api/experiential-learning/reports',
      hubHeader: fromHubA,
      payload: () => ({ ...report, postId: contentTargets.jobPostIdB }),
      refused: [400, 403, 404],
    },
    {
      name: 'GET /api/experiential-learning/reports/mine',
      method: 'GET',
      url: () => '/api/experiential-learning/reports/mine',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/experiential-learning/reports',
      method: 'GET',
      url: () => '/api/experiential-learning/reports',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/experiential-learning/reports/:id/review',
      method: 'POST',
      url: review,
      hubHeader,
      payload: () => ({ decision: 'approve' }),
      refused: [403, 404],
    },
    {
      name: 'POST /api/experiential-learning/reports/:id/review from my own hub',
      method: 'POST',
      url: review,
      hubHeader: fromHubA,
      payload: () => ({ decision: 'approve' }),
      refused: [403, 404],
    },
  ];
}

/** Badge endpoints (issue #18 item 5): B's hub is unknown in cluster A, B's badge and profile never found. */
function badgeEndpoints(): TEndpointCase[] {
  const badge = {
    title: 'Cross-tenant',
    description: 'Not yours',
    imageUrl: null,
    rule: { kind: 'answers_given', threshold: 1 },
    isEnabled: true,
  };
  return [
    {
      name: 'GET /api/badges',
      method: 'GET',
      url: () => '/api/badges',
      hubHeader: ({ hub }) => hub.identifier,
      refused: [403, 404],
    },
    {
      name: 'GET /api/profiles/:identifier/badges',
      method: 'GET',
      url: ({ user }) => `/api/profiles/${user.identifier}/badges`,
      refused: [403, 404],
    },
    {
      name: 'POST /api/badges',
      method: 'POST',
      url: () => '/api/badges',
      hubHeader: ({ hub }) => hub.identifier,
      payload: () => badge,
      refused: [403, 404],
    },
    {
      name: 'PATCH /api/badges/:id',
      method: 'PATCH',
      url: () => `/api/badges/${contentTargets.badgeIdB}`,
      hubHeader: ({ hub }) => hub.identifier,
      payload: () => ({ title: 'Owned' }),
      refused: [403, 404],
    },
    {
      name: 'PATCH /api/badges/:id from my own hub',
      method: 'PATCH',
      url: () => `/api/badges/${contentTargets.badgeIdB}`,
      hubHeader: () => contentTargets.hubAIdentifier,
      payload: () => ({ title: 'Owned' }),
      refused: [403, 404],
    },
    {
      name: 'DELETE /api/badges/:id',
      method: 'DELETE',
      url: () => `/api/badges/${contentTargets.badgeIdB}`,
      hubHeader: () => contentTargets.hubAIdentifier,
      refused: [403, 404],
    },
  ];
}

/** Resource endpoints (issue #7): B's hub is unknown in cluster A; B's resource and file are never found from hub A. */
function resourceEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const ownHub = () => contentTargets.hubAIdentifier;
  const cases: Array<[string, TEndpointCase['method'], () => string, object | undefined]> = [
    ['GET /api/resources', 'GET', () => '/api/resources', undefined],
    ['GET /api/resources/settings', 'GET', () => '/api/resources/settings', undefined],
    [
      'POST /api/resources',
      'POST',
      () => '/api/resources',
      { typeName: 'article', title: 'Cross-tenant', body: '<p>x</p>' },
    ],
    ['POST /api/resources/attachments', 'POST', () => '/api/resources/attachments', {}],
    ['GET /api/resources/:slug', 'GET', () => `/api/resources/${contentTargets.resourceSlugB}`, undefined],
    [
      'DELETE /api/resources/:slug',
      'DELETE',
      () => `/api/resources/${contentTargets.resourceSlugB}`,
      undefined,
    ],
    [
      'PATCH /api/resources/:slug',
      'PATCH',
      () => `/api/resources/${contentTargets.resourceSlugB}`,
      { title: 'Cross-tenant edit' },
    ],
    [
      'GET /api/resources/files/:fileId/url',
      'GET',
      () => `/api/resources/files/${contentTargets.fileIdB}/url`,
      undefined,
    ],
  ];
  return cases.flatMap(([name, method, url, payload]): TEndpointCase[] => [
    { name, method, url, hubHeader, ...(payload ? { payload: () => payload } : {}), refused: [403, 404] },
    ...(name.includes(':')
      ? [
          {
            name: `${name} (B’s resource from my own hub)`,
            method,
            url,
            hubHeader: ownHub,
            ...(payload ? { payload: () => payload } : {}),
            refused: [403, 404],
          } as TEndpointCase,
        ]
      : []),
  ]);
}

/** Event endpoints (issue #7): B's hub is unknown in cluster A, B's event is never found from hub A, B's feed is unknown on A's host. */
function eventEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const ownHub = () => contentTargets.hubAIdentifier;
  const event = () => `/api/events/${contentTargets.eventIdB}`;
  const registration = () => `${event()}/registrations/${contentTargets.registrationIdB}`;
  const cases: Array<[string, TEndpointCase['method'], () => string, object | undefined]> = [
    ['GET /api/events', 'GET', () => '/api/events', undefined],
    [
      'POST /api/events',
      'POST',
      () => '/api/events',
      {
        title: 'X event',
        format: 'virtual',
        virtualUrl: 'https://example.org/x',
        startsAt: '2030-01-01T10:00:00Z',
        endsAt: '2030-01-01T11:00:00Z',
        timeZone: 'UTC',
      },
    ],
    ['GET /api/events/approvals', 'GET', () => '/api/events/approvals', undefined],
    ['GET /api/events/feed-url', 'GET', () => '/api/events/feed-url', undefined],
    ['GET /api/events/settings', 'GET', () => '/api/events/settings', undefined],
    ['GET /api/events/:id', 'GET', event, undefined],
    ['PATCH /api/events/:id', 'PATCH', event, { title: 'Owned by A' }],
    ['POST /api/events/:id/decision', 'POST', () => `${event()}/decision`, { decision: 'approve' }],
    ['POST /api/events/:id/registrations', 'POST', () => `${event()}/registrations`, {}],
    ['DELETE /api/events/:id/registrations/me', 'DELETE', () => `${event()}/registrations/me`, undefined],
    ['GET /api/events/:id/registrations', 'GET', () => `${event()}/registrations`, undefined],
    ['POST /api/events/:id/registrations/:registrationId', 'POST', registration, { decision: 'decline' }],
    [
      'POST /api/events/:id/registrations/:registrationId/check-in',
      'POST',
      () => `${registration()}/check-in`,
      { isCheckedIn: true },
    ],
    ['GET /api/events/:id/attendees.csv', 'GET', () => `${event()}/attendees.csv`, undefined],
    ['GET /api/events/:id/invite.ics', 'GET', () => `${event()}/invite.ics`, undefined],
  ];
  return [
    ...cases.flatMap(([name, method, url, payload]): TEndpointCase[] => [
      { name, method, url, hubHeader, ...(payload ? { payload: () => payload } : {}), refused: [403, 404] },
      ...(name.includes(':id')
        ? [
            {
              name: `${name} (B’s event from my own hub)`,
              method,
              url,
              hubHeader: ownHub,
              ...(payload ? { payload: () => payload } : {}),
              refused: [403, 404],
            } as TEndpointCase,
          ]
        : []),
    ]),
    {
      name: 'GET /api/event-feeds/:token of B on A’s host',
      method: 'GET',
      url: () => contentTargets.feedPathB,
      refused: [404],
    },
  ];
}

/** Inbox endpoints (issue #5): B's hub is unknown in cluster A, and B's thread is never found. */
function inboxEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const threadOf = () => `/api/inbox/threads/${matrixTargets.threadIdB}`;
  const gets = [
    '/api/inbox/threads?tab=inbox',
    '/api/inbox/threads?tab=rooms',
    '/api/inbox/unread-count',
    '/api/inbox/search?q=test',
  ];
  return [
    ...gets.map((path): TEndpointCase => ({
      name: `GET ${path}`,
      method: 'GET',
      url: () => path,
      hubHeader,
      refused: [403, 404],
    })),
    {
      name: 'POST /api/inbox/threads to a user of B',
      method: 'POST',
      url: () => '/api/inbox/threads',
      hubHeader,
      payload: ({ user }) => ({ recipientId: user.id, messageType: 'message', body: 'Hi' }),
      refused: [403, 404],
    },
    {
      name: 'POST /api/inbox/threads to a user of B from my own hub',
      method: 'POST',
      url: () => '/api/inbox/threads',
      hubHeader: () => matrixTargets.hubAIdentifier,
      payload: ({ user }) => ({ recipientId: user.id, messageType: 'message', body: 'Hi' }),
      refused: [404],
    },
    {
      name: 'GET B’s thread with my own hub',
      method: 'GET',
      url: threadOf,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
    { name: 'GET /api/inbox/threads/:id', method: 'GET', url: threadOf, hubHeader, refused: [403, 404] },
    {
      name: 'GET /api/inbox/threads/:id/messages',
      method: 'GET',
      url: () => `${threadOf()}/messages`,
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/inbox/threads/:id/messages',
      method: 'POST',
      url: () => `${threadOf()}/messages`,
      hubHeader,
      payload: () => ({ body: 'Hi' }),
      refused: [403, 404],
    },
    ...['read', 'archive', 'unarchive', 'accept', 'reject', 'close'].map((action): TEndpointCase => ({
      name: `POST /api/inbox/threads/:id/${action}`,
      method: 'POST',
      url: () => `${threadOf()}/${action}`,
      hubHeader,
      refused: [403, 404],
    })),
    {
      name: 'GET /api/inbox/compose for a user of B',
      method: 'GET',
      url: ({ user }) => `/api/inbox/compose?recipientId=${user.id}`,
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET /api/inbox/compose for a user of B from my own hub',
      method: 'GET',
      url: ({ user }) => `/api/inbox/compose?recipientId=${user.id}`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
    {
      name: 'GET /api/inbox/contact-options for a user of B',
      method: 'GET',
      url: ({ user }) => `/api/inbox/contact-options?userIds[]=${user.id}`,
      hubHeader,
      refused: [403, 404],
    },
    {
      // A list of people answers for those it may show: a user of B is simply not among the items.
      name: 'GET /api/inbox/contact-options for a user of B from my own hub (no item)',
      method: 'GET',
      url: ({ user }) => `/api/inbox/contact-options?userIds[]=${user.id}`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [200],
    },
    {
      name: 'GET /api/inbox/contact-options for a user of B',
      method: 'GET',
      url: ({ user }) => `/api/inbox/contact-options?userIds[]=${user.id}`,
      hubHeader,
      refused: [403, 404],
    },
    {
      // A list of people answers for those it may show: a user of B is simply not among the items.
      name: 'GET /api/inbox/contact-options for a user of B from my own hub (no item)',
      method: 'GET',
      url: ({ user }) => `/api/inbox/contact-options?userIds[]=${user.id}`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [200],
    },
    {
      name: 'POST /api/inbox/threads/:id/attachments',
      method: 'POST',
      url: () => `${threadOf()}/attachments`,
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST B’s thread attachments with my own hub',
      method: 'POST',
      url: () => `${threadOf()}/attachments`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
    {
      name: 'GET /api/inbox/attachments/:id of B',
      method: 'GET',
      url: () => `/api/inbox/attachments/${matrixTargets.attachmentIdB}`,
      refused: [404],
    },
    {
      name: 'DELETE /api/inbox/attachments/:id of B',
      method: 'DELETE',
      url: () => `/api/inbox/attachments/${matrixTargets.attachmentIdB}`,
      refused: [404],
    },
    {
      name: 'GET /api/hub/outreach-templates',
      method: 'GET',
      url: () => '/api/hub/outreach-templates',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'PUT /api/hub/outreach-templates',
      method: 'PUT',
      url: () => '/api/hub/outreach-templates',
      hubHeader,
      payload: ({ hub }) => ({
        senderUserTypeId: hub.userTypeIds.student,
        recipientUserTypeId: hub.userTypeIds.alumni,
        templates: [],
      }),
      refused: [403, 404],
    },
    {
      name: 'GET /api/hub/mentorships',
      method: 'GET',
      url: () => '/api/hub/mentorships?status=active',
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'POST /api/hub/mentorships/:id/close',
      method: 'POST',
      url: () => `/api/hub/mentorships/${matrixTargets.mentorshipIdB}/close`,
      hubHeader,
      refused: [403, 404],
    },
  ];
}

/** Realtime (issue #5 item 3): no token for B's hub, and A's token is refused on B's host. */
function realtimeEndpoints(): TEndpointCase[] {
  return [
    {
      name: 'GET /api/auth/realtime/token with B’s hub',
      method: 'GET',
      url: () => '/api/auth/realtime/token',
      hubHeader: ({ hub }) => hub.identifier,
      refused: [403, 404],
    },
    {
      name: 'GET /api/auth/realtime/token on B’s host',
      method: 'GET',
      url: () => '/api/auth/realtime/token',
      isOnTargetHost: true,
      refused: [401],
    },
    {
      name: 'GET /api/me/presence on B’s host',
      method: 'GET',
      url: () => '/api/me/presence',
      isOnTargetHost: true,
      refused: [401],
    },
    {
      name: 'PUT /api/me/presence on B’s host',
      method: 'PUT',
      url: () => '/api/me/presence',
      payload: () => ({ isAlwaysOffline: true }),
      isOnTargetHost: true,
      refused: [401],
    },
  ];
}

/** B's video prompt and user B's answer to it (issue #20 item 3), made in beforeAll. */
const videoPromptTargets = { promptIdB: '', answerIdB: '' };

/**
 * The user types editor (issue #22 item 1): with B's hub header the hub is unknown in cluster A; from A's own hub
 * B's user types are never found (404) or the caller lacks the right (403). B's types stay as they were.
 */
function userTypeEndpoints(): TEndpointCase[] {
  const typeOf = ({ hub }: { hub: TTestHub }) => `/api/admin/user-types/${hub.userTypeIds.student}`;
  const cases: Array<[TEndpointCase['method'], string, TEndpointCase['url'], TEndpointCase['payload']]> = [
    ['GET', '/api/admin/user-types', () => '/api/admin/user-types', undefined],
    [
      'POST',
      '/api/admin/user-types',
      () => '/api/admin/user-types',
      () => ({ title: 'Cross', pluralTitle: 'Crosses', standardUserType: 'Student' }),
    ],
    ['PATCH', '/api/admin/user-types/:id', typeOf, () => ({ pluralTitle: 'Owned' })],
    ['DELETE', '/api/admin/user-types/:id', typeOf, undefined],
    [
      'PUT',
      '/api/admin/user-types/order',
      () => '/api/admin/user-types/order',
      ({ hub }) => ({ ids: [hub.userTypeIds.alumni, hub.userTypeIds.student] }),
    ],
  ];
  return cases.flatMap(([method, name, url, payload]): TEndpointCase[] =>
    [({ hub }: { hub: TTestHub }) => hub.identifier, () => matrixTargets.hubAIdentifier].map(
      (hubHeader, i) => ({
        name: `${method} ${name}${i === 0 ? '' : ' from my own hub'}`,
        method,
        url,
        hubHeader,
        ...(payload ? { payload } : {}),
        refused: [403, 404],
      }),
    ),
  );
}

/**
 * Video prompt endpoints (issue #20 item 3): B's hub is unknown in cluster A; from A's own hub B's prompt, its
 * answers and files are never found, user B's answers never listed, and the admin endpoints refused.
 */
function videoPromptEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => matrixTargets.hubAIdentifier;
  const prompt = () => `/api/video-prompts/${videoPromptTargets.promptIdB}`;
  const cases: Array<
    [TEndpointCase['method'], string, (target: { user: TTestUser }) => string, (() => object) | undefined]
  > = [
    ['GET', '/api/video-prompts/:id', prompt, undefined],
    ['GET', '/api/video-prompts/:id?userId=', ({ user }) => `${prompt()}?userId=${user.id}`, undefined],
    ['GET', '/api/video-prompts/:id/answers', () => `${prompt()}/answers`, undefined],
    [
      'PUT',
      '/api/video-prompts/:id/answer/link',
      () => `${prompt()}/answer/link`,
      () => ({ linkUrl: 'https://video.example.org/x' }),
    ],
    [
      'DELETE',
      '/api/video-prompts/:id/answer?userId=',
      ({ user }) => `${prompt()}/answer?userId=${user.id}`,
      undefined,
    ],
    ['PATCH', '/api/video-prompts/:id', prompt, () => ({ question: 'Owned' })],
    ['DELETE', '/api/video-prompts/:id', prompt, undefined],
    [
      'GET',
      '/api/video-prompts/answers/:answerId/poster',
      () => `/api/video-prompts/answers/${videoPromptTargets.answerIdB}/poster`,
      undefined,
    ],
    [
      'GET',
      '/api/video-prompts/answers?userId=',
      ({ user }) => `/api/video-prompts/answers?userId=${user.id}`,
      undefined,
    ],
    ['POST', '/api/video-prompts', () => '/api/video-prompts', () => ({ question: 'Cross-tenant' })],
  ];
  return [
    {
      name: 'GET /api/video-prompts',
      method: 'GET',
      url: () => '/api/video-prompts',
      hubHeader,
      refused: [403, 404],
    },
    ...cases.flatMap(([method, name, url, payload]): TEndpointCase[] => [
      {
        name: `${method} ${name}`,
        method,
        url,
        hubHeader,
        ...(payload ? { payload } : {}),
        refused: [403, 404],
      },
      // A's own list of user B's answers is empty, not refused (B's rows stay unseen: the answers case shows it).
      ...(name === '/api/video-prompts/answers?userId='
        ? []
        : [
            {
              name: `${method} ${name} from my own hub`,
              method,
              url,
              hubHeader: fromHubA,
              ...(payload ? { payload } : {}),
              refused: [403, 404],
            },
          ]),
    ]),
  ];
}

/** B's assessment (issue #20 item 4), made in beforeAll; its slug names nothing in cluster A. */
const assessmentTargets = { idB: '', slugB: 'matrix-b-assessment' };

/**
 * Assessment endpoints (issue #20 item 4): B's hub is unknown in cluster A; from A's own hub B's assessment is
 * never found, B's member's results never shown, the admin screens refused; the webhook on A's host never finds
 * B's assessment (before any signature is read).
 */
function assessmentEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => matrixTargets.hubAIdentifier;
  const admin = () => `/api/admin/assessments/${assessmentTargets.idB}`;
  const cases: Array<
    [TEndpointCase['method'], string, (target: { user: TTestUser }) => string, (() => object) | undefined]
  > = [
    ['GET', '/api/assessments', () => '/api/assessments', undefined],
    ['GET', '/api/assessments/:slug', () => `/api/assessments/${assessmentTargets.slugB}`, undefined],
    [
      'POST',
      '/api/assessments/:slug (launch)',
      () => `/api/assessments/${assessmentTargets.slugB}`,
      undefined,
    ],
    [
      'GET',
      '/api/assessments/results?userId=',
      ({ user }) => `/api/assessments/results?userId=${user.id}`,
      undefined,
    ],
    ['GET', '/api/admin/assessments', () => '/api/admin/assessments', undefined],
    [
      'POST',
      '/api/admin/assessments',
      () => '/api/admin/assessments',
      () => ({
        name: 'Cross',
        slug: 'cross',
        launchUrl: 'https://assessments.example.org/launch',
        sharedSecret: 'cross-tenant-secret-0123456789',
      }),
    ],
    ['PATCH', '/api/admin/assessments/:id', admin, () => ({ name: 'Owned' })],
    ['DELETE', '/api/admin/assessments/:id', admin, undefined],
    [
      'PUT',
      '/api/admin/assessments/settings',
      () => '/api/admin/assessments/settings',
      () => ({ tabName: 'Owned' }),
    ],
  ];
  return [
    ...cases.flatMap(([method, name, url, payload]): TEndpointCase[] => [
      {
        name: `${method} ${name}`,
        method,
        url,
        hubHeader,
        ...(payload ? { payload } : {}),
        refused: [403, 404],
      },
      // A's own list is A's to read; B's assessment is unknown there (the slug and launch cases).
      ...(name === '/api/assessments'
        ? []
        : [
            {
              name: `${method} ${name} from my own hub`,
              method,
              url,
              hubHeader: fromHubA,
              ...(payload ? { payload } : {}),
              refused: [403, 404],
            },
          ]),
    ]),
    {
      name: 'POST /api/assessments/:id/results (B’s assessment on A’s host)',
      method: 'POST',
      url: () => `/api/assessments/${assessmentTargets.idB}/results`,
      payload: () => ({
        deliveryId: 'cross-tenant',
        launchId: '00000000-0000-4000-8000-000000000000',
        completedAt: '2030-01-07T17:00:00.000Z',
      }),
      refused: [404],
    },
  ];
}

/** Advising rows of cluster B (issue #21), made in beforeAll: B's adviser (user B), topic, type and appointment. */
/** B's published library pathway and a pending step answer of B's member (issue #20 item 1), made in beforeAll. */
const pathwayTargets = { pathwayIdB: '', slugB: 'b-only-pathway', answerIdB: '' };

/**
 * Pathway endpoints (issue #20 item 1): B's hub is unknown in cluster A; from A's own hub B's pathway (even a
 * library pathway, shared only within its cluster) is never found, started, answered, edited or copied, and B's
 * pending step is never reviewed.
 */
function pathwayEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => matrixTargets.hubAIdentifier;
  const bySlug = () => `/api/pathways/${pathwayTargets.slugB}`;
  const admin = () => `/api/pathways/admin/${pathwayTargets.pathwayIdB}`;
  const review = () => `/api/pathways/reviews/${pathwayTargets.answerIdB}`;
  const form = {
    sections: [{ title: 'S', steps: [{ kind: 'richText', title: 'Read', body: '<p>x</p>' }] }],
  };
  const perTarget: Array<[TEndpointCase['method'], string, () => string, (() => object) | undefined]> = [
    ['GET', '/api/pathways/:slug', bySlug, undefined],
    ['POST', '/api/pathways/:slug (start)', bySlug, undefined],
    [
      'PUT',
      '/api/pathways/:slug/steps/:stepId/answer',
      () => `${bySlug()}/steps/tasks/answer`,
      () => ({ value: { kind: 'checklist', checkedItemIds: [] } }),
    ],
    ['POST', '/api/pathways/:slug/steps/:stepId/submit', () => `${bySlug()}/steps/read/submit`, undefined],
    ['GET', '/api/pathways/admin/:id', admin, undefined],
    ['PUT', '/api/pathways/admin/:id', admin, () => ({ title: 'Owned', form })],
    ['DELETE', '/api/pathways/admin/:id', admin, undefined],
    ['POST', '/api/pathways/admin/:id/copy', () => `${admin()}/copy`, () => ({})],
    ['POST', '/api/pathways/reviews/:id/approve', () => `${review()}/approve`, () => ({})],
    ['POST', '/api/pathways/reviews/:id/send-back', () => `${review()}/send-back`, () => ({ note: 'Owned' })],
  ];
  const cases: TEndpointCase[] = perTarget.flatMap(([method, name, url, payload]): TEndpointCase[] => [
    {
      name: `${method} ${name}`,
      method,
      url,
      hubHeader,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    },
    {
      name: `${method} ${name} from my own hub`,
      method,
      url,
      hubHeader: fromHubA,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    },
  ]);
  const hubWide: Array<[TEndpointCase['method'], string, (() => object) | undefined]> = [
    ['GET', '/api/pathways?scope=assigned', undefined],
    ['GET', '/api/pathways?scope=available', undefined],
    ['GET', '/api/pathways?scope=library', undefined],
    ['GET', '/api/pathways?scope=manage', undefined],
    ['POST', '/api/pathways/admin', () => ({ title: 'Cross-tenant', form })],
    ['GET', '/api/pathways/reviews', undefined],
  ];
  return [
    ...cases,
    ...hubWide.map(([method, path, payload]): TEndpointCase => ({
      name: `${method} ${path}`,
      method,
      url: () => path,
      hubHeader,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    })),
    {
      // A's own lists answer for A's hub only (403 while its Pathways module is off): never B's library pathway.
      name: 'GET /api/pathways?scope=available from my own hub (none of B’s)',
      method: 'GET',
      url: () => '/api/pathways?scope=available',
      hubHeader: fromHubA,
      refused: [200, 403],
    },
  ];
}

const advisingTargets = { adviserIdB: '', topicIdB: '', typeIdB: '', appointmentIdB: '' };

/**
 * Advising endpoints (issue #21): B's hub is unknown in cluster A; from A's own hub (which shows advising) B's
 * adviser, topic, type and appointment are never found, and a list of advisers of B's topic has no item.
 */
function advisingEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const fromHubA = () => matrixTargets.hubAIdentifier;
  const adviser = () => `/api/advising/advisers/${advisingTargets.adviserIdB}`;
  const appointment = () => `/api/advising/appointments/${advisingTargets.appointmentIdB}`;
  const booking = () => ({
    adviserId: advisingTargets.adviserIdB,
    appointmentTypeId: advisingTargets.typeIdB,
    topicId: advisingTargets.topicIdB,
    start: '2030-01-07T17:00:00.000Z',
    timezone: 'UTC',
  });
  const availability = { timezone: 'UTC', weeklyHours: [], icsUrl: 'https://calendar.example.org/x.ics' };
  const perTarget: Array<[TEndpointCase['method'], string, () => string, (() => object) | undefined]> = [
    ['GET', '/api/advising/advisers/:id', adviser, undefined],
    [
      'GET',
      '/api/advising/advisers/:id/slots',
      () => `${adviser()}/slots?appointmentTypeId=${advisingTargets.typeIdB}&tz=UTC`,
      undefined,
    ],
    ['GET', '/api/advising/advisers/:id/availability', () => `${adviser()}/availability`, undefined],
    ['PUT', '/api/advising/advisers/:id/availability', () => `${adviser()}/availability`, () => availability],
    ['POST', '/api/advising/appointments (B’s adviser)', () => '/api/advising/appointments', booking],
    ['GET', '/api/advising/appointments/:id', appointment, undefined],
    ['PATCH', '/api/advising/appointments/:id', appointment, () => ({ staffNotes: 'Owned' })],
    ['PATCH', '/api/advising/appointments/:id (follow-up)', appointment, () => ({ followUp: 'Owned' })],
    [
      'PUT',
      '/api/advising/appointments/:id/follow-up/done',
      () => `${appointment()}/follow-up/done`,
      () => ({ isDone: true }),
    ],
    ['POST', '/api/advising/appointments/:id/cancel', () => `${appointment()}/cancel`, () => ({})],
    [
      'POST',
      '/api/advising/appointments/:id/reschedule',
      () => `${appointment()}/reschedule`,
      () => ({ start: '2030-01-08T17:00:00.000Z', timezone: 'UTC' }),
    ],
    [
      'PATCH',
      '/api/advising/admin/advisers/:id',
      () => `/api/advising/admin/advisers/${advisingTargets.adviserIdB}`,
      () => ({ isActive: false }),
    ],
    [
      'DELETE',
      '/api/advising/admin/advisers/:id',
      () => `/api/advising/admin/advisers/${advisingTargets.adviserIdB}`,
      undefined,
    ],
    [
      'PATCH',
      '/api/advising/admin/topics/:id',
      () => `/api/advising/admin/topics/${advisingTargets.topicIdB}`,
      () => ({ name: 'Owned' }),
    ],
    [
      'DELETE',
      '/api/advising/admin/topics/:id',
      () => `/api/advising/admin/topics/${advisingTargets.topicIdB}`,
      undefined,
    ],
    [
      'PATCH',
      '/api/advising/admin/appointment-types/:id',
      () => `/api/advising/admin/appointment-types/${advisingTargets.typeIdB}`,
      () => ({ name: 'Owned' }),
    ],
    [
      'DELETE',
      '/api/advising/admin/appointment-types/:id',
      () => `/api/advising/admin/appointment-types/${advisingTargets.typeIdB}`,
      undefined,
    ],
  ];
  const cases: TEndpointCase[] = perTarget.flatMap(([method, name, url, payload]): TEndpointCase[] => [
    {
      name: `${method} ${name}`,
      method,
      url,
      hubHeader,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    },
    {
      name: `${method} ${name} from my own hub`,
      method,
      url,
      hubHeader: fromHubA,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    },
  ]);
  const hubWide: Array<[TEndpointCase['method'], string, (() => object) | undefined]> = [
    ['GET', '/api/advising/me', undefined],
    ['GET', '/api/advising/topics', undefined],
    ['GET', '/api/advising/advisers', undefined],
    ['GET', '/api/advising/appointments', undefined],
    ['GET', '/api/advising/admin/advisers', undefined],
    ['GET', '/api/advising/admin/candidates?q=test', undefined],
    ['POST', '/api/advising/admin/advisers', () => ({ userId: matrixTargets.userB2Id })],
    ['GET', '/api/advising/admin/topics', undefined],
    ['POST', '/api/advising/admin/topics', () => ({ name: 'Cross-tenant' })],
    ['GET', '/api/advising/admin/appointment-types', undefined],
    [
      'POST',
      '/api/advising/admin/appointment-types',
      () => ({ name: 'Cross', durationMinutes: 30, medium: 'video' }),
    ],
    ['GET', '/api/advising/admin/reports?groupBy=adviser', undefined],
    ['GET', '/api/advising/admin/reports.csv?groupBy=adviser', undefined],
  ];
  return [
    ...cases,
    ...hubWide.map(([method, path, payload]): TEndpointCase => ({
      name: `${method} ${path}`,
      method,
      url: () => path,
      hubHeader,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    })),
    {
      name: 'GET /api/advising/appointments?role=all from my own hub (no advising right)',
      method: 'GET',
      url: () => '/api/advising/appointments?role=all',
      hubHeader: fromHubA,
      refused: [403],
    },
    {
      // The demo's sample calendar is public and holds nobody's data: it answers, and nothing of B is in it.
      name: 'GET /api/advising/demo-calendar.ics (public, no tenant data)',
      method: 'GET',
      url: () => '/api/advising/demo-calendar.ics?tz=UTC',
      refused: [200],
    },
    {
      // A list answers for what it may show: B's topic names no adviser of hub A.
      name: 'GET /api/advising/advisers?topicId= of B from my own hub (no item)',
      method: 'GET',
      url: () => `/api/advising/advisers?topicId=${advisingTargets.topicIdB}`,
      hubHeader: fromHubA,
      refused: [200],
    },
  ];
}

/** B's career path (issue #20 item 2), made in beforeAll. */
const careerPathTargets = { careerPathIdB: '' };

/**
 * Career path endpoints (issue #20 item 2): B's hub is unknown in cluster A; from A's own hub (which shows career
 * paths) B's career path is never found, favourited or edited, and the catalogue lists none of B's.
 */
function careerPathEndpoints(): TEndpointCase[] {
  const path = () => `/api/career-paths/${careerPathTargets.careerPathIdB}`;
  const perTarget: Array<[TEndpointCase['method'], string, () => string, (() => object) | undefined]> = [
    ['GET', '/api/career-paths/:id', path, undefined],
    ['PUT', '/api/career-paths/:id/favorite', () => `${path()}/favorite`, undefined],
    ['DELETE', '/api/career-paths/:id/favorite', () => `${path()}/favorite`, undefined],
    ['PATCH', '/api/career-paths/:id', path, () => ({ title: 'Owned' })],
    ['POST', '/api/career-paths/:id/archive', () => `${path()}/archive`, undefined],
    ['POST', '/api/career-paths/:id/restore', () => `${path()}/restore`, undefined],
  ];
  const hubWide: Array<[TEndpointCase['method'], string, (() => object) | undefined]> = [
    ['GET', '/api/career-paths', undefined],
    ['GET', '/api/career-paths/admin/list', undefined],
    ['POST', '/api/career-paths', () => ({ title: 'Cross-tenant', description: 'x' })],
  ];
  return [
    ...perTarget.flatMap(([method, name, url, payload]): TEndpointCase[] => [
      {
        name: `${method} ${name}`,
        method,
        url,
        hubHeader: ({ hub }) => hub.identifier,
        ...(payload ? { payload } : {}),
        refused: [403, 404],
      },
      {
        name: `${method} ${name} from my own hub`,
        method,
        url,
        hubHeader: () => matrixTargets.hubAIdentifier,
        ...(payload ? { payload } : {}),
        refused: [403, 404],
      },
    ]),
    ...hubWide.map(([method, name, payload]): TEndpointCase => ({
      name: `${method} ${name}`,
      method,
      url: () => name,
      hubHeader: ({ hub }) => hub.identifier,
      ...(payload ? { payload } : {}),
      refused: [403, 404],
    })),
  ];
}

/** A meeting of cluster B (issue #5 item 2), made in beforeAll. */
const meetingTargets = { meetingIdB: '', meetingTokenB: '', feedPathB: '' };

/** Meeting endpoints: B's meetings, thread and availability are never reached from cluster A. */
function meetingEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const meetingOf = () => `/api/meetings/${meetingTargets.meetingIdB}`;
  const threadOf = () => `/api/inbox/threads/${matrixTargets.threadIdB}`;
  return [
    {
      name: 'GET /api/inbox/threads/:id/meetings',
      method: 'GET',
      url: () => `${threadOf()}/meetings`,
      hubHeader,
      refused: [403, 404],
    },
    {
      name: 'GET B’s thread meetings with my own hub',
      method: 'GET',
      url: () => `${threadOf()}/meetings`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
    {
      name: 'POST /api/inbox/threads/:id/meetings',
      method: 'POST',
      url: () => `${threadOf()}/meetings`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      payload: () => ({ medium: 'email', durationMinutes: 30, proposedTimes: [], timezone: 'UTC' }),
      refused: [404],
    },
    {
      name: 'GET /api/inbox/threads/:id/meeting-slots',
      method: 'GET',
      url: () => `${threadOf()}/meeting-slots?date=2030-01-07&durationMinutes=30&timezone=UTC`,
      hubHeader: () => matrixTargets.hubAIdentifier,
      refused: [404],
    },
    { name: 'GET /api/meetings/:id', method: 'GET', url: meetingOf, refused: [404] },
    {
      name: 'GET /api/meetings/by-token/:token',
      method: 'GET',
      url: () => `/api/meetings/by-token/${meetingTargets.meetingTokenB}`,
      refused: [404],
    },
    {
      name: 'GET /api/meetings/:id/invite.ics',
      method: 'GET',
      url: () => `${meetingOf()}/invite.ics`,
      refused: [404],
    },
    ...['accept', 'propose', 'reject', 'cancel', 'complete', 'no-show'].map((action): TEndpointCase => ({
      name: `POST /api/meetings/:id/${action}`,
      method: 'POST',
      url: () => `${meetingOf()}/${action}`,
      payload: () => (action === 'propose' ? { proposedTimes: ['2030-01-07T10:00:00.000Z'] } : {}),
      refused: [404],
    })),
    {
      name: 'GET /api/calendar/feeds/:token of B on A’s host',
      method: 'GET',
      url: () => meetingTargets.feedPathB,
      refused: [404],
    },
  ];
}

describeDb('cross-tenant matrix', () => {
  let t: TTestApp;
  let a: TTestCluster;
  let b: TTestCluster;
  let hubA: TTestHub;
  let hubA2: TTestHub;
  let hubB: TTestHub;
  let userA: TTestUser;
  let userB: TTestUser;
  let tokenA: string;

  beforeAll(async () => {
    t = await getTestApp();
    a = await createCluster(t.database.db);
    b = await createCluster(t.database.db);
    hubA = await createHub(t.database.db, a);
    hubA2 = await createHub(t.database.db, a);
    hubB = await createHub(t.database.db, b, { identifier: 'shared-name' });
    await createHub(t.database.db, a, { identifier: 'other-name' });
    userA = await createUser(t.database.db, a, { hub: hubA });
    userB = await createUser(t.database.db, b, { hub: hubB });
    tokenA = (await signIn(t.app, a, userA)).token;
    matrixTargets.hubAIdentifier = hubA.identifier;
    const userB2 = await createUser(t.database.db, b, { hub: hubB, userType: 'alumni' });
    const tokenB = (await signIn(t.app, b, userB)).token;
    const thread = await t.app.inject({
      method: 'POST',
      url: '/api/inbox/threads',
      headers: { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier },
      payload: { recipientId: userB2.id, messageType: 'message', body: 'Only for B' },
    });
    matrixTargets.threadIdB = thread.json<{ thread: { id: string } }>().thread.id;
    matrixTargets.userB2Id = userB2.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/push-tokens',
      headers: { host: b.host, authorization: `Bearer ${tokenB}` },
      payload: { token: PUSH_TOKEN_OF_B },
    });
    const [noteB] = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userB2.id))
        .limit(1),
    );
    notificationTargets.notificationIdB = noteB?.id ?? '';
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n% only for B\n')], { type: 'application/pdf' }),
      'b.pdf',
    );
    const encoded = new Response(form);
    const headersB = { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier };
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/threads/${matrixTargets.threadIdB}/attachments`,
      headers: { ...headersB, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    matrixTargets.attachmentIdB = uploaded.json<{ attachment: { id: string } }>().attachment.id;
    const mentorship = await t.app.inject({
      method: 'POST',
      url: '/api/inbox/threads',
      headers: headersB,
      payload: { recipientId: userB2.id, messageType: 'longTermMentorship', body: 'Mentor me, B' },
    });
    matrixTargets.mentorshipIdB = mentorship.json<{ thread: { id: string } }>().thread.id;
    await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx.insert(groups).values({
        clusterId: b.clusterId,
        hubId: hubB.id,
        identifier: groupTargets.identifierB,
        groupType: 'group',
        name: 'B group',
        sortName: 'b group',
        searchText: 'b group',
        settings: ZGroupSettings.parse({}),
      }),
    );
    const meeting = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/threads/${matrixTargets.threadIdB}/meetings`,
      headers: { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier },
      payload: { medium: 'email', durationMinutes: 30, proposedTimes: [], timezone: 'UTC' },
    });
    meetingTargets.meetingIdB = meeting.json<{ meeting: { id: string } }>().meeting.id;
    meetingTargets.meetingTokenB = meeting.json<{ meeting: { meetingToken: string } }>().meeting.meetingToken;
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/me/availability/feed/rotate',
      headers: { host: b.host, authorization: `Bearer ${tokenB}` },
    });
    meetingTargets.feedPathB = new URL(
      feed.json<{ availability: { feedUrl: string } }>().availability.feedUrl,
    ).pathname;
    contentTargets.hubAIdentifier = hubA.identifier;
    const question = await t.app.inject({
      method: 'POST',
      url: '/api/discussions/questions',
      headers: { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier },
      payload: { title: 'Only for cluster B' },
    });
    contentTargets.questionIdB = question.json<{ question: { id: string } }>().question.id;
    const answerB = await t.app.inject({
      method: 'POST',
      url: `/api/discussions/questions/${contentTargets.questionIdB}/answers`,
      headers: { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier },
      payload: { body: '<p>Only for cluster B</p>' },
    });
    contentTargets.answerIdB = answerB.json<{ answer: { id: string } }>().answer.id;
    const questionA = await t.app.inject({
      method: 'POST',
      url: '/api/discussions/questions',
      headers: { host: a.host, authorization: `Bearer ${tokenA}`, 'x-hub-id': hubA.identifier },
      payload: { title: 'Mine in cluster A' },
    });
    contentTargets.questionIdA = questionA.json<{ question: { id: string } }>().question.id;
    const [announcementB] = await withTenant(
      t.database.db,
      { clusterId: b.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .insert(announcements)
          .values({
            clusterId: b.clusterId,
            hubId: hubB.id,
            title: 'B news',
            body: '<p>B</p>',
            bodyText: 'B',
          })
          .returning({ id: announcements.id }),
    );
    feedTargets.announcementIdB = announcementB?.id ?? '';
    const bAdmin = await createUser(t.database.db, b, {
      hub: hubB,
      isHubAdmin: true,
      rights: ['manage-events'],
    });
    const bAdminToken = (await signIn(t.app, b, bAdmin)).token;
    const asB = (token: string) => ({
      host: b.host,
      authorization: `Bearer ${token}`,
      'x-hub-id': hubB.identifier,
    });
    const eventB = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asB(bAdminToken),
      payload: {
        title: 'Only for B',
        format: 'inPerson',
        location: 'B hall',
        startsAt: '2030-01-01T10:00:00Z',
        endsAt: '2030-01-01T11:00:00Z',
        timeZone: 'UTC',
        isApprovalRequired: true,
      },
    });
    contentTargets.eventIdB = eventB.json<{ event: { id: string } }>().event.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${contentTargets.eventIdB}/registrations`,
      headers: asB(tokenB),
      payload: {},
    });
    const attendees = await t.app.inject({
      method: 'GET',
      url: `/api/events/${contentTargets.eventIdB}/registrations`,
      headers: asB(bAdminToken),
    });
    contentTargets.registrationIdB = attendees.json<{ items: Array<{ id: string }> }>().items[0]?.id ?? '';
    const feedUrl = await t.app.inject({ method: 'GET', url: '/api/events/feed-url', headers: asB(tokenB) });
    contentTargets.feedPathB = new URL(feedUrl.json<{ url: string }>().url).pathname;
    await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, async (tx) => {
      const [file] = await tx
        .insert(contentFiles)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          kind: 'attachment',
          region: 'us',
          storageKey: 'f'.repeat(32),
          mimeType: 'application/pdf',
          sizeBytes: 1,
          originalName: 'b.pdf',
        })
        .returning();
      const [resource] = await tx
        .insert(resources)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          typeName: 'file',
          title: 'B only',
          slug: contentTargets.resourceSlugB,
          body: '',
          bodyText: '',
        })
        .returning();
      if (!file || !resource) throw new Error('resource setup failed');
      await tx
        .insert(resourceAttachments)
        .values({ clusterId: b.clusterId, hubId: hubB.id, resourceId: resource.id, fileId: file.id });
      contentTargets.fileIdB = file.id;
      const [badgeB] = await tx
        .insert(badges)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          title: 'B only',
          description: 'B only',
          ruleKind: 'answers_given',
          threshold: 1,
        })
        .returning();
      if (!badgeB) throw new Error('badge setup failed');
      contentTargets.badgeIdB = badgeB.id;
      const [postB] = await tx
        .insert(jobPosts)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          ownerUserId: userB.id,
          jobFlow: 'job',
          title: 'B only secret role',
          applicationMethod: 'internal',
          approvalStatus: 'pending',
          expiresAt: new Date(Date.now() + 86_400_000),
          searchText: 'b only secret role',
        })
        .returning();
      const [alertB] = await tx
        .insert(jobAlerts)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          userId: userB.id,
          query: 'secret',
          frequency: 'daily',
          unsubscribeToken: contentTargets.jobAlertTokenB,
        })
        .returning();
      if (!postB || !alertB) throw new Error('job setup failed');
      contentTargets.jobPostIdB = postB.id;
      contentTargets.jobAlertIdB = alertB.id;
      const [applicationB] = await tx
        .insert(jobApplications)
        .values({ clusterId: b.clusterId, hubId: hubB.id, postId: postB.id, applicantUserId: userB.id })
        .returning();
      const [reportB] = await tx
        .insert(participationReports)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          userId: userB.id,
          title: 'B only',
          startedOn: '2025-01-01',
          minutes: 60,
          reflection: 'B only',
        })
        .returning();
      if (!applicationB || !reportB) throw new Error('application setup failed');
      applicationTargets.applicationIdB = applicationB.id;
      applicationTargets.reportIdB = reportB.id;
    });
    // Career paths (issue #20 item 2): hub A shows them, so the cases from A's own hub reach the lookups.
    await withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hubA.id));
      if (!row) throw new Error('hub A settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: {
            ...row.settings,
            enabledModules: [...row.settings.enabledModules, 'career-paths'],
            featureFlags: { ...row.settings.featureFlags, careerPaths: true },
          },
        })
        .where(eq(hubSettings.hubId, hubA.id));
    });
    await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, async (tx) => {
      const [pathB] = await tx
        .insert(careerPaths)
        .values({ clusterId: b.clusterId, title: 'B only career', description: 'Only for B' })
        .returning();
      if (!pathB) throw new Error('career path setup failed');
      careerPathTargets.careerPathIdB = pathB.id;
    });
    // Advising (issue #21): hub A shows advising, so the cases from A's own hub reach the lookups.
    await withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hubA.id));
      if (!row) throw new Error('hub A settings missing');
      await tx
        .update(hubSettings)
        .set({ settings: { ...row.settings, enabledModules: [...row.settings.enabledModules, 'advisers'] } })
        .where(eq(hubSettings.hubId, hubA.id));
    });
    await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, async (tx) => {
      const [topicB] = await tx
        .insert(advisingTopics)
        .values({ clusterId: b.clusterId, hubId: hubB.id, name: 'B only topic' })
        .returning();
      const [typeB] = await tx
        .insert(advisingAppointmentTypes)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          name: 'B only type',
          durationMinutes: 30,
          medium: 'video',
        })
        .returning();
      if (!topicB || !typeB) throw new Error('advising setup failed');
      const [adviserB] = await tx
        .insert(advisers)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          userId: userB.id,
          timezone: 'UTC',
          topicIds: [topicB.id],
          appointmentTypeIds: [typeB.id],
        })
        .returning();
      if (!adviserB) throw new Error('advising setup failed');
      const startsAt = new Date('2030-01-07T17:00:00.000Z');
      const endsAt = new Date('2030-01-07T17:30:00.000Z');
      const [appointmentB] = await tx
        .insert(advisingAppointments)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          adviserId: adviserB.id,
          adviserUserId: userB.id,
          studentUserId: matrixTargets.userB2Id,
          appointmentTypeId: typeB.id,
          topicId: topicB.id,
          threadId: matrixTargets.threadIdB,
          meetingId: meetingTargets.meetingIdB,
          startsAt,
          endsAt,
          heldFrom: startsAt,
          heldUntil: endsAt,
          timezone: 'UTC',
        })
        .returning();
      if (!appointmentB) throw new Error('advising setup failed');
      advisingTargets.adviserIdB = adviserB.id;
      advisingTargets.topicIdB = topicB.id;
      advisingTargets.typeIdB = typeB.id;
      advisingTargets.appointmentIdB = appointmentB.id;
      const [assessmentB] = await tx
        .insert(assessments)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          name: 'B only assessment',
          slug: assessmentTargets.slugB,
          launchUrl: 'https://assessments.example.org/launch',
          secretCiphertext: 'v1.x.x.x',
        })
        .returning();
      if (!assessmentB) throw new Error('assessment setup failed');
      assessmentTargets.idB = assessmentB.id;
      const [promptB] = await tx
        .insert(videoPrompts)
        .values({ clusterId: b.clusterId, hubId: hubB.id, question: 'B only prompt' })
        .returning();
      if (!promptB) throw new Error('video prompt setup failed');
      const [answerB] = await tx
        .insert(videoAnswers)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          promptId: promptB.id,
          userId: userB.id,
          source: 'link',
          linkUrl: 'https://video.example.org/b',
        })
        .returning();
      if (!answerB) throw new Error('video answer setup failed');
      videoPromptTargets.promptIdB = promptB.id;
      videoPromptTargets.answerIdB = answerB.id;
    });
    await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, async (tx) => {
      const [pathwayB] = await tx
        .insert(pathways)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          slug: pathwayTargets.slugB,
          title: 'B only pathway',
          status: 'published',
          isLibrary: true,
          form: {
            settings: { estimatedCompletionTime: null },
            sections: [
              {
                id: 's',
                title: 'S',
                description: '',
                steps: [
                  { id: 'read', kind: 'reflection', title: 'Reflect', needsReview: true, prompt: 'Why?' },
                ],
              },
            ],
          },
        })
        .returning();
      if (!pathwayB) throw new Error('pathway setup failed');
      const [responseB] = await tx
        .insert(pathwayResponses)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          pathwayId: pathwayB.id,
          userId: userB.id,
          progress: 'pending',
          startedAt: new Date(),
        })
        .returning();
      if (!responseB) throw new Error('pathway setup failed');
      const [answerB] = await tx
        .insert(pathwayStepAnswers)
        .values({
          clusterId: b.clusterId,
          hubId: hubB.id,
          pathwayId: pathwayB.id,
          responseId: responseB.id,
          userId: userB.id,
          stepId: 'read',
          status: 'pending',
          value: { kind: 'reflection', text: 'B only reflection' },
          submittedAt: new Date(),
        })
        .returning();
      pathwayTargets.pathwayIdB = pathwayB.id;
      pathwayTargets.answerIdB = answerB?.id ?? '';
    });
  });
  afterAll(async () => t.close());

  it.each(ENDPOINTS)('$name: a user of cluster A cannot reach cluster B', async (endpoint) => {
    const response = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url({ hub: hubB, user: userB }),
      headers: {
        host: endpoint.isOnTargetHost ? b.host : a.host,
        authorization: `Bearer ${tokenA}`,
        ...(endpoint.hubHeader ? { 'x-hub-id': endpoint.hubHeader({ hub: hubB }) } : {}),
      },
      ...(endpoint.payload ? { payload: endpoint.payload({ hub: hubB, user: userB }) } : {}),
    });
    expect(endpoint.refused).toContain(response.statusCode);
    expect(response.body).not.toContain(b.clusterId);
    expect(response.body).not.toContain(userB.id);
  });

  it('a SCIM token of cluster A never reads nor writes cluster B (issue #24 item 6)', async () => {
    const adminA = await createUser(t.database.db, a, { isClusterAdmin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/scim/tokens',
      headers: { host: a.host, authorization: `Bearer ${(await signIn(t.app, a, adminA)).token}` },
      payload: { name: 'Matrix' },
    });
    const scimTokenA = created.json<{ secret: string }>().secret;
    const scim = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, host: string, body?: object) =>
      t.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: { host, authorization: `Bearer ${scimTokenA}` },
        ...(body ? { payload: body } : {}),
      });
    const deactivate = { Operations: [{ op: 'replace', path: 'active', value: false }] };
    // On B's host the token is not B's: refused before anything is read.
    for (const response of [
      await scim('GET', '/Users', b.host),
      await scim('GET', `/Users/${userB.id}`, b.host),
      await scim('PATCH', `/Users/${userB.id}`, b.host, deactivate),
      await scim('DELETE', `/Users/${userB.id}`, b.host),
      await scim('POST', '/Users', b.host, { userName: 'intruder@example.test' }),
      await scim('GET', '/Groups', b.host),
      await scim('POST', '/Groups', b.host, { displayName: 'Intruders' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain(userB.id);
    }
    // On A's host B's user does not exist.
    for (const response of [
      await scim('GET', `/Users/${userB.id}`, a.host),
      await scim('PATCH', `/Users/${userB.id}`, a.host, deactivate),
      await scim('DELETE', `/Users/${userB.id}`, a.host),
    ])
      expect(response.statusCode).toBe(404);
    const byEmail = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userB.email}"`)}`,
      a.host,
    );
    expect(byEmail.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const listed = await scim('GET', '/Users?count=200', a.host);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(userB.id);
    const ghost = await scim('POST', '/Groups', a.host, {
      displayName: 'Ghost',
      members: [{ value: userB.id }],
    });
    expect(ghost.statusCode).toBe(400);
    // B's user still signs in.
    expect((await signIn(t.app, b, userB)).token).toBeTruthy();
  });

  it('B’s question still has no accepted answer, and mine none of B’s, after the matrix tried', async () => {
    const rows = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ acceptedAnswerId: questions.acceptedAnswerId })
        .from(questions)
        .where(eq(questions.id, contentTargets.questionIdB)),
    );
    expect(rows).toEqual([{ acceptedAnswerId: null }]);
    const mine = await withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ acceptedAnswerId: questions.acceptedAnswerId })
        .from(questions)
        .where(eq(questions.id, contentTargets.questionIdA)),
    );
    expect(mine).toEqual([{ acceptedAnswerId: null }]);
  });

  it('A’s career path catalogue and its picker titles list none of B’s career paths', async () => {
    const headers = { host: a.host, authorization: `Bearer ${tokenA}`, 'x-hub-id': hubA.identifier };
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/career-paths?q=career', headers });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.body).not.toContain('B only career');
    const titles = await t.app.inject({ method: 'GET', url: '/api/career-paths/titles', headers });
    expect(titles.json()).toEqual({ titles: [] });
  });

  it('A’s cluster admin reads none of B’s audit log, in the list or the export', async () => {
    const adminA = await createUser(t.database.db, a, { hub: hubA, isClusterAdmin: true });
    const headers = { host: a.host, authorization: `Bearer ${(await signIn(t.app, a, adminA)).token}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=100', headers });
    expect(list.statusCode).toBe(200);
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log.csv', headers });
    expect(exported.statusCode).toBe(200);
    for (const body of [list.body, exported.body]) {
      expect(body).not.toContain(b.clusterId);
      expect(body).not.toContain(userB.id);
      expect(body).not.toContain(hubB.identifier);
    }
  });

  it('B’s push token is still B’s after the matrix tried to delete it from A', async () => {
    const rows = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx.select({ userId: pushTokens.userId }).from(pushTokens).where(eq(pushTokens.token, PUSH_TOKEN_OF_B)),
    );
    expect(rows).toEqual([{ userId: userB.id }]);
  });

  it('B’s feature flags are as B left them after the matrix tried to change them from A', async () => {
    const [row] = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx.select({ settings: hubSettings.settings }).from(hubSettings).where(eq(hubSettings.hubId, hubB.id)),
    );
    expect(row?.settings.featureFlags).toEqual({});
  });

  it('B’s user types are as B left them after the matrix tried to change them from A', async () => {
    const rows = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ title: userTypes.title, pluralTitle: userTypes.pluralTitle, order: userTypes.order })
        .from(userTypes)
        .where(eq(userTypes.hubId, hubB.id))
        .orderBy(userTypes.order),
    );
    expect(rows).toEqual([
      { title: 'Student', pluralTitle: 'Students', order: 0 },
      { title: 'Alumni', pluralTitle: 'Alumnis', order: 1 },
    ]);
  });

  it('a token of cluster A presented on cluster B’s host is refused', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: b.host, authorization: `Bearer ${tokenA}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('token_invalid');
  });

  it('a member of hub A is refused hub A2 of the same cluster (403)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/hub',
      headers: { host: a.host, authorization: `Bearer ${tokenA}`, 'x-hub-id': hubA2.identifier },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.user_message).toBe('You are not a member of this hub.');
  });

  it('the public community search on A’s host never lists a hub of B', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/hubs/search?q=shared-name',
      headers: { host: a.host, authorization: `Bearer ${tokenA}` },
    });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: Array<{ identifier: string }> }>().items;
    expect(items.map((hub) => hub.identifier)).not.toContain('shared-name');
    expect(response.body).not.toContain(String(hubB.id));
  });

  it('a raw query without any WHERE clause sees only the current tenant’s rows', async () => {
    const seen = await withTenant(t.database.db, { clusterId: a.clusterId, hubId: hubA.id }, async (tx) => ({
      users: await tx.select({ clusterId: users.clusterId }).from(users),
      hubs: await tx.select({ clusterId: hubs.clusterId }).from(hubs),
      raw: await queryRows<{ cluster_id: string }>(tx, sql`select cluster_id from hub_memberships`),
      clusters: await queryRows<{ id: string }>(tx, sql`select id from clusters`),
    }));
    expect(seen.users.length).toBeGreaterThan(0);
    expect(new Set(seen.users.map((r) => r.clusterId))).toEqual(new Set([a.clusterId]));
    expect(new Set(seen.hubs.map((r) => r.clusterId))).toEqual(new Set([a.clusterId]));
    expect(new Set(seen.raw.map((r) => r.cluster_id))).toEqual(new Set([a.clusterId]));
    expect(seen.clusters.map((r) => r.id)).toEqual([a.clusterId]);
  });

  it('hub-scoped rows of another hub stay hidden without a cluster-wide scope', async () => {
    const typesOfHubA = await withTenant(t.database.db, { clusterId: a.clusterId, hubId: hubA.id }, (tx) =>
      queryRows<{ hub_id: string }>(tx, sql`select hub_id from user_types`),
    );
    expect(new Set(typesOfHubA.map((r) => Number(r.hub_id)))).toEqual(new Set([hubA.id]));
  });

  it('without any tenant setting no row is visible', async () => {
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    expect(rows[0]?.n).toBe(0);
  });

  it('the database refuses a write into another cluster even from the app role', async () => {
    await expect(
      withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, (tx) =>
        tx.insert(users).values({
          clusterId: b.clusterId,
          identifier: 'intruder',
          email: 'intruder@example.test',
          firstName: 'I',
          lastName: 'N',
        }),
      ),
    ).rejects.toSatisfy((error: Error) =>
      /row-level security/.test(String((error.cause as Error | undefined)?.message ?? error.message)),
    );
    await expect(
      withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, (tx) =>
        queryRows(
          tx,
          sql`update users set first_name = 'Owned' where cluster_id = ${b.clusterId} returning id`,
        ),
      ),
    ).resolves.toEqual([]);
  });

  it('the job search functions and the alert unsubscribe answer only for the request’s cluster', async () => {
    const ask = (clusterId: string | null) => {
      const query = sql`select (select count(*)::int from app_job_matches(${hubB.id}, 'secret:*', 'secret:*', null)) as matches,
                   (select count(*)::int from app_job_corrections(${hubB.id}, ARRAY['secrte']::text[], 3)) as corrections`;
      return clusterId === null
        ? queryRows<{ matches: number; corrections: number }>(t.database.db, query)
        : withTenant(t.database.db, { clusterId, hubId: hubB.id }, (tx) =>
            queryRows<{ matches: number; corrections: number }>(tx, query),
          );
    };
    expect(await ask(b.clusterId)).toEqual([{ matches: 1, corrections: 1 }]);
    expect(await ask(a.clusterId)).toEqual([{ matches: 0, corrections: 0 }]);
    expect(await ask(null)).toEqual([{ matches: 0, corrections: 0 }]);
    const unsubscribe = (clusterId: string) =>
      withTenant(t.database.db, { clusterId }, (tx) =>
        queryRows<{ ok: boolean }>(
          tx,
          sql`select app_job_alert_unsubscribe(${contentTargets.jobAlertTokenB}) as ok`,
        ),
      );
    expect(await unsubscribe(a.clusterId)).toEqual([{ ok: false }]);
    const alert = await withTenant(t.database.db, { clusterId: b.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ isActive: jobAlerts.isActive })
        .from(jobAlerts)
        .where(eq(jobAlerts.id, contentTargets.jobAlertIdB)),
    );
    expect(alert).toEqual([{ isActive: true }]);
  });

  it('the inbox counting functions answer only for the request’s cluster', async () => {
    const count = (clusterId: string) =>
      withTenant(t.database.db, { clusterId }, (tx) =>
        queryRows<{ n: number; h: number | null }>(
          tx,
          sql`select app_inbox_open_connections(${hubB.id}, ${matrixTargets.userB2Id}::uuid, 'message', false, null::text, false) as n,
                     app_inbox_response_hours(${hubB.id}, ${matrixTargets.userB2Id}::uuid) as h`,
        ),
      );
    expect((await count(b.clusterId))[0]?.n).toBe(1);
    expect(await count(a.clusterId)).toEqual([{ n: 0, h: null }]);
    const outside = await queryRows<{ n: number }>(
      t.database.db,
      sql`select app_inbox_open_connections(${hubB.id}, ${matrixTargets.userB2Id}::uuid, 'message', false, null::text, false) as n`,
    );
    expect(outside[0]?.n).toBe(0);
  });

  it('the server connects as a role that is neither superuser, owner nor BYPASSRLS', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owns_users: boolean }>(
      t.database.db,
      sql`select r.rolsuper, r.rolbypassrls, (select tableowner = current_user from pg_tables where tablename = 'users') as owns_users
          from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owns_users: false });
  });

  it('every table with a cluster_id column has row-level security enabled and forced', async () => {
    const tables = await queryRows<{
      table_name: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      policies: number;
    }>(
      t.database.db,
      sql`select c.relname as table_name, c.relrowsecurity, c.relforcerowsecurity,
                 (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and (exists (select 1 from information_schema.columns col where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'cluster_id')
                 or c.relname = 'clusters')`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(10);
    for (const table of tables) {
      expect({
        table: table.table_name,
        rls: table.relrowsecurity,
        forced: table.relforcerowsecurity,
        hasPolicy: table.policies > 0,
      }).toEqual({
        table: table.table_name,
        rls: true,
        forced: true,
        hasPolicy: true,
      });
    }
  });
});
