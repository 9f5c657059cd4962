import {
  ERROR_CODES,
  HEADERS,
  ZHubSettings,
  type TAccessTokenPayload,
  type THubSettings,
  type TModuleId,
} from '@commons/contract';
import { hasAccessRight, type TClusterAccessRight, type THubAccessRight } from '@commons/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import type { TDatabase, TDb, TTx } from '../db/client.js';
import { rowFromJson } from '../db/json-rows.js';
import {
  adminAccessRights,
  auditLog,
  hubMemberships,
  hubSettings,
  hubs,
  users,
  userTypes,
} from '../db/schema/index.js';
import type { THubReadCache, THubScope } from '../lib/hub-read-cache.js';
import { ENABLED_MODULES_CACHE_KEY, requireModuleUsable } from '../lib/module-gate.js';
import { applyTenantScope, resolveHost, type TTenantScope } from '../db/tenant.js';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error.js';
import { verifyAccessToken, type TVerifiedToken } from '../lib/tokens.js';

/** A named right of spec 6: a hub access group or a cluster-level group. */
export type TAccessRight = THubAccessRight | TClusterAccessRight;

export type THubRow = typeof hubs.$inferSelect;
export type TUserRow = typeof users.$inferSelect;
export type TUserTypeRow = typeof userTypes.$inferSelect;
export type TMembership = typeof hubMemberships.$inferSelect & {
  hub: THubRow;
  userType: TUserTypeRow | null;
  accessRights: string[];
};
export type TViewer = {
  user: TUserRow;
  sessionId: string;
  loginAsAdmin: boolean;
  /** While loginAsAdmin: the admin really acting as `user` (token claim act.sub; issue #22 items 6-7). */
  actingAdminId: string | null;
  memberships: TMembership[];
};

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
  hasRight(right: TAccessRight): boolean;
  requireRight(right: TAccessRight): void;
  isClusterAdmin(): boolean;
  /**
   * The modules the request's hub has on (spec 3 Active module item), through the hub read cache: the module
   * gate's read, for a policy that checks its own module (pathways).
   */
  enabledModules(): Promise<THubSettings['enabledModules']>;
  /** The hub whose verified domain the request's Host is (migration 0057), or null. */
  hostHubIdentifier?: string | null;
  /** Drops a host from this process's host cache (a hub domain was verified or removed; others within 30 s). */
  forgetHost?(host: string): void;
  audit(entry: {
    action: string;
    targetType?: string;
    targetId?: string;
    data?: Record<string, unknown>;
    /**
     * Who acted and as whom, when not the viewer (login-as start and return). By default the actor is the viewer,
     * or while the viewer's session is a login-as one, the admin really acting, with the viewer as acting-as.
     */
    by?: { actorUserId: string; actingAsUserId: string | null };
    /** The hub of the entry when the request has none (default: the request's hub). */
    hubId?: number;
  }): Promise<void>;
};

