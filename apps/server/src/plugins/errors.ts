import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { ERROR_CODES, GENERIC_ERROR_MESSAGE, type TErrorBody } from '@commons/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { NUL_CHARACTER_MESSAGE } from './nul-guard.js';
import type { TPageAnswer } from './web-app-html.js';

/** Maps every failure to the one error body; never leaks a stack trace (ARCHITECTURE.md Errors). */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { webAppPage: ((request: FastifyRequest) => Promise<TPageAnswer>) | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = isIncompleteUpload(error, request)
      ? INCOMPLETE_UPLOAD
      : toErrorResponse(error);
    const retryAfter = body.error.details?.retryAfterSeconds;
    if (statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, statusCode }, 'request rejected');
    return reply.status(statusCode).send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A GET of a page (not /api, no file extension) loads the web app; a missing asset stays a 404.
    const isPage =
      request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    // index.html with the page's own chunks preloaded (plugins/web-app-html.ts), or the page rendered for its
    // viewer (modules/web-render): that one is theirs alone, never kept by a shared cache.
    if (options.webAppPage !== null && isPage) {
      const answer = await options.webAppPage(request);
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
      const { encoding, body } = await compressedForClient(request, answer.html);
      if (encoding !== null) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', answer.isPersonal ? 'private, no-store' : 'no-cache')
        .header('vary', 'cookie, accept-encoding')
        .send(body);
    }
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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's HTML compressed as the browser accepts it: a page rendered on the server is 50–250 kB of markup, most of
 * it repeated class names (the static files are compressed at build time instead).
 */
async function compressedForClient(
  request: FastifyRequest,
  html: string,
): Promise<{ encoding: 'br' | 'gzip' | null; body: Buffer | string }> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (html.length < 1024) return { encoding: null, body: html };
  if (/\bbr\b/.test(accepted))
    return { encoding: 'br', body: await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: await gzipAsync(html, { level: 6 }) };
  return { encoding: null, body: html };
}

/** User message of a multipart body that ended before its closing boundary. */
export const INCOMPLETE_UPLOAD_MESSAGE = 'The upload was incomplete. Please try again.';

const INCOMPLETE_UPLOAD: { statusCode: number; body: TErrorBody } = {
  statusCode: 400,
  body: {
    error: {
      code: ERROR_CODES.validationFailed,
      message: 'The multipart body ended before its closing boundary',
      user_message: INCOMPLETE_UPLOAD_MESSAGE,
      fields: { file: INCOMPLETE_UPLOAD_MESSAGE },
    },
  },
};

/**
 * A multipart body cut short (a dropped connection, a truncated or malformed form) fails inside the
 * stream that reads it, without a status: it is the client's request that is broken, so a 400.
 */
function isIncompleteUpload(error: FastifyError, request: FastifyRequest): boolean {
  if (!request.isMultipart()) return false;
  return (
    error.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /terminated early|unexpected end of (multipart data|form)/i.test(error.message)
  );
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding or a path parameter over the
 * router's length limit is refused before any route runs; it answers in the one error body too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  const body: TErrorBody = {
    error: { code: error.code, message: error.message, user_message: 'We could not find that page.' },
  };
  void reply.status(statusCode).send(body);
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
      const where: string =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
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
  if (hasDatabaseCode(error, UNSTORABLE_TEXT_CODES)) {
    return {
      statusCode: 400,
      body: {
        error: {
          code: ERROR_CODES.validationFailed,
          message:
            'The request holds text the database cannot store (a NUL character or an invalid byte sequence)',
          user_message: NUL_CHARACTER_MESSAGE,
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
  if (
    !isResponseSerializationError(error) &&
    error.statusCode &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  ) {
    return {
      statusCode: error.statusCode,
      body: {
        error: {
          code: error.code ?? 'bad_request',
          message: error.message,
          user_message: GENERIC_ERROR_MESSAGE,
        },
      },
    };
  }
  return {
    statusCode: 500,
    body: {
      error: {
        code: ERROR_CODES.internal,
        message: 'Internal server error',
        user_message: GENERIC_ERROR_MESSAGE,
      },
    },
  };
}

/**
 * PostgreSQL refuses U+0000 and broken byte sequences in text (22021) and in jsonb (22P05). Every JSON body,
 * query and path is checked before a handler runs (plugins/nul-guard.ts); this catches what only a handler
 * reads, such as a multipart file name, so it is still the client's 400.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** Whether the error, or one of the errors that caused it (drizzle wraps the driver's), carries one of `codes`. */
function hasDatabaseCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /PGlite is closed|Connection terminated|pool after calling end/i.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
