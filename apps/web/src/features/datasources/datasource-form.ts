import {
  DATA_SOURCE_DEFAULT_PORTS,
  type DataSourceKind,
  type DataSourceWire,
  PASSWORD_MASK,
} from '@eduqa/contract';
import type { DataSourceBody } from './api.ts';

/** What the dialog's fields hold. */
export interface DataSourceValues {
  name: string;
  type: DataSourceKind;
  host?: string;
  port?: number | null;
  databaseName?: string;
  username?: string;
  password?: string;
  defaultsStatus: boolean;
  hideStatus: boolean;
}

/** A new source starts as PostgreSQL on its usual port; an edited one shows the mask, never a password. */
export function initialValues(source: DataSourceWire | null): DataSourceValues {
  if (!source) {
    return {
      name: '',
      type: 'postgresql',
      host: '',
      port: DATA_SOURCE_DEFAULT_PORTS.postgresql,
      databaseName: '',
      username: '',
      password: '',
      defaultsStatus: false,
      hideStatus: false,
    };
  }
  return {
    name: source.name,
    type: source.type,
    host: source.host,
    port: source.port,
    databaseName: source.databaseName,
    username: source.username,
    password: source.password,
    defaultsStatus: source.defaultsStatus === 1,
    hideStatus: source.hideStatus === 1,
  };
}

/** The port to put in when the kind changes: the new kind's usual port if the old one's was untouched. */
export function portAfterKindChange(previous: number | null | undefined, kind: DataSourceKind) {
  if (kind === 'builtin') return null;
  const usual = Object.values(DATA_SOURCE_DEFAULT_PORTS) as number[];
  return previous === undefined || previous === null || usual.includes(previous)
    ? DATA_SOURCE_DEFAULT_PORTS[kind]
    : previous;
}

/**
 * The body to send: the built-in kind has no connection fields; an untouched mask is sent back as
 * it came (the server then keeps the stored password).
 */
export function toBody(values: DataSourceValues): DataSourceBody {
  const common = {
    name: values.name.trim(),
    type: values.type,
    defaultsStatus: values.defaultsStatus,
    hideStatus: values.hideStatus,
  };
  if (values.type === 'builtin') return common;
  return {
    ...common,
    host: values.host?.trim() ?? '',
    ...(values.port ? { port: values.port } : {}),
    databaseName: values.databaseName?.trim() ?? '',
    username: values.username?.trim() ?? '',
    password: values.password ?? '',
  };
}

export const isMasked = (password: string | undefined) => password === PASSWORD_MASK;
