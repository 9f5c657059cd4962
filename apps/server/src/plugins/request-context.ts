import { ERROR_CODES, HEADERS } from '@commons/contract';
import { hasAccessRight } from '@commons/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDb, TTx } from '../db/client.js';
import { adminAccessRights, auditLog, hubMemberships, hubs, users, userTypes } from '../db/schema/index.js';
import { applyTenantScope, resolveClusterId, type TTenantScope } from '../db/tenant.js';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error.js';
import { verifyAccessToken, type TVerifiedToken } from '../modules/auth/tokens.js';

export type THubRow = typeof hubs.$inferSelect;
export type TUserRow = typeof users.$inferSelect;
export type TUserTypeRow = typeof userTypes.$inferSelect;
export type TMembership = typeof hubMemberships.$inferSelect & {
  hub: THubRow;
  userType: TUserTypeRow | null;
  accessRights: string[];
};
export type TViewer = { user: TUserRow; sessionId: string; loginAsAdmin: boolean; memberships: TMembership[] };

export type TRequestContext = {
  tx: TTx;
  clusterId: string;
  now: Date;
  viewer: TViewer | null;
  hub: THubRow | null;
  /** The viewer's membership of the request's hub, when both exist. */
  membership: TMembership | null;
  requireViewer(): TViewer;
  requireHub(): THubRow;
  /** spec 6: super and cluster admins pass every rights check; a hub admin needs the named right. */
  hasRight(right: string): boolean;
  requireRight(right: string): void;
  isClusterAdmin(): boolean;
  audit(entry: { action: string; targetType?: string; targetId?: string; data?: Record<string, unknown> }): Promise<void>;
};

export type TTenantOptions = {
  auth: 'required' | 'optional';
  /** Where the hub comes from: the x-hub-id header (default), an explicit identifier, or none. */
  hub?: 'required' | 'optional' | 'none';
  hubIdentifier?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    accessToken: string | null;
    verifiedToken: TVerifiedToken | null;
    /** Runs `work` in the request's tenant transaction (ARCHITECTURE.md request lifecycle). */
    tenant<T>(options: TTenantOptions, work: (ctx: TRequestContext) => Promise<T>): Promise<T>;
  }
}

const CLUSTER_CACHE_TTL_MS = 30_000;

/** Resolves user, cluster, hub and membership once per request inside one tenant transaction. */
export function registerRequestContext(app: FastifyInstance, deps: { db: TDb; jwtSecret: Uint8Array; clock: () => Date }): void {
  const clusterCache = new Map<string, { id: string | null; at: number }>();

  async function clusterFor(host: string): Promise<string | null> {
    const cached = clusterCache.get(host);
    const nowMs = Date.now();
    if (cached && nowMs - cached.at < CLUSTER_CACHE_TTL_MS && cached.id) return cached.id;
    const id = await resolveClusterId(deps.db, host);
    clusterCache.set(host, { id, at: nowMs });
    return id;
  }

  app.decorateRequest('accessToken', null);
  app.decorateRequest('verifiedToken', null);
  app.decorateRequest('tenant', function tenant<T>(
    this: FastifyRequest,
    options: TTenantOptions,
    work: (ctx: TRequestContext) => Promise<T>,
  ): Promise<T> {
    return runInTenant(this, options, work);
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (match?.[1]) {
      request.accessToken = match[1];
      request.verifiedToken = await verifyAccessToken(match[1], deps.jwtSecret, deps.clock());
    }
  });

  // spec 7: authenticated responses carry the token header the client reads for its admin flags.
  app.addHook('onSend', async (request, reply) => {
    if (request.verifiedToken?.status === 'valid' && request.accessToken && !reply.hasHeader(HEADERS.accessToken)) {
      reply.header(HEADERS.accessToken, request.accessToken);
    }
  });

  async function runInTenant<T>(
    request: FastifyRequest,
    options: TTenantOptions,
    work: (ctx: TRequestContext) => Promise<T>,
  ): Promise<T> {
    const now = deps.clock();
    const clusterId = await clusterFor(request.hostname);
    if (!clusterId) throw notFound('Cluster');

    const token = request.verifiedToken;
    if (options.auth === 'required') {
      if (!token) throw unauthorized();
      if (token.status === 'expired') throw unauthorized(ERROR_CODES.tokenExpired, ERROR_CODES.tokenExpired);
      if (token.status === 'invalid') throw unauthorized(ERROR_CODES.tokenInvalid, ERROR_CODES.tokenInvalid);
    }
    const payload = token?.status === 'valid' ? token.payload : null;
    if (payload && payload.cid !== clusterId) {
      // A token of another cluster is never honoured here, not even as "optional" auth.
      throw unauthorized(ERROR_CODES.tokenInvalid, ERROR_CODES.tokenInvalid);
    }

    const hubMode = options.hub ?? 'optional';
    const hubKey = hubMode === 'none' ? null : (options.hubIdentifier ?? headerValue(request, HEADERS.hubId));
    if (hubMode === 'required' && !hubKey) {
      throw new AppError({
        statusCode: 400,
        code: ERROR_CODES.validationFailed,
        message: `The ${HEADERS.hubId} header is required`,
        fields: { [HEADERS.hubId]: 'Required' },
      });
    }

    return deps.db.transaction(async (tx) => {
      const scope: TTenantScope = { clusterId, userId: payload?.sub ?? null };
      await applyTenantScope(tx, scope);

      const viewer = payload
        ? await loadViewer(tx, { scope, sessionFamilyId: payload.sid, loginAsAdmin: payload.loginAsAdmin })
        : null;
      if (payload && !viewer && options.auth === 'required') {
        throw unauthorized(ERROR_CODES.tokenInvalid, ERROR_CODES.tokenInvalid);
      }
      const hub = hubKey ? await findHub(tx, hubKey) : null;
      if (hubKey && !hub) throw notFound('Hub');

      const isClusterScope = Boolean(viewer && (viewer.user.isSuperAdmin || viewer.user.isClusterAdmin));
      await applyTenantScope(tx, {
        clusterId,
        hubId: hub?.id ?? null,
        userId: viewer?.user.id ?? null,
        memberHubIds: viewer?.memberships.map((m) => m.hubId) ?? [],
        isClusterScope,
      });
      const membership = (hub && viewer?.memberships.find((m) => m.hubId === hub.id)) || null;

      const ctx: TRequestContext = {
        tx,
        clusterId,
        now,
        viewer,
        hub,
        membership,
        requireViewer: () => {
          if (!viewer) throw unauthorized();
          return viewer;
        },
        requireHub: () => {
          if (!hub) throw notFound('Hub');
          return hub;
        },
        isClusterAdmin: () => isClusterScope,
        hasRight: (right) =>
          Boolean(viewer) &&
          hasAccessRight(
            {
              isSuperAdmin: viewer?.user.isSuperAdmin ?? false,
              isClusterAdmin: viewer?.user.isClusterAdmin ?? false,
              accessRights: membership?.isAdmin ? membership.accessRights : [],
            },
            right,
          ),
        requireRight: (right) => {
          if (!ctx.hasRight(right)) throw forbidden();
        },
        audit: async (entry) => {
          await tx.insert(auditLog).values({
            clusterId,
            hubId: hub?.id ?? null,
            actorUserId: viewer?.user.id ?? null,
            action: entry.action,
            targetType: entry.targetType ?? null,
            targetId: entry.targetId ?? null,
            data: entry.data ?? {},
            ip: request.ip,
          });
        },
      };
      return work(ctx);
    });
  }
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() ? first.trim() : null;
}

