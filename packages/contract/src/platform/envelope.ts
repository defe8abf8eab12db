import { z } from 'zod';

/** The spec's response envelope: `{ meta: { success, message, statusCode }, code, data }`. */
export const MetaSchema = z.object({
  success: z.boolean().describe('是否成功'),
  message: z.string().describe('提示信息'),
  statusCode: z.number().int().describe('状态码'),
});

export const SUCCESS_CODE = 200;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ meta: MetaSchema, code: z.number().int().describe('业务码'), data });
}

export interface Envelope<T> {
  meta: z.infer<typeof MetaSchema>;
  code: number;
  data: T;
}

/** Paged data as the spec gives it: records, total, current, pages, size. */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record).describe('当前页记录'),
    total: z.number().int().describe('总条数'),
    current: z.number().int().describe('当前页'),
    pages: z.number().int().describe('总页数'),
    size: z.number().int().describe('每页条数'),
  });
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
  size: number;
}

/** The spec asks for page sizes up to 10,000,000 (\"all roles\"); anything larger is a mistake. */
export const MAX_PAGE_SIZE = 10_000_000;

export const PagingQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
});
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

export function toPage<T>(records: T[], total: number, paging: PagingQuery): Page<T> {
  return {
    records,
    total,
    current: paging.pageNum,
    pages: Math.ceil(total / paging.pageSize),
    size: paging.pageSize,
  };
}

/** The same page with each record mapped (a wire row to its English shape). */
export function mapPage<W, T>(page: Page<W>, map: (record: W) => T): Page<T> {
  return { ...page, records: page.records.map(map) };
}
