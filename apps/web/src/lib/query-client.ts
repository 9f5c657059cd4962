import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** How many times a failed query is retried: never for 4xx answers, twice for network and 5xx errors. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's one TanStack Query client. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
