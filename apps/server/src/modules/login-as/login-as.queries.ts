import type { TLoginAsCandidatesQuery } from '@commons/contract';
import { and, asc, eq, exists, ilike, isNull, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { adminAccessRights, hubMemberships, users, userTypes } from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

/** `ilike` pattern of a fragment: its own % and _ are literal. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const sortName = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Active members of the hub other than the viewer, platform admins and admins holding rights the viewer lacks, by name (the list of the 'Log in as a
 * member' section); whether each one may be logged in as is decided again by loginAsRefusal on start.
 */
export async function loginAsCandidates(
  tx: TTx,
  options: {
    hubId: number;
    viewerId: string;
    /** The viewer's rights in the hub, or null for super and cluster admins (who hold them all). */
    viewerRights: readonly string[] | null;
    query: TLoginAsCandidatesQuery & { limit: number };
    cursor: TCursor | null;
  },
) {
  const q = options.query.q?.trim();
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userType: userTypes.title,
      sortName,
    })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        isNull(users.deleteRequestedAt),
        not(eq(users.id, options.viewerId)),
        eq(users.isSuperAdmin, false),
        eq(users.isClusterAdmin, false),
        eq(users.isAdminOnClusterHub, false),
        // An admin holding a right the viewer lacks is left out (loginAsRefusal 'more_rights').
        options.viewerRights === null
          ? undefined
          : not(
              and(
                eq(hubMemberships.isAdmin, true),
                exists(
                  tx
                    .select({ one: sql`1` })
                    .from(adminAccessRights)
                    .where(
                      and(
                        eq(adminAccessRights.userId, users.id),
                        eq(adminAccessRights.hubId, options.hubId),
                        options.viewerRights.length === 0
                          ? undefined
                          : notInArray(adminAccessRights.right, [...options.viewerRights]),
                      ),
                    ),
                ),
              ) as SQL,
            ),
        q
          ? or(
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(q)),
              ilike(users.email, containsPattern(q)),
            )
          : undefined,
        keysetAfter(options.cursor, { sortKey: sortName, id: users.id, kind: 'text', direction: 'asc' }),
      ),
    )
    .orderBy(asc(sortName), asc(users.id))
    .limit(options.query.limit + 1);
  return keysetPage(rows, options.query.limit, (r) => ({ at: r.sortName, id: r.id }));
}
