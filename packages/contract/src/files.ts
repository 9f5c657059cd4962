import { z } from 'zod';
import { ZOkResponse } from './auth.js';
import { ZId, ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

export const ZUserFile = z.object({
  id: ZId,
  kind: z.enum(['resume', 'document']),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TUserFile = z.infer<typeof ZUserFile>;
export const ZUserFileResponse = z.object({ file: ZUserFile });
export const ZPhotoResponse = z.object({ photoUrl: z.string(), photoUrlSmall: z.string() });
export const ZFileParams = z.object({ id: z.string().uuid() });
export const ZPhotoParams = z.object({
  key: z.string().regex(/^[a-f0-9]{32}$/),
  size: z.enum(['512', '128']),
});
export const ZUploadKind = z.enum(['resume', 'document']);

const UPLOAD_ERRORS = [400, 401, 403, 404, 413] as const;

/** Photo and document uploads of issue #4 item 4. */
export const FILE_ENDPOINTS = {
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/profiles/me/photo',
    operationId: 'uploadMyPhoto',
    summary: 'Upload my photo (JPEG, PNG or WebP, 5 MB at most; multipart field "file")',
    tag: 'files',
    consumes: 'multipart/form-data',
    response: ZPhotoResponse,
    errors: UPLOAD_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  /** Photo URLs are capabilities: 128 random bits, so <img> tags work without a bearer token. */
  photo: defineEndpoint({
    method: 'GET',
    path: '/api/files/photos/:key/:size',
    operationId: 'getPhoto',
    summary: 'A profile photo (512 or 128 px WebP)',
    tag: 'files',
    params: ZPhotoParams,
    response: null,
    produces: ['image/webp'],
    errors: [400, 404],
    auth: 'optional',
    hub: 'none',
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/profiles/me/files',
    operationId: 'uploadMyFile',
    summary: 'Upload a resume or document (PDF or DOCX, 10 MB at most; fields "kind" then "file")',
    tag: 'files',
    consumes: 'multipart/form-data',
    response: ZUserFileResponse,
    status: 201,
    errors: UPLOAD_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/files/:id',
    operationId: 'downloadFile',
    summary: 'Download a document: its owner, admins and members who may see the profile',
    tag: 'files',
    params: ZFileParams,
    response: null,
    produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    errors: [400, 401, 404],
    auth: 'required',
    hub: 'optional',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/files/:id',
    operationId: 'deleteMyFile',
    summary: 'Delete one of my documents',
    tag: 'files',
    params: ZFileParams,
    response: ZOkResponse,
    errors: UPLOAD_ERRORS,
    auth: 'required',
    hub: 'none',
  }),
};
