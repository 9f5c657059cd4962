import { ERROR_CODES, type TErrorCode } from '@commons/contract';

/** An error with an HTTP status and the shared error body (ARCHITECTURE.md Errors). */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: TErrorCode | string;
  readonly userMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(options: {
    statusCode: number;
    code: TErrorCode | string;
    message: string;
    userMessage?: string;
    fields?: Record<string, string>;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.userMessage = options.userMessage;
    this.fields = options.fields;
    this.details = options.details;
  }
}

/** 400 with per-field messages (spec texts where the spec gives them). */
export function validationError(fields: Record<string, string>, details?: Record<string, unknown>): AppError {
  const first = Object.values(fields)[0] ?? 'Invalid input.';
  return new AppError({
    statusCode: 400,
    code: ERROR_CODES.validationFailed,
    message: 'Request validation failed',
    userMessage: first,
    fields,
    ...(details ? { details } : {}),
  });
}

/** 401: no valid session. */
export function unauthorized(
  message = 'Authentication required',
  code: string = ERROR_CODES.unauthorized,
): AppError {
  return new AppError({ statusCode: 401, code, message, userMessage: 'Please sign in to continue.' });
}

/** 403: signed in but not allowed. */
export function forbidden(message = 'You do not have access to this.'): AppError {
  return new AppError({ statusCode: 403, code: ERROR_CODES.forbidden, message, userMessage: message });
}

/** 404 that never says whether the thing exists in another tenant. */
export function notFound(what = 'Resource'): AppError {
  return new AppError({
    statusCode: 404,
    code: ERROR_CODES.notFound,
    message: `${what} not found`,
    userMessage: 'We could not find that page.',
  });
}

/** 409: the write conflicts with existing data. */
export function conflict(message: string, fields?: Record<string, string>): AppError {
  return new AppError({
    statusCode: 409,
    code: ERROR_CODES.conflict,
    message,
    userMessage: message,
    ...(fields ? { fields } : {}),
  });
}
