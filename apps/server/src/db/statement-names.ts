import { createHash } from 'node:crypto';

/**
 * The texts the app runs as named statements (`queryNamedRows`): statement text → its name, one entry
 * per text a caller has named (a handful of filter combinations each). PostgreSQL's pool prepares them
 * through `pg`; the embedded database's thread looks a text up here (`namedStatementOf`) and prepares it
 * the same way.
 */
const statementNames = new Map<string, string>();

/**
 * Past these, a text runs unnamed: a statement with hundreds of parameters is a list of ids whose
 * length varies (each length its own text), and every named text stays prepared on every connection
 * for the connection's life, so their number is bounded. (Home's goal counts repeat the reader's id
 * about a hundred times in one fixed text, and are named.)
 */
const MAX_NAMED_PARAMS = 200;
const MAX_NAMED_TEXTS = 300;

/** The name of `text`, given on its first run; undefined past the bounds. The name follows the text. */
export function nameStatement(label: string, text: string, params: number): string | undefined {
  const known = statementNames.get(text);
  if (known || params > MAX_NAMED_PARAMS || statementNames.size >= MAX_NAMED_TEXTS) return known;
  const name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  statementNames.set(text, name);
  return name;
}

/** The name `queryNamedRows` gave this text, if it did. */
export const namedStatementOf = (text: string): string | undefined => statementNames.get(text);
