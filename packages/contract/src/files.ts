import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.js';

export const FILE_PATHS = {
  photo: '/api/profiles/me/photo',
  myFiles: '/api/profiles/me/files',
  file: '/api/files/:id',
  photoVariant: '/api/files/photos/:key/:size',
} as const;

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
export const ZPhotoParams = z.object({ key: z.string().regex(/^[a-f0-9]{32}$/), size: z.enum(['512', '128']) });
export const ZUploadKind = z.enum(['resume', 'document']);
