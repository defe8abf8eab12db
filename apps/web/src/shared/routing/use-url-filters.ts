import { type SetURLSearchParams, useLocation, useSearchParams } from 'react-router';

/**
 * How one filter is read from the address: the value, or `undefined` when the text is not one the list
 * understands (the default is used then). An address is typed by anyone, so a parser never throws.
 */
export type ParamParser<T> = (raw: string) => T | undefined;

/** A list's filters, each with its parser. */
export type FilterParsers<F> = { [K in keyof F]-?: ParamParser<Exclude<F[K], undefined>> };

/** One of a closed set of values (an enum of the contract), anything else ignored. */
export const oneOf =
  <const T extends string>(values: readonly T[]): ParamParser<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** Free text such as a keyword, trimmed and cut to what the list's field accepts. */
export const textParam =
  (max = 60): ParamParser<string> =>
  (raw) => {
    const text = raw.trim().slice(0, max);
    return text ? text : undefined;
  };

/** An id: letters, digits, `-` and `_`, as the server's ids are. */
export const idParam: ParamParser<string> = (raw) => (/^[\w-]{1,64}$/.test(raw) ? raw : undefined);

/** The filters the address holds, each falling back to its default when absent or not understood. */
export function readFilters<F extends object>(
  params: URLSearchParams,
  parsers: FilterParsers<F>,
  defaults: F,
): F {
  const filters = { ...defaults };
  for (const key of Object.keys(parsers) as (keyof F & string)[]) {
    const raw = params.get(key);
    const value = raw === null ? undefined : parsers[key](raw);
    if (value !== undefined) filters[key] = value as F[typeof key];
  }
  return filters;
}

/**
 * The address after a change of filters: a filter at its default leaves the address (so a plain list has
 * a plain address), parameters the list does not own are kept.
 */
export function writeFilters<F extends object>(
  params: URLSearchParams,
  parsers: FilterParsers<F>,
  filters: F,
  defaults: F,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(parsers) as (keyof F & string)[]) {
    const value = filters[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * A list's filters kept in the address (`#/list?state=pending`), so a filtered list can be bookmarked,
 * shared, and opened from a count elsewhere (the home page's to-dos). Changes replace the history entry
 * rather than push one: Back leaves the list instead of stepping through every keystroke. The filters feed
 * `usePagedQuery` directly (a new filter there starts again at page 1).
 */
export function useUrlFilters<F extends object>(
  parsers: FilterParsers<F>,
  defaults: NoInfer<F>,
): [F, (patch: Partial<F>) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // Read on every render (a few map lookups): consumers key on the values (`usePagedQuery`, query keys),
  // not on the object's identity.
  const filters = readFilters(params, parsers, defaults);
  const setFilters = (patch: Partial<F>) => {
    if (hasLeft(pathname)) return;
    replaceFilters(setParams, parsers, { ...filters, ...patch }, defaults);
  };
  return [filters, setFilters];
}

/**
 * Whether the address has already moved past the list the hook rendered: a search typed, then a row
 * opened within the search's 300 ms pause. The next page renders in a transition, the list stays mounted
 * meanwhile, and its keyword arriving then would replace the opened report's address with the list's —
 * taking the person back. Read from the hash the app routes by (HashRouter); without one (a test's
 * MemoryRouter) nothing has left.
 */
export function hasLeft(renderedPath: string): boolean {
  const hash = window.location.hash;
  if (!hash.startsWith('#/')) return false;
  const current = hash.slice(1).split('?')[0];
  return current !== renderedPath;
}

function replaceFilters<F extends object>(
  setParams: SetURLSearchParams,
  parsers: FilterParsers<F>,
  filters: F,
  defaults: F,
) {
  setParams((current) => writeFilters(current, parsers, filters, defaults), { replace: true });
}
