import {
  ZErrorBody,
  type TEndpoint,
  type TEndpointParsedBody,
  type TEndpointParsedParams,
  type TEndpointParsedQuery,
  type TEndpointResponse,
} from '@commons/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { moduleOfEndpoint } from '../lib/module-gate.js';
import type { TRequestContext, TTenantOptions } from './request-context.js';

/** What a route handler gets: the validated parts of the request, and the request and reply themselves. */
export type TRouteInput<E extends TEndpoint> = {
  params: TEndpointParsedParams<E>;
  query: TEndpointParsedQuery<E>;
  body: TEndpointParsedBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A JSON answer of the endpoint, or the reply itself when the handler sent a file or a page. */
type TRouteResult<E extends TEndpoint> = TEndpointResponse<E> | FastifyReply;

/**
 * Route options the OpenAPI transform reads (plugins/openapi.ts): where the hub comes from, for an
 * endpoint that answers a file rather than JSON, its success status and media types, and whether the
 * endpoint answers 204 without a body.
 */
export type TRouteConfig = {
  hub: TEndpoint['hub'];
  fileAnswer?: { status: number; produces: readonly string[] };
  isNoContent?: boolean;
};

/**
 * Registers an endpoint of packages/contract: its schemas validate the request and serialise the answer
 * (a field not declared never leaves the server), its 4xx statuses answer the one error body, and its
 * operationId, summary and tag describe it in the OpenAPI document. The handler answers the JSON body
 * (sent with the endpoint's status) or sends the reply itself (files, calendars).
 */
export function route<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: TRouteInput<E>) => Promise<TRouteResult<E>>,
): void {
  const status = endpoint.status ?? 200;
  // A 204 answer has no body: no schema to serialise with, and not a file either.
  const isNoContent = status === 204;
  const response: Record<number, unknown> = Object.fromEntries(
    endpoint.errors.map((code) => [code, ZErrorBody]),
  );
  if (endpoint.response !== null) response[status] = endpoint.response;
  if (endpoint.unavailableResponse) response[503] = endpoint.unavailableResponse;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      hub: endpoint.hub,
      ...(isNoContent ? { isNoContent } : {}),
      ...(endpoint.response === null && !isNoContent
        ? { fileAnswer: { status, produces: endpoint.produces ?? ['application/octet-stream'] } }
        : {}),
    } satisfies TRouteConfig,
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
      ...(endpoint.auth === 'public' ? { security: [] } : {}),
      response,
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as TEndpointParsedParams<E>,
        query: request.query as TEndpointParsedQuery<E>,
        body: request.body as TEndpointParsedBody<E>,
        request,
        reply,
      });
      // A FastifyReply is thenable, so a handler that returns it resolves to undefined: the sent flag says it.
      if (result === reply || reply.sent) return reply;
      if (isNoContent) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

/**
 * The tenant options an endpoint declares; a 'path' hub is named by `hubIdentifier`. An endpoint of a
 * navigation module names it, so the request answers 403 while the hub has the module off (lib/module-gate;
 * the group list's module is its `type` query).
 */
export function tenantOptionsOf(
  endpoint: TEndpoint,
  hubIdentifier?: string,
  query?: unknown,
): TTenantOptions {
  const moduleId = moduleOfEndpoint(endpoint, { query });
  return {
    auth: endpoint.auth === 'required' ? 'required' : 'optional',
    hub: endpoint.hub === 'path' ? 'required' : endpoint.hub,
    ...(hubIdentifier === undefined ? {} : { hubIdentifier }),
    ...(moduleId === null ? {} : { module: moduleId }),
  };
}

/**
 * route() whose handler runs in the request's tenant transaction (ARCHITECTURE.md request lifecycle),
 * opened as the endpoint declares: `auth` and `hub` of the contract become the tenant options, and a
 * 'path' hub comes from `options.hubIdentifier`.
 */
export function tenantRoute<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: TRequestContext, input: TRouteInput<E>) => Promise<TRouteResult<E>>,
  options: { hubIdentifier?: (input: TRouteInput<E>) => string } = {},
): void {
  if (endpoint.hub === 'path' && !options.hubIdentifier)
    throw new Error(`${endpoint.operationId}: a 'path' hub needs options.hubIdentifier`);
  route(app, endpoint, (input) =>
    input.request.tenant(tenantOptionsOf(endpoint, options.hubIdentifier?.(input), input.query), (ctx) =>
      handler(ctx, input),
    ),
  );
}
