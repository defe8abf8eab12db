import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The login page is the first download (issue 10): what main.tsx reaches through static imports must
 * not hold the signed-in app, the route table, the features or ECharts — those come through
 * `import()`, after the login form has painted. The size budget (`npm run size`) checks the bytes;
 * this names the module that broke it.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Static imports only: `import … from`, `export … from` and bare `import '…'`, not `import()` nor type-only ones. */
function staticImports(text: string): string[] {
  const found = text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[\s\S]*?\sfrom\s+)?'([^']+)'/gm);
  return [...found].map((match) => match[1] ?? '');
}

/** Every source file and package the entry reaches statically, each with the chain that reached it. */
function staticGraph(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    const chain = reached.get(file) ?? [];
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier;
      if (reached.has(target)) continue;
      reached.set(target, [...chain, target]);
      if (specifier.startsWith('.') && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return reached;
}

const FORBIDDEN = [
  { what: 'the signed-in app', test: (id: string) => id === path.join(SRC, 'app/signed-in-app.tsx') },
  { what: 'the route table', test: (id: string) => id === path.join(SRC, 'app/routes.tsx') },
  { what: 'the layout', test: (id: string) => id === path.join(SRC, 'shell/layout/app-layout.tsx') },
  { what: 'a feature', test: (id: string) => id.startsWith(path.join(SRC, 'features') + path.sep) },
  { what: 'ECharts', test: (id: string) => /^(echarts|echarts-for-react)(\/|$)/.test(id) },
  { what: 'the whole antd package', test: (id: string) => id === 'antd/dist/antd' || id === 'antd/es' },
];

describe('the first download', () => {
  const graph = staticGraph(path.join(SRC, 'main.tsx'));

  it('reaches the login page', () => {
    expect(graph.has(path.join(SRC, 'shell/login/login-page.tsx'))).toBe(true);
  });

  it('holds neither the signed-in app, the route table, a feature nor ECharts', () => {
    const problems = [...graph]
      .flatMap(([id, chain]) =>
        FORBIDDEN.filter((rule) => rule.test(id)).map(
          (rule) => `${rule.what}: ${chain.map((f) => path.relative(SRC, f)).join(' → ')}`,
        ),
      )
      .sort();
    expect(problems).toEqual([]);
  });
});
