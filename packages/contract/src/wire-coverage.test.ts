import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every mapping between the English shapes and the spec's wire names is exercised by a test: each
 * `to…Wire` / `from…Wire` function a `*.wire.ts` file exports is called in some contract test. A new
 * mapping without a round-trip test fails here, naming the function.
 */

const root = import.meta.dirname;
const files = fs
  .readdirSync(root, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts'));

/** The mapping functions a wire file exports (`export function toXWire` or `export const fromXWire =`). */
function mappingsOf(text: string): string[] {
  return [...text.matchAll(/^export (?:function|const) ((?:to|from)\w*Wire)\b/gm)].map((m) => m[1]!);
}

describe('wire mappings', () => {
  it('finds the mappings a wire file exports', () => {
    const text = [
      'export function toPointWire(p: Point): PointWire {',
      'export const fromPointWire = (w: PointWire): Point => ({',
      'export const PointWireSchema = z.object({',
      'function toLocalWire() {}',
    ].join('\n');
    expect(mappingsOf(text)).toEqual(['toPointWire', 'fromPointWire']);
  });

  it('are each called by a test, or by a mapping a test calls', () => {
    const tests = files
      .filter((file) => file.endsWith('.test.ts') && file !== 'wire-coverage.test.ts')
      .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
      .join('\n');
    const bodies = new Map<string, { file: string; body: string }>();
    for (const file of files.filter((f) => f.endsWith('.wire.ts'))) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      // A mapping's body: from its export to the next top-level export.
      const parts = text.split(/^(?=export )/m);
      for (const part of parts) for (const name of mappingsOf(part)) bodies.set(name, { file, body: part });
    }
    const calls = (text: string, name: string) => new RegExp(`\\b${name}\\(`).test(text);
    const covered = new Set([...bodies.keys()].filter((name) => calls(tests, name)));
    for (let grown = true; grown; ) {
      grown = false;
      for (const name of bodies.keys()) {
        if (covered.has(name)) continue;
        if ([...covered].some((by) => calls(bodies.get(by)!.body.replace(/^[^\n]*\n/, ''), name))) {
          covered.add(name);
          grown = true;
        }
      }
    }
    const untested = [...bodies]
      .filter(([name]) => !covered.has(name))
      .map(([name, { file }]) => `${file}: ${name}`);
    expect(untested).toEqual([]);
  });
});
