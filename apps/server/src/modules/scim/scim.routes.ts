import {
  SCIM_BASE_PATH,
  SCIM_CONTENT_TYPE,
  ZScimGroupRequest,
  ZScimPatchRequest,
  ZScimUserRequest,
} from '@commons/contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { applyTenantScope } from '../../db/tenant.js';
import { AppError } from '../../lib/app-error.js';
import { hashOpaqueToken } from '../../lib/tokens.js';
import { createFailureCounter } from '../../plugins/failure-counter.js';
import type { TRateLimits } from '../../plugins/rate-limit.js';
import {
  createScimGroup,
  createScimUser,
  deleteScimGroup,
  deleteScimUser,
  patchScimGroup,
  patchScimUser,
  recordScimTokenUse,
  replaceScimGroup,
  replaceScimUser,
  type TScimContext,
} from './scim.commands.js';
import { resourceTypes, schemas, SCIM_MAX_RESULTS, serviceProviderConfig } from './scim.discovery.js';
import { ScimError, scimErrorBody, scimNotFound } from './scim.errors.js';
import { parseScimFilter } from './scim.filter.js';
import { presentListResponse, presentScimGroup, presentScimUser, type TScimBase } from './scim.presenter.js';
import {
  findScimGroup,
  findScimUser,
  scimGroupMembersOf,
  scimGroupPage,
  scimTokenByHash,
  scimUserPage,
} from './scim.queries.js';
import { scimSettingsRoutes } from './scim-settings.routes.js';

/** A token's last use is written at most this often (a sync sends many requests in a row). */
const LAST_USED_RESOLUTION_MS = 60_000;
const DEFAULT_PAGE_SIZE = 100;
const HIDDEN = { schema: { hide: true } } as const;

type TAnswer = { status: number; body?: unknown; location?: string };

/**
 * SCIM 2.0 (issue #24 item 6): /scim/v2 on the cluster's host, answered in application/scim+json with RFC 7644
 * error bodies, plus the sso-settings API that manages its tokens. A request acts for the cluster its Host
 * names, and only with a token of that cluster that is not revoked; then it holds the cluster-wide scope.
 * Failed authentications count per IP address like failed sign-ins (429 past the auth limit).
 */
export function scimRoutes(
  deps: Pick<TAppDeps, 'clock'> & { rateLimits: TRateLimits; redis: Redis | null },
): FastifyPluginAsync {
  return async (app) => {
    await app.register(scimSettingsRoutes);
    await app.register(scimProtocolRoutes(deps), { prefix: SCIM_BASE_PATH });
  };
}

