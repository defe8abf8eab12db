/** The kinds of database a data source reaches: this platform's own, or a school system's. */
export const DATA_SOURCE_KINDS = ['builtin', 'postgresql', 'mysql'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];

export const DATA_SOURCE_KIND_LABELS: Record<DataSourceKind, string> = {
  builtin: '内置数据库',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
};

/** The usual port of each external kind, offered by the form. */
export const DATA_SOURCE_DEFAULT_PORTS: Record<Exclude<DataSourceKind, 'builtin'>, number> = {
  postgresql: 5432,
  mysql: 3306,
};

/**
 * What the server answers in place of a stored password. Sent back unchanged by the form, it means
 * "keep the stored password", so the browser never holds the secret.
 */
export const PASSWORD_MASK = '******';
