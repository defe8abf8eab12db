/**
 * Hostile requests derived from the OpenAPI document: for each operation, the shape its schemas
 * promise and then every way a careless or hostile client breaks it. Deterministic: the only
 * randomness is a seeded generator for the plausible ids.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzRequest {
  /** What was broken, for the report of a failure. */
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path with its parameters filled, already percent-encoded (or deliberately broken). */
  path: string;
  query: Record<string, string | string[]>;
  /**
   * Appended to the query as it is, after `query`: bytes no URL-building API keeps, as the percent-encoded
   * UTF-8 of a surrogate, which such APIs turn into U+FFFD.
   */
  rawQuery?: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** mulberry32: small, fast and enough to keep the plausible values the same on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const SOH = '\u0001';
const BIDI = 'report\u202egpj.txt';
/** A high surrogate without its low half: valid in a JS string and in JSON's escapes, not in UTF-8. */
const LONE_SURROGATE = 'x\ud800y';
/** What a lone surrogate would be in UTF-8, were it allowed: three bytes no decoder accepts. */
const SURROGATE_BYTES = '%ED%A0%80';

type Random = () => number;

/**
 * Real values seen in earlier answers, by field name (`id` by the route it came from): with them an
 * update reaches a stored row instead of stopping at 'not found'.
 */
export type Known = (name: string) => string | undefined;

const hexId = (random: Random) =>
  Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');

/** The schema's own type, looking through `anyOf`/`oneOf` and `nullable` to the first non-null one. */
export function typeOf(schema: JsonSchema): string {
  const option = (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.find((s) => typeOf(s) !== 'null');
  if (option) return typeOf(option);
  const type = [schema.type ?? 'unknown'].flat().find((t) => t !== 'null');
  if (type) return type;
  if (schema.properties) return 'object';
  return schema.enum ? typeof schema.enum[0] : 'unknown';
}

function firstOption(schema: JsonSchema): JsonSchema {
  return (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.find((s) => typeOf(s) !== 'null') ?? schema;
}

function plausibleString(schema: JsonSchema, name: string, random: Random, known: Known): string {
  if (schema.format === 'date') return '2025-03-01';
  const idLike = /ids?$/i.test(name);
  let candidates = [
    ...(idLike ? [known(name.replace(/(i)ds$/i, '$1d')) ?? hexId(random)] : ['fuzz']),
    '2025-03-01T08:00:00Z',
    '2025-03-01',
  ];
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    candidates = [...candidates, 'fuzz_user', 'fuzz0001fuzz'].filter((c) => pattern.test(c));
  }
  let value = candidates[0] ?? 'fuzz';
  if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, '0');
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  return value;
}

/** A value that satisfies the schema as far as a generic reading can: `all` fills optional fields too. */
export function sample(
  schema: JsonSchema,
  name: string,
  random: Random,
  all: boolean,
  known: Known = () => undefined,
  depth = 0,
): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const inner = firstOption(schema);
  if (inner !== schema) return sample(inner, name, random, all, known, depth);
  switch (typeOf(schema)) {
    case 'string':
      return plausibleString(schema, name, random, known);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Number.POSITIVE_INFINITY);
    case 'boolean':
      return true;
    case 'array':
      if (depth > 6 || !schema.items) return [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items as JsonSchema, name, random, all, known, depth + 1),
      );
    case 'object': {
      const value: Record<string, unknown> = {};
      if (depth > 6) return value;
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (all || schema.required?.includes(key)) {
          value[key] = sample(property, key, random, all, known, depth + 1);
        }
      }
      return value;
    }
    default:
      return 'fuzz';
  }
}

const MISSING = Symbol('missing');
type Replacement = unknown | typeof MISSING;

/**
 * Hostile JSON values for a field, each with a short name. Leaving out an optional field is what the
 * plausible request does already, so only a required one is left out; null is one more wrong type
 * where the field does not take it, and a case of its own where it does.
 */
