import { z } from 'zod';

/** Error codes the API answers with; spec 8 names token_expired, token_invalid and UNAUTHORIZED_CUSTOM. */
export const ERROR_CODES = {
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  invalidCredentials: 'invalid_credentials',
  tokenExpired: 'token_expired',
  tokenInvalid: 'token_invalid',
  forbidden: 'forbidden',
  notFound: 'not_found',
  unauthorizedCustom: 'UNAUTHORIZED_CUSTOM',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  databaseUnavailable: 'database_unavailable',
  internal: 'internal_error',
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** spec 8 Generic error toast; the rule and its text live in the domain package. */
export { GENERIC_ERROR_MESSAGE } from '@commons/domain';

/** The one error body of every failed request (ARCHITECTURE.md Errors). */
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    user_message: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