/** A hub by numeric id or identifier, within the current cluster (RLS). */
export async function findHub(tx: TTx, key: string): Promise<THubRow | null> {
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const rows = await tx
    .select()
    .from(hubs)
    .where(byId !== null ? eq(hubs.id, byId) : eq(hubs.identifier, key))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The signed-in user with memberships, user types and rights; null when the session was revoked.
 * Memberships are read by user id first; their hubs then join the tenant scope so the hub-scoped user
 * types and rights of every hub the user belongs to become visible.
 */
export async function loadViewer(
  tx: TTx,
  options: { scope: TTenantScope; sessionFamilyId: string; loginAsAdmin: boolean },
): Promise<TViewer | null> {
  const userId = options.scope.userId;
  if (!userId) return null;
  const userRows = await tx
    .select({
      user: users,
      // Raw names on purpose: inside a subquery drizzle would render bare column names that bind to it.
      hasLiveSession: sql<boolean>`exists (select 1 from refresh_sessions rs where rs.family_id = ${options.sessionFamilyId} and rs.user_id = users.id and rs.revoked_at is null)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleteRequestedAt)))
    .limit(1);
  const row = userRows[0];
  if (!row || !row.hasLiveSession) return null;
  const memberships = await loadMemberships(tx, { scope: options.scope, userId });
  return { user: row.user, sessionId: options.sessionFamilyId, loginAsAdmin: options.loginAsAdmin, memberships };
}

/** A user's hub memberships with hub, user type and admin rights; widens the scope to the user's hubs. */
export async function loadMemberships(tx: TTx, options: { scope: TTenantScope; userId: string }): Promise<TMembership[]> {
  const rows = await tx
    .select({ membership: hubMemberships, hub: hubs })
    .from(hubMemberships)
    .innerJoin(hubs, eq(hubs.id, hubMemberships.hubId))
    .where(eq(hubMemberships.userId, options.userId))
    .orderBy(sql`${hubMemberships.isDefault} desc`, hubs.name);
  if (rows.length === 0) return [];
  await applyTenantScope(tx, { ...options.scope, memberHubIds: rows.map((r) => r.hub.id) });
  const typeIds = rows.map((r) => r.membership.userTypeId).filter((id): id is string => id !== null);
  const types = typeIds.length ? await tx.select().from(userTypes).where(inArray(userTypes.id, typeIds)) : [];
  const rights = await tx
    .select({ hubId: adminAccessRights.hubId, right: adminAccessRights.right })
    .from(adminAccessRights)
    .where(eq(adminAccessRights.userId, options.userId));
  return rows.map((r) => ({
    ...r.membership,
    hub: r.hub,
    userType: types.find((t) => t.id === r.membership.userTypeId) ?? null,
    accessRights: rights.filter((x) => x.hubId === r.hub.id).map((x) => x.right),
  }));
}