export type TTenantOptions = {
  auth: 'required' | 'optional';
  /** Where the hub comes from: the x-hub-id header (default), an explicit identifier, or none. */
  hub?: 'required' | 'optional' | 'none';
  hubIdentifier?: string;
  /**
   * The navigation module the endpoint belongs to (lib/module-gate): while the hub has it off, 403
   * `<module>_hidden` unless the viewer manages it. Checked before the handler, from the hub read cache.
   */
  module?: TModuleId | null;
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
/** Verified access tokens remembered at once (LRU); only tokens with a valid signature enter. */
const VERIFIED_TOKEN_CACHE_MAX = 10_000;
/** Hosts remembered at once; any client can send any Host header, so the cache is bounded (LRU). */
const CLUSTER_CACHE_MAX_HOSTS = 5_000;

/** Resolves user, cluster, hub and membership once per request inside one tenant transaction. */
export function registerRequestContext(
  app: FastifyInstance,
  deps: {
    db: TDb;
    transactionWith: TDatabase['transactionWith'];
    jwtSecret: Uint8Array;
    clock: () => Date;
    /** Told after a write request in a hub committed (its hub-wide cached reads are stale). */
    onHubWrite?: (scope: THubScope) => void;
    /** Keeps each hub's enabled modules for the module check of TTenantOptions.module (no query per request). */
    hubReadCache?: THubReadCache;
  },
): void {
  // A host's cluster and, for a verified hub domain, its hub (issue #23 item 2): a domain verified or removed
  // takes effect here at once and in other processes within CLUSTER_CACHE_TTL_MS.
  const clusterCache = new LRUCache<string, { clusterId: string; hubIdentifier: string | null }>({
    max: CLUSTER_CACHE_MAX_HOSTS,
    ttl: CLUSTER_CACHE_TTL_MS,
  });

  async function tenantOfHost(
    host: string,
  ): Promise<{ clusterId: string; hubIdentifier: string | null } | null> {
    const cached = clusterCache.get(host);
    if (cached) return cached;
    const resolved = await resolveHost(deps.db, host);
    if (resolved) clusterCache.set(host, resolved);
    return resolved;
  }

  app.decorateRequest('accessToken', null);
  app.decorateRequest('verifiedToken', null);
  app.decorateRequest('tenant', function tenant<
    T,
  >(this: FastifyRequest, options: TTenantOptions, work: (ctx: TRequestContext) => Promise<T>): Promise<T> {
    return runInTenant(this, options, work);
  });

  // Access tokens whose signature, issuer and claims were verified, with their expiry (issue #17 item 1): a
  // client sends the same token for up to 15 minutes, and verifying its HMAC through WebCrypto on every request
  // cost more than the request's whole database round trip. Expiry is still checked on every use; revocation is
  // the session check of the context statement, as before.
  const verifiedTokens = new LRUCache<string, { payload: TAccessTokenPayload; exp: number }>({
    max: VERIFIED_TOKEN_CACHE_MAX,
  });
  async function verify(token: string, now: Date): Promise<TVerifiedToken> {
    const known = verifiedTokens.get(token);
    if (known) {
      if (known.exp > Math.floor(now.getTime() / 1000)) return { status: 'valid', payload: known.payload };
      verifiedTokens.delete(token);
    }
    const verified = await verifyAccessToken(token, deps.jwtSecret, now);
    const { exp } = verified.status === 'valid' ? decodeJwt(token) : {};
    if (verified.status === 'valid' && typeof exp === 'number')
      verifiedTokens.set(token, { payload: verified.payload, exp });
    return verified;
  }

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (match?.[1]) {
      request.accessToken = match[1];
      request.verifiedToken = await verify(match[1], deps.clock());
    }
  });

  // Answers of the API hold personal data: no shared or browser cache keeps them unless a route says so
  // (photos and feeds set their own). The x-access-token header (spec 7) is sent only with a new token, by
  // sign-in and refresh, never echoed back (issue #13 item 16).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  async function runInTenant<T>(
    request: FastifyRequest,
    options: TTenantOptions,
    work: (ctx: TRequestContext) => Promise<T>,
  ): Promise<T> {
    const now = deps.clock();
    const hostTenant = await tenantOfHost(request.hostname);
    if (!hostTenant) throw notFound('Cluster');
    const clusterId = hostTenant.clusterId;

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
    // A request naming no hub on a verified hub domain acts on that domain's hub.
    const hubKey =
      hubMode === 'none'
        ? null
        : (options.hubIdentifier ?? headerValue(request, HEADERS.hubId) ?? hostTenant.hubIdentifier);
    if (hubMode === 'required' && !hubKey) {
      throw new AppError({
        statusCode: 400,
        code: ERROR_CODES.validationFailed,
        message: `The ${HEADERS.hubId} header is required`,
        fields: { [HEADERS.hubId]: 'Required' },
      });
    }

    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    let writtenHubId: number | null = null;
    // One round trip: BEGIN, settings, user, session check, memberships and hub (migration 0020, issue #17).
    const result = await deps.transactionWith(
      contextStatement({ clusterId, payload, hubKey }),
      async (tx, rows) => {
        const { viewer, hub } = readContext(rows, payload);
        if (payload && !viewer && options.auth === 'required') {
          throw unauthorized(ERROR_CODES.tokenInvalid, ERROR_CODES.tokenInvalid);
        }
        if (hubKey && !hub) throw notFound('Hub');
        if (isWrite && hub) writtenHubId = hub.id;
        const isClusterScope = Boolean(viewer && (viewer.user.isSuperAdmin || viewer.user.isClusterAdmin));
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
          enabledModules: async () => {
            const scopeHub = ctx.requireHub();
            const load = async () => {
              const [row] = await tx
                .select({ settings: hubSettings.settings })
                .from(hubSettings)
                .where(eq(hubSettings.hubId, scopeHub.id))
                .limit(1);
              return ZHubSettings.parse(row?.settings ?? {}).enabledModules;
            };
            return deps.hubReadCache
              ? deps.hubReadCache.read({ clusterId, hubId: scopeHub.id }, ENABLED_MODULES_CACHE_KEY, load)
              : load();
          },
          hostHubIdentifier: hostTenant.hubIdentifier,
          forgetHost: (host) => {
            clusterCache.delete(host);
          },
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
              hubId: entry.hubId ?? hub?.id ?? null,
              // issue #22 item 7 'who, acting as whom': while an admin acts as a member, the admin is the actor.
              actorUserId: entry.by?.actorUserId ?? viewer?.actingAdminId ?? viewer?.user.id ?? null,
              actingAsUserId:
                entry.by !== undefined
                  ? entry.by.actingAsUserId
                  : viewer?.actingAdminId
                    ? viewer.user.id
                    : null,
              action: entry.action,
              targetType: entry.targetType ?? null,
              targetId: entry.targetId ?? null,
              data: entry.data ?? {},
              ip: request.ip,
            });
          },
        };
        if (options.module && hub) {
          requireModuleUsable({
            enabledModules: await ctx.enabledModules(),
            moduleId: options.module,
            viewer: ctx,
          });
        }
        return work(ctx);
      },
    );
    // After the commit: a read made from now on sees the write.
    if (writtenHubId !== null) deps.onHubWrite?.({ clusterId, hubId: writtenHubId });
    return result;
  }
}

