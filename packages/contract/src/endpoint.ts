import type { z } from 'zod';

/** HTTP methods of the API. */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 4xx statuses an endpoint may answer, each with the one error body (ARCHITECTURE.md Errors). */
export type TErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

/** The success status of an endpoint. */
export type TSuccessStatus = 200 | 201 | 202 | 204;

/**
 * Who may call an endpoint: 'required' needs a bearer token, 'optional' reads one when sent, 'public'
 * needs none (sign-in, feeds, unsubscribe links), so its OpenAPI operation has no security requirement.
 */
export type TEndpointAuth = 'required' | 'optional' | 'public';

/**
 * Where an endpoint's hub comes from: the x-hub-id header ('required', 'optional'), a path parameter
 * ('path', e.g. a public hub page), or nowhere ('none').
 */
export type TEndpointHub = 'required' | 'optional' | 'path' | 'none';

/** The OpenAPI tags, one per product area; their descriptions live with the document (server). */
export const API_TAGS = [
  'account',
  'admin',
  'advising',
  'approvals',
  'assessments',
  'auth',
  'career-paths',
  'dev',
  'directory',
  'discussions',
  'email-response',
  'events',
  'experiential-learning',
  'feed',
  'files',
  'group-admin',
  'groups',
  'health',
  'hubs',
  'inbox',
  'jobs',
  'meetings',
  'moderation',
  'notifications',
  'pathways',
  'profiles',
  'programs',
  'realtime',
  'resources',
  'rich-text',
  'signup',
  'video-prompts',
] as const;
export type TApiTag = (typeof API_TAGS)[number];

/**
 * One API endpoint, declared once (issue #15): the server registers it with route()/tenantRoute(), the
 * web app calls it with callEndpoint(), and the OpenAPI document is generated from the same object.
 */
export type TEndpoint = {
  method: THttpMethod;
  /** Path pattern with `:name` parameters, e.g. `/api/inbox/threads/:id`. */
  path: `/${string}`;
  /** Unique, camelCase: the name of the operation in the OpenAPI document and generated clients. */
  operationId: string;
  summary: string;
  tag: TApiTag;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer, or null when the answer is a file, a calendar, a page (see `produces`), or a 204. */
  response: z.ZodType | null;
  status?: TSuccessStatus;
  /** The body of a 503 answer, for probes that report why they are not ready (health). */
  unavailableResponse?: z.ZodType;
  /** Every 4xx status the endpoint answers (401 and 403 included where auth or rights apply). */
  errors: readonly TErrorStatus[];
  auth: TEndpointAuth;
  hub: TEndpointHub;
  /** Request body media type other than JSON. */
  consumes?: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** Media types of a non-JSON answer. */
  produces?: readonly string[];
};

/** Declares an endpoint, keeping its literal types (path, method, schemas) for the server and the web. */
export function defineEndpoint<const E extends TEndpoint>(endpoint: E): E {
  return endpoint;
}

/** The schema type of an optional endpoint part, or undefined when the endpoint has none. */
type TPart<S> = S extends z.ZodType ? S : undefined;

/** Path parameters as the caller writes them. */
export type TEndpointParams<E extends TEndpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;
/** Query parameters as the caller writes them. */
export type TEndpointQuery<E extends TEndpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
/** The request body as the caller writes it. */
export type TEndpointBody<E extends TEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** The answer as parsed by the response schema (a Blob for file answers, nothing for a 204). */
export type TEndpointResponse<E extends TEndpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['status'] extends 204
    ? undefined
    : Blob;

/** Path parameters after validation (server side). */
export type TEndpointParsedParams<E extends TEndpoint> =
  TPart<E['params']> extends z.ZodType ? z.output<TPart<E['params']>> : Record<string, never>;
/** Query after validation (server side). */
export type TEndpointParsedQuery<E extends TEndpoint> =
  TPart<E['query']> extends z.ZodType ? z.output<TPart<E['query']>> : Record<string, never>;
/** Body after validation (server side). */
export type TEndpointParsedBody<E extends TEndpoint> =
  TPart<E['body']> extends z.ZodType ? z.output<TPart<E['body']>> : undefined;

/** The URL path of an endpoint with its `:params` filled in, each value URL-encoded. */
export function endpointPath(path: string, params: { readonly [key: string]: unknown } = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
