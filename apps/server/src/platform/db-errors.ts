import { AppError } from './errors.ts';

/** PostgreSQL's unique_violation / foreign_key_violation; Drizzle puts the driver error on `cause`. */
function pgErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Database refusals that a check before the write cannot rule out, in Chinese: a unique violation
 * from two requests at once (→ CONFLICT), and a foreign key from another module still pointing at
 * what is deleted (→ UNPROCESSABLE). Any other error, or one without a message given, is rethrown.
 */
export async function guarded<T>(
  work: () => Promise<T>,
  messages: { conflict?: string; inUse?: string },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505' && messages.conflict) throw new AppError('CONFLICT', messages.conflict);
    if (code === '23503' && messages.inUse) throw new AppError('UNPROCESSABLE', messages.inUse);
    throw error;
  }
}
