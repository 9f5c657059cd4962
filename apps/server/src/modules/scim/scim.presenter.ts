import { SCIM_SCHEMA, type TScimGroupMapping, type TScimToken } from '@commons/contract';
import type { TScimGroupRow, TScimMember, TScimTokenRow, TScimUserRow } from './scim.queries.js';

/** The absolute base of the protocol on the request's host, for meta.location and $ref (RFC 7643 3.1). */
export type TScimBase = string;

/** RFC 7643 4.1: a user as the provider sees it. userName is the account's email address. */
export function presentScimUser(row: TScimUserRow, base: TScimBase) {
  const { user, scim } = row;
  const lastModified = scim && scim.updatedAt > user.updatedAt ? scim.updatedAt : user.updatedAt;
  return {
    schemas: [SCIM_SCHEMA.user],
    id: user.id,
    externalId: scim?.externalId ?? undefined,
    userName: user.email,
    name: {
      givenName: user.firstName,
      familyName: user.lastName,
      formatted: `${user.firstName} ${user.lastName}`.trim(),
    },
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: scim?.isActive ?? true,
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: lastModified.toISOString(),
      location: `${base}/Users/${user.id}`,
    },
  };
}

/** RFC 7643 4.2; `members` is left out when the provider asked so (excludedAttributes=members). */
export function presentScimGroup(
  group: TScimGroupRow,
  members: readonly TScimMember[] | null,
  base: TScimBase,
) {
  return {
    schemas: [SCIM_SCHEMA.group],
    id: group.id,
    externalId: group.externalId ?? undefined,
    displayName: group.displayName,
    ...(members === null
      ? {}
      : {
          members: members.map((m) => ({
            value: m.userId,
            display: `${m.firstName} ${m.lastName}`.trim(),
            $ref: `${base}/Users/${m.userId}`,
            type: 'User',
          })),
        }),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
    },
  };
}

/** RFC 7644 3.4.2: a page of resources. */
export function presentListResponse<T>(options: { resources: T[]; total: number; startIndex: number }) {
  return {
    schemas: [SCIM_SCHEMA.listResponse],
    totalResults: options.total,
    startIndex: options.startIndex,
    itemsPerPage: options.resources.length,
    Resources: options.resources,
  };
}

export function presentScimToken(row: { token: TScimTokenRow; createdBy: string | null }): TScimToken {
  return {
    id: row.token.id,
    name: row.token.name,
    prefix: row.token.tokenPrefix,
    createdAt: row.token.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.token.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.token.revokedAt?.toISOString() ?? null,
  };
}

export function presentScimGroupMapping(row: {
  group: TScimGroupRow;
  memberCount: number;
}): TScimGroupMapping {
  return {
    id: row.group.id,
    displayName: row.group.displayName,
    externalId: row.group.externalId,
    memberCount: Number(row.memberCount),
    hubId: row.group.hubId,
    userTypeId: row.group.userTypeId,
    updatedAt: row.group.updatedAt.toISOString(),
  };
}