type TContextJson = {
  user: Record<string, unknown> | null;
  memberships: Array<{
    membership: Record<string, unknown>;
    hub: Record<string, unknown>;
    userType: Record<string, unknown> | null;
    rights: string[];
  }>;
  hub: Record<string, unknown> | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that opens the request's tenant scope and loads its viewer and hub: app_begin_request sets the
 * settings the row-level security policies read and answers the rows, under those same policies.
 */
function contextStatement(options: {
  clusterId: string;
  payload: TAccessTokenPayload | null;
  hubKey: string | null;
}): SQL {
  const { payload } = options;
  const isWellFormed = payload !== null && UUID.test(payload.sub) && UUID.test(payload.sid);
  return sql`SELECT app_begin_request(${options.clusterId}::uuid, ${isWellFormed ? payload.sub : null}::uuid, ${isWellFormed ? payload.sid : null}::uuid, ${options.hubKey}::text) AS context`;
}

/** The viewer and hub of the context statement's answer. */
function readContext(
  rows: unknown[],
  payload: TAccessTokenPayload | null,
): { viewer: TViewer | null; hub: THubRow | null } {
  const context = (rows[0] as { context?: TContextJson } | undefined)?.context;
  if (!context) throw new Error('app_begin_request answered nothing');
  const hub = context.hub ? rowFromJson(hubs, context.hub) : null;
  if (!context.user || !payload) return { viewer: null, hub };
  const memberships: TMembership[] = context.memberships.map((m) => ({
    ...rowFromJson(hubMemberships, m.membership),
    hub: rowFromJson(hubs, m.hub),
    userType: m.userType ? rowFromJson(userTypes, m.userType) : null,
    accessRights: m.rights,
  }));
  return {
    viewer: {
      user: rowFromJson(users, context.user),
      sessionId: payload.sid,
      loginAsAdmin: payload.loginAsAdmin,
      actingAdminId: payload.loginAsAdmin ? (payload.act?.sub ?? null) : null,
      memberships,
    },
    hub,
  };
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() ? first.trim() : null;
}

/** A user's hub memberships with hub, user type and admin rights; widens the scope to the user's hubs. */
export async function loadMemberships(
  tx: TTx,
  options: { scope: TTenantScope; userId: string },
): Promise<TMembership[]> {
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
