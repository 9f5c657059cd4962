import { ZErrorBody } from '@commons/contract';

/** A failed API call: HTTP status plus the error body `{ error: { code, message, user_message?, fields? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly userMessage: string | null;
  readonly fields: Record<string, string>;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    userMessage?: string | null;
    fields?: Record<string, string>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.userMessage = options.userMessage ?? null;
    this.fields = options.fields ?? {};
  }

  /** Builds the error from a response status and its (possibly missing or malformed) JSON body. */
  static fromBody(status: number, body: unknown): ApiError {
    const parsed = ZErrorBody.safeParse(body);
    if (parsed.success) {
      const { code, message, user_message: userMessage, fields } = parsed.data.error;
      return new ApiError({ status, code, message, userMessage: userMessage ?? null, fields: fields ?? {} });
    }
    return new ApiError({ status, code: `http_${status}`, message: `Request failed with status ${status}` });
  }
}

/** True when the value is an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
