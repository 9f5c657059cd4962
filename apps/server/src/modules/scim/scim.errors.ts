import { SCIM_SCHEMA, type TScimError, type TScimErrorType } from '@commons/contract';

/** An answer of the SCIM protocol that is not a success: RFC 7644 3.12 status, scimType and detail. */
export class ScimError extends Error {
  readonly statusCode: number;
  readonly scimType: TScimErrorType | undefined;

  constructor(statusCode: number, detail: string, scimType?: TScimErrorType) {
    super(detail);
    this.statusCode = statusCode;
    this.scimType = scimType;
  }

  body(): TScimError {
    return scimErrorBody(this.statusCode, this.message, this.scimType);
  }
}

export function scimErrorBody(statusCode: number, detail: string, scimType?: TScimErrorType): TScimError {
  return {
    schemas: [SCIM_SCHEMA.error],
    status: String(statusCode),
    ...(scimType ? { scimType } : {}),
    detail,
  };
}

export const scimNotFound = (what: 'User' | 'Group', id: string) =>
  new ScimError(404, `${what} ${id} not found`);