function hostileValues(field: Field, good: unknown): [string, Replacement][] {
  const { schema, required, nullable } = field;
  const common: [string, Replacement][] = [];
  if (required) common.push(['missing', MISSING]);
  if (nullable || typeOf(schema) === 'object') common.push(['null', null]);
  switch (typeOf(schema)) {
    case 'string':
      return [
        ...common,
        ['number', 12345],
        ['huge', HUGE],
        ['NUL', NUL],
        ['lone surrogate', LONE_SURROGATE],
        ...(schema.enum ? ([['not-in-enum', 'NOT_IN_ENUM']] as [string, Replacement][]) : []),
      ];
    case 'integer':
    case 'number':
      return [
        ...common,
        ['string', 'abc'],
        ['negative', -1],
        ['fraction', 1.5],
        ['huge', 1e308],
        // Past PostgreSQL's integer, should a column be narrower than the schema allows.
        ['int32-overflow', 2_147_483_648],
        ['array', [good]],
      ];
    case 'boolean':
      return [...common, ['string', 'yes'], ['object', {}]];
    case 'array':
      return [
        ...common,
        ['object', { 0: good }],
        ['string', 'abc'],
        ['empty', []],
        ['wrong-items', [{ nested: [1] }]],
        // Past PostgreSQL's 65,535 bind parameters, if a handler spreads the list into one query.
        ['long', Array.from({ length: 70_000 }, (_, i) => String(i % 10))],
      ];
    case 'object':
      return [...common, ['array', [good]], ['string', 'abc'], ['empty', {}]];
    default:
      return [...common, ['huge', HUGE], ['NUL', NUL], ['lone surrogate', LONE_SURROGATE]];
  }
}

interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
  nullable: boolean;
}

const isNullable = (schema: JsonSchema): boolean =>
  schema.nullable === true ||
  [schema.type].flat().includes('null') ||
  (schema.anyOf ?? schema.oneOf ?? []).some((option) => typeOf(option) === 'null' || isNullable(option));

/** Every field of a body schema with its path, nested objects and array items included. */
function fieldsOf(schema: JsonSchema, path: (string | number)[] = [], required = true, depth = 0): Field[] {
  const inner = firstOption(schema);
  const type = typeOf(inner);
  const here: Field[] = path.length ? [{ path, schema: inner, required, nullable: isNullable(schema) }] : [];
  if (depth > 4) return here;
  if (type === 'object') {
    return [
      ...here,
      ...Object.entries(inner.properties ?? {}).flatMap(([key, child]) =>
        fieldsOf(child, [...path, key], inner.required?.includes(key) ?? false, depth + 1),
      ),
    ];
  }
  if (type === 'array' && inner.items)
    return [...here, ...fieldsOf(inner.items, [...path, 0], true, depth + 1)];
  return here;
}

function replaced(root: unknown, path: (string | number)[], value: Replacement): unknown {
  const copy = structuredClone(root);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (typeof next !== 'object' || next === null) return copy;
    parent = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === MISSING) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** Query values are strings: these are what a hand-made URL can hold. */
function hostileQueryValues(
  schema: JsonSchema,
  good: string,
  required: boolean,
): [string, string | string[] | typeof MISSING][] {
  const numeric = ['integer', 'number'].includes(typeOf(schema));
  return [
    ...(required ? ([['missing', MISSING]] as [string, typeof MISSING][]) : []),
    ['empty', ''],
    ['repeated', [good, good]],
    ['huge', HUGE],
    ['NUL', NUL],
    ['control', SOH],
    ['bidi', BIDI],
    ...(numeric
      ? ([
          ['string', 'abc'],
          ['negative', '-1'],
          ['fraction', '1.5'],
          ['long-number', '99999999999999999999999'],
          ['Infinity', 'Infinity'],
        ] as [string, string][])
      : schema.enum
        ? ([['not-in-enum', 'NOT_IN_ENUM']] as [string, string][])
        : []),
  ];
}

