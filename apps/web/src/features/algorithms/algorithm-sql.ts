import { ALGORITHM_PARAMS, type AlgorithmParamName } from '@eduqa/contract';

const KNOWN = new Set<string>(ALGORITHM_PARAMS);

/**
 * The named parameters the editor shows while typing. Only a hint: the server reads the SQL with a
 * real parser when it is saved or run, and its list is the one stored. Strings, quoted names,
 * comments and `::` casts are skipped so that `'a:b'` or `x::int` are not taken for parameters.
 */
export function detectParameters(sql: string): { known: AlgorithmParamName[]; unknown: string[] } {
  const known: AlgorithmParamName[] = [];
  const unknown: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = sql.indexOf(c, i + 1);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === ':' && sql[i + 1] === ':') {
      i += 2;
    } else if (c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < sql.length && /\w/.test(sql[j]!)) j += 1;
      const name = sql.slice(i + 1, j);
      if (KNOWN.has(name)) {
        if (!known.includes(name as AlgorithmParamName)) known.push(name as AlgorithmParamName);
      } else if (!unknown.includes(name)) unknown.push(name);
      i = j;
    } else {
      i += 1;
    }
  }
  return { known, unknown };
}
