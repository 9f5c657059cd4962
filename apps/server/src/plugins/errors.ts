import { ERROR_CODES, GENERIC_ERROR_MESSAGE, type TErrorBody } from '@commons/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

/** Maps every failure to the one error body; never leaks a stack trace (ARCHITECTURE.md Errors). */
export function registerErrorHandling(app: FastifyInstance, options: { isWebAppServed: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, statusCode }, 'request rejected');
    return reply.status(statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A GET of a page (not /api, no file extension) loads the web app; a missing asset stays a 404.
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (options.isWebAppServed && isPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    const body: TErrorBody = {
      error: {
        code: ERROR_CODES.notFound,
        message: `Route ${request.method} ${pathname} not found`,
        user_message: 'We could not find that page.',
      },
    };
    return reply.status(404).send(body);
  });
}

function toErrorResponse(error: FastifyError): { statusCode: number; body: TErrorBody } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(error.userMessage ? { user_message: error.userMessage } : {}),
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.details ? { details: error.details } : {}),
        },
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where: string = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      fields[where] ??= issue.message ?? 'Invalid value';
    }
    return {
      statusCode: 400,
      body: {
        error: {
          code: ERROR_CODES.validationFailed,
          message: error.message,
          user_message: 'Please check the highlighted fields.',
          fields,
        },
      },
    };
  }
  if (error.statusCode === 429) {
    return {
      statusCode: 429,
      body: {
        error: {
          code: ERROR_CODES.rateLimited,
          message: error.message,
          user_message: 'Too many attempts. Please wait a minute and try again.',
        },
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: {
        error: {
          code: ERROR_CODES.databaseUnavailable,
          message: 'The database is unavailable',
          user_message: 'The service is temporarily unavailable. Please try again in a moment.',
        },
      },
    };
  }
  if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      statusCode: error.statusCode,
      body: { error: { code: error.code ?? 'bad_request', message: error.message, user_message: GENERIC_ERROR_MESSAGE } },
    };
  }
  return {
    statusCode: 500,
    body: { error: { code: ERROR_CODES.internal, message: 'Internal server error', user_message: GENERIC_ERROR_MESSAGE } },
  };
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003']);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /PGlite is closed|Connection terminated|pool after calling end/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
