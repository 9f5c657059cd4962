import type { TAuditLogQuery } from '@commons/contract';
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TTx } from '../../db/client.js';
import { auditLog, hubs, users } from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

/** The filters of the admins' list and export, resolved (the hub by id). */
export type TAuditLogFilters = {
  clusterId: string;
  hubId: number | null;
  action: string | undefined;
  actorId: string | undefined;
  from: string | undefined;
  to: string | undefined;
};

const DAY_MS = 86_400_000;

/** The member whose account the actor was using (login as). */
const actingAs = alias(users, 'acting_as');

/** `like` pattern of a prefix: its own % and _ are literal. */
function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filters: TAuditLogFilters): SQL | undefined {
  return and(
    eq(auditLog.clusterId, filters.clusterId),
    filters.hubId === null ? undefined : eq(auditLog.hubId, filters.hubId),
    filters.action ? like(auditLog.action, prefixPattern(filters.action)) : undefined,
    filters.actorId ? eq(auditLog.actorUserId, filters.actorId) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    // The last day is whole: entries before the start of the next one.
    filters.to ? lt(auditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

/** Entries newest first with their hub and actor, keyset on (created_at, id); `limit + 1` rows are read. */
export async function auditLogRows(
  tx: TTx,
  options: { filters: TAuditLogFilters; cursor: TCursor | null; limit: number },
) {
  const rows = await tx
    .select({
      entry: auditLog,
      hubIdentifier: hubs.identifier,
      hubName: hubs.name,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      actingAsFirstName: actingAs.firstName,
      actingAsLastName: actingAs.lastName,
      actingAsEmail: actingAs.email,
    })
    .from(auditLog)
    .leftJoin(hubs, eq(hubs.id, auditLog.hubId))
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsUserId))
    .where(
      and(
        whereOf(options.filters),
        keysetAfter(options.cursor, {
          sortKey: auditLog.createdAt,
          id: auditLog.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({ at: r.entry.createdAt.toISOString(), id: r.entry.id }));
}

export type TAuditLogRow = Awaited<ReturnType<typeof auditLogRows>>['rows'][number];

/** The cluster's hubs by name, for the hub filter. */
export function clusterHubs(tx: TTx, clusterId: string) {
  return tx
    .select({ id: hubs.id, identifier: hubs.identifier, name: hubs.name })
    .from(hubs)
    .where(eq(hubs.clusterId, clusterId))
    .orderBy(hubs.name);
}

export type { TAuditLogQuery };
