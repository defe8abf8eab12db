import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One endpoint, described once. The server registers it (validation, OpenAPI), the web client
 * infers its argument and result types from it.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** multipart/form-data upload with a `file` part; `body` then describes the other fields. */
  multipart?: boolean;
  /** The response is a file, not an envelope. */
  download?: boolean;
  data: D;
}

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<P, Q, B, D>): Endpoint<P, Q, B, D> {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> ? InputOf<P> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType> ? InputOf<Q> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType> ? InputOf<B> : never;
export type DataOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer D>
    ? z.output<D>
    : never;

/** `/api/user/roles/{id}/users` with `{ id: 'x' }` → `/api/user/roles/x/users`. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