function scimProtocolRoutes(
  deps: Pick<TAppDeps, 'clock'> & { rateLimits: TRateLimits; redis: Redis | null },
): FastifyPluginAsync {
  return async (scim) => {
    scim.addContentTypeParser(
      SCIM_CONTENT_TYPE,
      { parseAs: 'string' },
      scim.getDefaultJsonParser('error', 'error'),
    );
    scim.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = toScimError(error);
      if (answer.statusCode >= 500) request.log.error({ err: error }, 'scim request failed');
      else
        request.log.info({ statusCode: answer.statusCode, detail: answer.message }, 'scim request refused');
      if (answer.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
      return sendScim(reply, { status: answer.statusCode, body: answer.body() });
    });
    scim.setNotFoundHandler((request, reply) =>
      sendScim(reply, {
        status: 404,
        body: scimErrorBody(404, `No SCIM endpoint ${request.method} ${request.url.split('?')[0]}`),
      }),
    );

    const failures = createFailureCounter({
      redis: deps.redis,
      namespace: 'scim-token',
      max: deps.rateLimits.authPerIp,
      windowMs: deps.rateLimits.windowMs,
    });

    /** Verifies the bearer token for the Host's cluster, then runs `work` with the cluster-wide scope. */
    async function inCluster(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (ctx: TScimContext, base: TScimBase) => Promise<TAnswer>,
    ): Promise<FastifyReply> {
      const waitSeconds = await failures.retryAfterSeconds(request.ip);
      if (waitSeconds > 0) {
        reply.header('retry-after', String(waitSeconds));
        throw new ScimError(429, `Too many failed authentications, retry in ${waitSeconds} seconds`);
      }
      const token = request.accessToken;
      if (!token) {
        await failures.recordFailure(request.ip);
        throw new ScimError(401, 'A bearer token is required');
      }
      const base = `${request.protocol}://${request.host}${SCIM_BASE_PATH}`;
      let isRefused = false;
      try {
        const answer = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          // Another cluster's token is not even visible here (RLS on scim_tokens).
          const row = await scimTokenByHash(ctx.tx, hashOpaqueToken(token));
          if (!row || row.revokedAt) {
            isRefused = true;
            throw new ScimError(401, 'The bearer token is not valid for this cluster, or it was revoked');
          }
          if (!row.lastUsedAt || ctx.now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
            // scim_tokens_touch (migration 0058) lets the request write this before it holds the cluster scope.
            await recordScimTokenUse(ctx.tx, { id: row.id, now: ctx.now });
          // The token stands for the cluster's identity provider: it acts cluster-wide, as a cluster admin
          // does, and still only in this cluster (app.cluster_id stays the Host's).
          await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, isClusterScope: true });
          return work({ ...ctx, scimTokenId: row.id }, base);
        });
        return sendScim(reply, answer);
      } catch (error) {
        if (isRefused) await failures.recordFailure(request.ip);
        throw error;
      }
    }

    // Discovery (RFC 7644 4): static documents, no tenant data.
    scim.get('/ServiceProviderConfig', HIDDEN, (request, reply) =>
      sendScim(reply, { status: 200, body: serviceProviderConfig(baseOf(request)) }),
    );
    scim.get('/ResourceTypes', HIDDEN, (request, reply) => {
      const resources = resourceTypes(baseOf(request));
      return sendScim(reply, {
        status: 200,
        body: presentListResponse({ resources, total: resources.length, startIndex: 1 }),
      });
    });
    scim.get<{ Params: { id: string } }>('/ResourceTypes/:id', HIDDEN, (request, reply) => {
      const found = resourceTypes(baseOf(request)).find((r) => r.id === request.params.id);
      if (!found) throw new ScimError(404, `Resource type ${request.params.id} not found`);
      return sendScim(reply, { status: 200, body: found });
    });
    scim.get('/Schemas', HIDDEN, (request, reply) => {
      const resources = schemas(baseOf(request));
      return sendScim(reply, {
        status: 200,
        body: presentListResponse({ resources, total: resources.length, startIndex: 1 }),
      });
    });
    scim.get<{ Params: { id: string } }>('/Schemas/:id', HIDDEN, (request, reply) => {
      const found = schemas(baseOf(request)).find((s) => s.id === request.params.id);
      if (!found) throw new ScimError(404, `Schema ${request.params.id} not found`);
      return sendScim(reply, { status: 200, body: found });
    });

    // Users (RFC 7643 4.1).
    scim.get('/Users', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const query = queryOf(request);
        const paging = pagingOf(query);
        const page = await scimUserPage(ctx.tx, { filter: filterOf(query), ...paging });
        return {
          status: 200,
          body: presentListResponse({
            resources: page.rows.map((row) => presentScimUser(row, base)),
            total: page.total,
            startIndex: paging.startIndex,
          }),
        };
      }),
    );
    scim.get<{ Params: { id: string } }>('/Users/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => userAnswer(ctx, base, request.params.id, 200)),
    );
    scim.post('/Users', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const id = await createScimUser(ctx, parseBody(ZScimUserRequest, request.body));
        return userAnswer(ctx, base, id, 201);
      }),
    );
    scim.put<{ Params: { id: string } }>('/Users/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        await replaceScimUser(ctx, request.params.id, parseBody(ZScimUserRequest, request.body));
        return userAnswer(ctx, base, request.params.id, 200);
      }),
    );
    scim.patch<{ Params: { id: string } }>('/Users/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const body = parseBody(ZScimPatchRequest, request.body);
        await patchScimUser(ctx, request.params.id, body.Operations);
        return userAnswer(ctx, base, request.params.id, 200);
      }),
    );
    scim.delete<{ Params: { id: string } }>('/Users/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx) => {
        await deleteScimUser(ctx, request.params.id);
        return { status: 204 };
      }),
    );

    // Groups (RFC 7643 4.2).
    scim.get('/Groups', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const query = queryOf(request);
        const paging = pagingOf(query);
        const page = await scimGroupPage(ctx.tx, { filter: filterOf(query), ...paging });
        const members = isMembersExcluded(query)
          ? null
          : await scimGroupMembersOf(
              ctx.tx,
              page.rows.map((g) => g.id),
            );
        return {
          status: 200,
          body: presentListResponse({
            resources: page.rows.map((group) =>
              presentScimGroup(group, members?.filter((m) => m.groupId === group.id) ?? null, base),
            ),
            total: page.total,
            startIndex: paging.startIndex,
          }),
        };
      }),
    );
    scim.get<{ Params: { id: string } }>('/Groups/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, (ctx, base) =>
        groupAnswer(ctx, base, request.params.id, 200, isMembersExcluded(queryOf(request))),
      ),
    );
    scim.post('/Groups', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const id = await createScimGroup(ctx, parseBody(ZScimGroupRequest, request.body));
        return groupAnswer(ctx, base, id, 201, false);
      }),
    );
    scim.put<{ Params: { id: string } }>('/Groups/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        await replaceScimGroup(ctx, request.params.id, parseBody(ZScimGroupRequest, request.body));
        return groupAnswer(ctx, base, request.params.id, 200, false);
      }),
    );
    scim.patch<{ Params: { id: string } }>('/Groups/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx, base) => {
        const body = parseBody(ZScimPatchRequest, request.body);
        await patchScimGroup(ctx, request.params.id, body.Operations);
        return groupAnswer(ctx, base, request.params.id, 200, false);
      }),
    );
    scim.delete<{ Params: { id: string } }>('/Groups/:id', HIDDEN, (request, reply) =>
      inCluster(request, reply, async (ctx) => {
        await deleteScimGroup(ctx, request.params.id);
        return { status: 204 };
      }),
    );
  };
}