/** Raw path segments: encoded, unencoded and broken shapes a hand-made link can have. */
const HOSTILE_SEGMENTS: [string, string][] = [
  ['short', 'x'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['long-number', '99999999999999999999999'],
  ['at-limit', 'a'.repeat(100)],
  ['over-limit', 'a'.repeat(101)],
  ['over-limit-far', 'a'.repeat(5_000)],
  ['NUL', '%00'],
  ['control', 'a%01b'],
  ['bidi', encodeURIComponent(BIDI)],
  ['broken-encoding', '%E0%A4%A'],
  ['surrogate bytes', SURROGATE_BYTES],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['space', '%20'],
  ['quote', "1'%20or%20'1'='1"],
];

function boundaryBody(parts: { name: string; filename?: string; value: string }[]) {
  const boundary = '----eduqafuzz';
  const text = parts
    .map((part) =>
      part.filename === undefined
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: text/plain\r\n\r\n${part.value}\r\n`,
    )
    .join('');
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(`${text}--${boundary}--\r\n`),
  };
}

/** Whole bodies that are wrong before any field is read: syntax, content type, shape. */
function hostileBodies(
  good: unknown,
): { label: string; headers: Record<string, string>; payload: string | Buffer }[] {
  const json = { 'content-type': 'application/json' };
  const goodText = JSON.stringify(good ?? {});
  const goodObject = typeof good === 'object' && good !== null && !Array.isArray(good) ? good : {};
  return [
    { label: 'malformed JSON', headers: json, payload: '{"a":' },
    { label: 'empty JSON', headers: json, payload: '' },
    { label: 'JSON array for object', headers: json, payload: `[${goodText}]` },
    { label: 'JSON number', headers: json, payload: '123' },
    { label: 'JSON null', headers: json, payload: 'null' },
    { label: 'JSON with NUL and SOH escapes', headers: json, payload: '{"a":"\\u0000","b":"\\u0001"}' },
    // JSON.stringify writes a lone surrogate as its `\ud800` escape, as a hostile client would.
    {
      label: 'JSON with a lone surrogate in a key',
      headers: json,
      payload: JSON.stringify({ ...goodObject, [`k${LONE_SURROGATE}`]: 'v' }),
    },
    {
      label: 'form with surrogate bytes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${SURROGATE_BYTES}&${SURROGATE_BYTES}=b`,
    },
    {
      label: 'proto pollution',
      headers: json,
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
    },
    { label: 'deep nesting', headers: json, payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: goodText },
    {
      label: 'form with JSON body',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: goodText,
    },
    {
      label: 'form with control characters',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=%00&b=%01',
    },
    {
      label: 'multipart without boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: goodText,
    },
    {
      label: 'multipart with a cut-off body',
      headers: { 'content-type': 'multipart/form-data; boundary=----eduqafuzz' },
      payload: '------eduqafuzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    },
    {
      label: 'multipart file with bidi name',
      ...boundaryBody([{ name: 'file', filename: BIDI, value: 'abc' }]),
    },
    {
      label: 'multipart field with NUL',
      ...boundaryBody([
        { name: 'name', value: NUL },
        { name: 'file', filename: 'a.txt', value: 'abc' },
      ]),
    },
    {
      label: 'multipart file with NUL name',
      ...boundaryBody([{ name: 'file', filename: 'a\u0000.txt', value: 'abc' }]),
    },
    {
      label: 'multipart with a huge field',
      ...boundaryBody([
        { name: 'guid', value: HUGE },
        { name: 'file', filename: 'a.txt', value: 'abc' },
      ]),
    },
  ];
}

/**
 * All hostile requests for one operation. The caller adds the session and, for a POST, a valid CSRF
 * token: what is broken here is the input, not the sign-in, which other tests cover.
 */
export function hostileRequests(
  method: 'GET' | 'POST',
  template: string,
  operation: Operation,
  random: Random,
  known: Known = () => undefined,
  plausibleOnly = false,
): FuzzRequest[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const plausible: Record<string, string> = {};
  for (const p of pathParams) {
    plausible[p.name] = p.name === 'appId' ? '001' : String(sample(p.schema, p.name, random, false, known));
  }
  const fill = (segments: Record<string, string>) =>
    template.replace(
      /\{(\w+)\}/g,
      (_, name: string) => segments[name] ?? encodeURIComponent(plausible[name] ?? ''),
    );
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) {
    if (p.required) baseQuery[p.name] = String(sample(p.schema, p.name, random, false, known));
  }
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const minimal = bodySchema ? sample(bodySchema, '', random, false, known) : undefined;
  const full = bodySchema ? sample(bodySchema, '', random, true, known) : undefined;
  const jsonBody = (value: unknown): { headers: Record<string, string>; payload?: string } =>
    method === 'POST' && value !== undefined
      ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) }
      : { headers: {} };

  const requests: FuzzRequest[] = [];
  const add = (
    label: string,
    parts: Partial<Pick<FuzzRequest, 'path' | 'query' | 'headers' | 'payload'>> = {},
  ) => {
    const body = parts.headers ? { headers: parts.headers, payload: parts.payload } : jsonBody(minimal);
    requests.push({
      label,
      method,
      path: parts.path ?? fill({}),
      query: parts.query ?? baseQuery,
      headers: body.headers,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    });
  };

  add('plausible', {});
  if (plausibleOnly) return requests;
  // A method the route does not have falls to the not-found handler.
  requests.push({ ...(requests[0] as FuzzRequest), label: 'method PUT', method: 'PUT' });
  if (full !== undefined) add('plausible with every field', jsonBody(full));

  for (const p of pathParams) {
    for (const [label, segment] of HOSTILE_SEGMENTS)
      add(`path ${p.name}: ${label}`, { path: fill({ [p.name]: segment }) });
  }

  for (const p of queryParams) {
    const good = String(sample(p.schema, p.name, random, false, known));
    for (const [label, value] of hostileQueryValues(p.schema, good, p.required ?? false)) {
      const query: Record<string, string | string[]> = { ...baseQuery };
      if (value === MISSING) delete query[p.name];
      else query[p.name] = value;
      add(`query ${p.name}: ${label}`, { query });
    }
    const others = { ...baseQuery };
    delete others[p.name];
    requests.push({
      ...(requests[0] as FuzzRequest),
      label: `query ${p.name}: surrogate bytes`,
      query: others,
      rawQuery: `${encodeURIComponent(p.name)}=${SURROGATE_BYTES}`,
    });
  }

  if (method === 'POST') {
    for (const body of hostileBodies(full ?? minimal)) add(`body: ${body.label}`, body);
    if (bodySchema && full !== undefined) {
      for (const field of fieldsOf(bodySchema)) {
        const { path } = field;
        const good = path.reduce<unknown>(
          (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
          full,
        );
        for (const [label, value] of hostileValues(field, good)) {
          add(`body ${path.join('.')}: ${label}`, jsonBody(replaced(full, path, value)));
        }
      }
    }
  }
  return requests;
}

