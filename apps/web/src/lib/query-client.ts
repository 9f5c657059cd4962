import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { IS_SERVER_BUNDLE, requestScope } from './request-scope';

/**
 * How many times a failed query is retried: never for 4xx answers, twice for network and 5xx errors; never in a
 * server render, which leaves a failed read to the browser instead of waiting.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (requestScope() !== undefined) return false;
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/** A query client with the app's defaults: the browser's one, or one per server-rendered request. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Forwards to the query client of the request the server is rendering (lib/request-scope.ts): the route loaders
 * and a few modules use the module's client directly, and on the server that must be the request's own.
 */
function requestQueryClient(): QueryClient {
  return new Proxy({} as QueryClient, {
    get(_target, property) {
      const client = requestScope()?.queryClient;
      if (client === undefined)
        throw new Error('No query client: a server render runs inside its request scope.');
      const value: unknown = Reflect.get(client, property, client);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
}

/** The app's one TanStack Query client (on the server, the rendered request's). */
export const queryClient: QueryClient = IS_SERVER_BUNDLE ? requestQueryClient() : createQueryClient();