async function userAnswer(ctx: TScimContext, base: TScimBase, id: string, status: number): Promise<TAnswer> {
  const row = await findScimUser(ctx.tx, id);
  if (!row) throw scimNotFound('User', id);
  const body = presentScimUser(row, base);
  return { status, body, ...(status === 201 ? { location: body.meta.location } : {}) };
}

async function groupAnswer(
  ctx: TScimContext,
  base: TScimBase,
  id: string,
  status: number,
  isMembersLeftOut: boolean,
): Promise<TAnswer> {
  const group = await findScimGroup(ctx.tx, id);
  if (!group) throw scimNotFound('Group', id);
  const members = isMembersLeftOut ? null : await scimGroupMembersOf(ctx.tx, [group.id]);
  const body = presentScimGroup(group, members, base);
  return { status, body, ...(status === 201 ? { location: body.meta.location } : {}) };
}

function sendScim(reply: FastifyReply, answer: TAnswer): FastifyReply {
  reply.status(answer.status).header('cache-control', 'no-store');
  if (answer.location) reply.header('location', answer.location);
  if (answer.body === undefined) return reply.send();
  return reply.type(`${SCIM_CONTENT_TYPE}; charset=utf-8`).send(JSON.stringify(answer.body));
}

function baseOf(request: FastifyRequest): TScimBase {
  return `${request.protocol}://${request.host}${SCIM_BASE_PATH}`;
}

type TQuery = Record<string, string | undefined>;

function queryOf(request: FastifyRequest): TQuery {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      Array.isArray(value) ? String(value[0]) : String(value),
    ]),
  );
}

function filterOf(query: TQuery) {
  const filter = query.filter?.trim();
  return filter ? parseScimFilter(filter) : [];
}

/** RFC 7644 3.4.2.4: startIndex below 1 is 1, a negative count is 0, and at most SCIM_MAX_RESULTS. */
function pagingOf(query: TQuery): { startIndex: number; count: number } {
  const startIndex = integerOf(query.startIndex, 1);
  const count = integerOf(query.count, DEFAULT_PAGE_SIZE);
  return { startIndex: Math.max(1, startIndex), count: Math.min(SCIM_MAX_RESULTS, Math.max(0, count)) };
}

function integerOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value.trim()))
    throw new ScimError(
      400,
      `Paging parameters must be integers (got ${value.slice(0, 20)})`,
      'invalidValue',
    );
  return Number(value);
}

/** excludedAttributes=members (what Microsoft Entra ID asks), or attributes that do not name members. */
function isMembersExcluded(query: TQuery): boolean {
  const names = (list: string | undefined) => (list ?? '').split(',').map((n) => n.trim().toLowerCase());
  if (names(query.excludedAttributes).includes('members')) return true;
  return query.attributes !== undefined && !names(query.attributes).includes('members');
}

/** A body checked against the contract's schema; what fails is answered as RFC 7644 invalidValue. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'The request body must be a JSON object', 'invalidSyntax');
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  throw new ScimError(400, `${where}: ${issue?.message ?? 'invalid value'}`, 'invalidValue');
}

/** Any failure as a SCIM error: 4xx keep their status, a lost race on a unique key is uniqueness. */
function toScimError(error: FastifyError): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) return new ScimError(error.statusCode, error.message);
  if (hasCode(error, '23505')) return new ScimError(409, 'The resource already exists', 'uniqueness');
  if (error.statusCode === 400) return new ScimError(400, error.message, 'invalidSyntax');
  if (error.statusCode !== undefined && error.statusCode > 400 && error.statusCode < 500)
    return new ScimError(error.statusCode, error.message);
  return new ScimError(500, 'Internal server error');
}

function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
