import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Seals a password with AES-256-GCM: `v1:<iv>:<tag>:<ciphertext>` (base64). A fresh 12-byte IV per
 * seal, and the tag makes a tampered value fail to open instead of yielding garbage.
 */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    body.toString('base64'),
  ].join(':');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** 32 bytes written as 64 hex digits or as base64; anything else is refused at start. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('DATA_SOURCE_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

export const KEY_FILE_NAME = 'data-source.key';

/**
 * The key that seals data-source passwords: DATA_SOURCE_KEY when set; otherwise a random key kept in
 * DATA_DIR/data-source.key (created on first start, readable by the owner only), so a single-machine
 * install works without setup. Losing that file makes the stored passwords unreadable.
 */
export function resolveDataSourceKey(options: {
  configured: string | undefined;
  dataDir: string;
  log?: (message: string) => void;
}): Buffer {
  if (options.configured) return parseKey(options.configured);
  const file = path.join(options.dataDir, KEY_FILE_NAME);
  if (fs.existsSync(file)) return parseKey(fs.readFileSync(file, 'utf8'));
  const key = randomBytes(32);
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  options.log?.(`DATA_SOURCE_KEY is not set: created a random key in ${file}; back it up with the data`);
  return key;
}

/**
 * Where the key is kept and, when it can be read, its fingerprint — without creating one (a backup and a
 * restore look, they do not set up). The fingerprint tells two keys apart and gives nothing of the key away.
 */
export function describeDataSourceKey(options: { configured: string | undefined; dataDir: string }): {
  location: string;
  fingerprint: string | null;
} {
  if (options.configured) {
    return {
      location: '环境变量 DATA_SOURCE_KEY',
      fingerprint: keyFingerprint(parseKey(options.configured)),
    };
  }
  const file = path.join(options.dataDir, KEY_FILE_NAME);
  const fingerprint = fs.existsSync(file) ? keyFingerprint(parseKey(fs.readFileSync(file, 'utf8'))) : null;
  return { location: `密钥文件 ${file}`, fingerprint };
}

const keyFingerprint = (key: Buffer) =>
  createHash('sha256').update('eduqa data-source key fingerprint\n').update(key).digest('hex').slice(0, 16);
