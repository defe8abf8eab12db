import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

z.config(z.locales.zhCN());

/** A validation failure with its Chinese, field-naming message. */
export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** Walks a schema along an issue path to find the field's `.describe()` label. */
function labelAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string | undefined {
  let current: z.ZodType | undefined = schema;
  let label: string | undefined;
  for (const key of path) {
    const inner = unwrap(current);
    if (inner instanceof z.ZodObject && typeof key === 'string') {
      current = (inner.shape as Record<string, z.ZodType>)[key];
    } else if (inner instanceof z.ZodArray) {
      current = inner.element as z.ZodType;
    } else {
      current = undefined;
    }
    if (!current) break;
    label = describedIn(current) ?? label;
  }
  return label;
}

/** The first description along a wrapper chain: `.describe()` may sit inside or outside `.optional()`. */
function describedIn(schema: z.ZodType): string | undefined {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 10 && current; i++) {
    if (current.description) return current.description;
    const next = unwrapOnce(current);
    if (next === current) return undefined;
    current = next;
  }
  return undefined;
}

function unwrapOnce(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return schema.unwrap() as z.ZodType;
  }
  if (schema instanceof z.ZodPipe) return schema.in as z.ZodType;
  return schema;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current; i++) {
    const next = unwrapOnce(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

export function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const label = labelAt(schema, issue.path) ?? (issue.path.length ? issue.path.join('.') : undefined);
  if (!label || issue.message.includes(label)) return issue.message;
  return `${label}：${issue.message}`;
}

export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw new ValidationError(describeIssue(schema, result.error.issues[0]!));
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new ValidationError(describeIssue(schema, result.error.issues[0]!)) };
  };
};
