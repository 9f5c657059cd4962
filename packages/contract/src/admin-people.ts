import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import { z } from 'zod';
import { PAGE_SIZE_MAX, ZId, ZIsoDateTime, ZPageQuery, ZUuid, ZDateOnly } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * People in the hub administration console (issue #22 items 1 and 6): the hub's admins and their access rights
 * (right manage-admins), and the admin list of the hub's members with filters and the user-type switch (rights
 * explore-users and switch-user-types).
 */

/** One hub access right of spec 6. */
export const ZHubAccessRight = z.enum(HUB_ACCESS_RIGHTS);

const ZUserTypeRef = z.object({ id: ZId, title: z.string() });

/** A hub admin with the rights they hold in the hub. */
export const ZHubAdmin = z.object({
  userId: ZId,
  identifier: z.string(),
  fullName: z.string(),
  /** Shown only to viewers who also hold explore-users (spec 6); null otherwise. */
  email: z.string().nullable(),
  userType: ZUserTypeRef.nullable(),
  rights: z.array(z.string()),
  /** The viewer themself: they may not remove their own manage-admins right or admin role. */
  isSelf: z.boolean(),
  /** A super or cluster admin passes every rights check whatever rights they hold here (spec 6). */
  platformRole: z.enum(['super-admin', 'cluster-admin']).nullable(),
});
export type THubAdmin = z.infer<typeof ZHubAdmin>;

export const ZHubAdminsResponse = z.object({
  items: z.array(ZHubAdmin),
  /** Rights that can be granted in this hub (spec 6: fewer on experiential-learning-only hubs). */
  grantableRights: z.array(ZHubAccessRight),
  /** Of those, the rights the viewer may grant or revoke: all for platform admins, else the ones they hold. */
  manageableRights: z.array(ZHubAccessRight),
});
export type THubAdminsResponse = z.infer<typeof ZHubAdminsResponse>;

export const ZAdminUserParams = z.object({ userId: ZUuid });

export const ZSetAdminRightRequest = z.object({
  right: ZHubAccessRight,
  isGranted: z.boolean(),
});
export type TSetAdminRightRequest = z.infer<typeof ZSetAdminRightRequest>;

export const ZMakeAdminRequest = z.object({
  userId: ZUuid,
  /** Rights to grant at once (each must be grantable and manageable by the viewer). */
  rights: z.array(ZHubAccessRight).max(HUB_ACCESS_RIGHTS.length).default([]),
});
export type TMakeAdminRequest = z.input<typeof ZMakeAdminRequest>;

export const ZAdminCandidatesQuery = z.object({
  q: z.string().trim().min(1, 'Type a name or email.').max(100),
});
export const ZAdminCandidate = z.object({
  userId: ZId,
  fullName: z.string(),
  email: z.string().nullable(),
  userType: ZUserTypeRef.nullable(),
});
export type TAdminCandidate = z.infer<typeof ZAdminCandidate>;
export const ZAdminCandidatesResponse = z.object({ items: z.array(ZAdminCandidate) });

/** Most candidates one search answers. */
export const ADMIN_CANDIDATES_LIMIT = 10;

/** A membership's approval (spec 3 Hub membership approved: true, unset, false). */
export const MEMBER_STATUSES = ['approved', 'pending', 'rejected'] as const;
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export type TMemberStatus = z.infer<typeof ZMemberStatus>;

/** Orders of the members list. */
export const MEMBER_SORTS = ['joined-desc', 'joined-asc', 'name-asc'] as const;
export const ZMemberSort = z.enum(MEMBER_SORTS);
export type TMemberSort = z.infer<typeof ZMemberSort>;

const ZDay = ZDateOnly;

export const ZMembersQuery = ZPageQuery.extend({
  /** Part of the name or email. */
  q: z.string().trim().max(100).optional(),
  userTypeId: ZUuid.optional(),
  status: ZMemberStatus.optional(),
  /** First and last day (UTC) the member joined the hub. */
  joinedFrom: ZDay.optional(),
  joinedTo: ZDay.optional(),
  sort: ZMemberSort.default('joined-desc'),
});
export type TMembersQuery = z.input<typeof ZMembersQuery>;

export const ZHubMemberRow = z.object({
  userId: ZId,
  identifier: z.string(),
  fullName: z.string(),
  email: z.string(),
  userType: ZUserTypeRef.nullable(),
  status: ZMemberStatus,
  isAdmin: z.boolean(),
  joinedAt: ZIsoDateTime,
});
export type THubMemberRow = z.infer<typeof ZHubMemberRow>;

export const ZMembersPage = z.object({
  items: z.array(ZHubMemberRow),
  nextCursor: z.string().nullable(),
  /** The hub's user types, for the filter and the switch. */
  userTypes: z.array(ZUserTypeRef.extend({ isDisabled: z.boolean() })),
  can: z.object({ switchUserType: z.boolean() }),
});
export type TMembersPage = z.infer<typeof ZMembersPage>;

/** Most members one user-type switch changes (one page of the list at most). */
export const USER_TYPE_SWITCH_MAX = PAGE_SIZE_MAX;

export const ZSwitchUserTypeRequest = z.object({
  userIds: z
    .array(ZUuid)
    .min(1, 'Choose at least one member.')
    .max(USER_TYPE_SWITCH_MAX, `Choose at most ${USER_TYPE_SWITCH_MAX} members at a time.`),
  userTypeId: ZUuid,
});
export type TSwitchUserTypeRequest = z.infer<typeof ZSwitchUserTypeRequest>;
export const ZSwitchUserTypeResponse = z.object({
  /** Members whose type changed (those already of that type are left as they are). */
  changed: z.number().int(),
  userType: ZUserTypeRef,
});

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

export const ADMIN_PEOPLE_ENDPOINTS = {
  listAdmins: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/admins',
    operationId: 'listHubAdmins',
    summary: 'manage-admins: the hub’s admins with their access rights, and the rights the hub offers',
    response: ZHubAdminsResponse,
    errors: [400, 401, 403, 404],
  }),
  adminCandidates: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/admins/candidates',
    operationId: 'searchAdminCandidates',
    summary: 'manage-admins: approved members (not yet admins) by name or email, to make admin',
    query: ZAdminCandidatesQuery,
    response: ZAdminCandidatesResponse,
    errors: [400, 401, 403, 404],
  }),
  makeAdmin: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/admins',
    operationId: 'makeHubAdmin',
    summary: 'manage-admins: make an approved member a hub admin, with rights',
    body: ZMakeAdminRequest,
    response: ZHubAdmin,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  setRight: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/admins/:userId/rights',
    operationId: 'setHubAdminRight',
    summary: 'manage-admins: grant or revoke one access right of a hub admin',
    params: ZAdminUserParams,
    body: ZSetAdminRightRequest,
    response: ZHubAdmin,
    errors: [400, 401, 403, 404, 409],
  }),
  removeAdmin: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/admins/:userId',
    operationId: 'removeHubAdmin',
    summary: 'manage-admins: remove a hub admin (they stay a member) and all their rights',
    params: ZAdminUserParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
  listMembers: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/members',
    operationId: 'exploreHubMembers',
    summary: 'explore-users: the hub’s members by name or email, user type, status and joined days',
    query: ZMembersQuery,
    response: ZMembersPage,
    errors: [400, 401, 403, 404],
  }),
  switchUserType: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/members/user-type',
    operationId: 'switchMembersUserType',
    summary: 'switch-user-types: give one or more members of the hub another user type',
    body: ZSwitchUserTypeRequest,
    response: ZSwitchUserTypeResponse,
    errors: [400, 401, 403, 404],
  }),
};
