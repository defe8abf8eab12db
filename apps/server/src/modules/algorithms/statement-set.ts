import type { RawRun } from './algorithm-executors.ts';

/**
 * One guarded text run for many value lists in a single statement: the lists go in as one array per
 * placeholder, unnested with their position, and the text runs once per position as a lateral subquery
 * (collection runs a version's text per object and cycle; one statement for hundreds of them is planned
 * once and crosses the wire once). Each placeholder's array has the type the server inferred for it in
 * the text alone, so `day between :cycleStart and :cycleEnd` compares dates there as it does here.
 */
export interface StatementSet {
  /** The guard's text, with its `$n` placeholders. */
  text: string;
  /** Each run's values, in placeholder order. */
  valueLists: unknown[][];
}

/**
 * Runs one set holds at most: enough that the round trips and plans a set saves dwarf its own, few enough
 * that a failed set, run again one by one, repeats little. The statement's outer row limit is this many
 * runs' worth whatever the set's size, so that its text — and the prepared statement named after it — is
 * the same for every set of a text.
 */
export const MAX_SET_RUNS = 500;

/** The alias of the unnested values: a text that contains it is run one by one, never rebound. */
const ALIAS = 'eduqa_set';
const POSITION = 'eduqa_set_position';
/** A type name as `regtype` prints it; arrays are left out (unnest would flatten an array of arrays). */
const SCALAR_TYPE = /^[A-Za-z_][A-Za-z0-9_ ."()]*$/;

/**
 * The statement of a set, or undefined when the text is not one to run so: without placeholders (each
 * run's answer is the same), with a type that is not a plain scalar, or naming the set's own alias.
 * `types`: each placeholder's type as the server inferred it (`unknown` is read as text, as PostgreSQL does).
 */
export function setStatement(text: string, types: string[], maxRows: number): string | undefined {
  if (!types.length || text.toLowerCase().includes(ALIAS)) return undefined;
  const scalar = types.map((type) => (type === 'unknown' ? 'text' : type));
  if (!scalar.every((type) => SCALAR_TYPE.test(type))) return undefined;
  const columns = scalar.map((_, i) => `v${i + 1}`);
  const arrays = scalar.map((type, i) => `$${i + 1}::${type}[]`);
  const body = text.replace(/\$(\d+)/g, (_, n: string) => `${ALIAS}.v${n}`);
  return (
    `select q.*, ${ALIAS}.${POSITION}::int as ${POSITION}\n` +
    `from unnest(${arrays.join(', ')}) with ordinality as ${ALIAS}(${columns.join(', ')}, ${POSITION})\n` +
    `cross join lateral (select * from (\n${body}\n) s limit ${maxRows + 1}) q`
  );
}

/** The set's values: one array per placeholder, each run's value at its position. */
export function setValues(set: StatementSet, placeholders: number): unknown[][] {
  return Array.from({ length: placeholders }, (_, i) => set.valueLists.map((values) => values[i] ?? null));
}

/** The set's answer parted back into each run's answer, in the order of the value lists. */
export function partSet(raw: RawRun, runs: number): RawRun[] {
  const columns = raw.columns.filter((column) => column !== POSITION);
  const answers: RawRun[] = Array.from({ length: runs }, () => ({ columns, rows: [] }));
  for (const row of raw.rows) {
    const { [POSITION]: position, ...rest } = row;
    answers[Number(position) - 1]?.rows.push(rest);
  }
  return answers;
}

/**
 * Asks PostgreSQL for the parameter types of a text (simple protocol, one round trip): prepared under a
 * name of the set's own and dropped again. A text that cannot be prepared fails here and is run one by one.
 */
export const typesProbe = (text: string) =>
  `prepare ${ALIAS}_probe as\n${text}\n;\n` +
  `select parameter_types::text[] as types from pg_prepared_statements where name = '${ALIAS}_probe';\n` +
  `deallocate ${ALIAS}_probe`;
