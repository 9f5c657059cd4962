import { SSO_ENDPOINTS } from '@commons/contract';
import { safeRedirectPath } from '@commons/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/auth/sso/options: the sign-in buttons, and for a typed email only its domain's provider. */
export function useSsoOptions(options: { hubId: string | null; email: string | null }) {
  return useQuery({
    queryKey: ['sso', 'options', options.hubId, options.email],
    queryFn: ({ signal }) =>
      callEndpoint(SSO_ENDPOINTS.options, {
        query: {
          ...(options.hubId === null ? {} : { hubId: options.hubId }),
          ...(options.email === null ? {} : { email: options.email }),
        },
        signal,
        isErrorToastSuppressed: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** Starts an OpenID Connect sign-in the native app runs: the provider URL to open (POST …/sign-in-url). */
export function startOidcSignInForApp(
  providerId: string,
  options: { hubIdentifier: string | null; returnTo: string | null },
): Promise<{ url: string }> {
  const returnTo = safeRedirectPath(options.returnTo);
  return callEndpoint(SSO_ENDPOINTS.oidcSignInUrl, {
    params: { providerId },
    body: {
      ...(options.hubIdentifier === null ? {} : { hubId: options.hubIdentifier }),
      ...(returnTo === null ? {} : { returnTo }),
    },
  });
}
