import { randomBytes, randomUUID } from 'node:crypto';

/** Ids are generated in the app: PostgreSQL 15 has no uuidv7(), and both drivers must agree. */
export const newId = (): string => randomUUID().replaceAll('-', '');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
