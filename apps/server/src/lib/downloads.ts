import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

/**
 * Sends stored bytes as a download: RFC 6266 Content-Disposition with an ASCII fallback and the RFC 5987
 * `filename*` for names such as 'CV – Sam.pdf' (issue #13 item 11), never sniffed, never cached.
 */
export function sendDownload(reply: FastifyReply, file: { bytes: Buffer; mimeType: string; name: string }) {
  return reply
    .header('content-type', file.mimeType)
    .header(
      'content-disposition',
      contentDisposition(file.name.replace(/\p{Cc}/gu, '_') || 'download', { type: 'attachment' }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
