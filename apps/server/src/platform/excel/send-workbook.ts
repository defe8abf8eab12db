import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An Excel download named in UTF-8 (RFC 5987), never cached. */
export function sendWorkbook(reply: FastifyReply, name: string, bytes: Buffer | Uint8Array) {
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