/** Collects id-like values from answers, to make later requests plausible. */
export function createHarvest(exclude: Set<string>) {
  const byName = new Map<string, string[]>();
  const idsByRoute = new Map<string, string[]>();
  const keep = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key) ?? [];
    if (list.length < 5 && !list.includes(value)) map.set(key, [...list, value]);
  };
  const walk = (value: unknown, template: string, depth: number) => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if ((typeof item === 'string' || typeof item === 'number') && /(^id|Id|_id)$/.test(key)) {
        const text = String(item);
        if (!text || exclude.has(text)) continue;
        keep(byName, key, text);
        if (key === 'id') keep(idsByRoute, template, text);
      } else {
        walk(item, template, depth + 1);
      }
    }
  };
  return {
    add: (template: string, data: unknown) => walk(data, template, 0),
    /**
     * The `attempt`-th known value for an id-like field of a route: values seen under the same name
     * first, then ids from the routes sharing the longest path prefix. Callers try a few attempts and
     * keep the first that finds a stored row.
     */
    knownFor(template: string, attempt: number): Known {
      const prefix = (route: string) => {
        let score = 0;
        while (score < route.length && route[score] === template[score]) score += 1;
        return score;
      };
      const byRoute = [...idsByRoute]
        .map(([route, ids]) => ({ score: prefix(route), ids }))
        .sort((a, b) => b.score - a.score)
        .flatMap(({ ids }) => ids.slice(0, 2));
      return (name) => [...new Set([...(byName.get(name) ?? []), ...byRoute])][attempt];
    },
  };
}
