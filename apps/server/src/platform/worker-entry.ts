import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The code a `new Worker(code, { eval: true })` runs to start the worker module `name` that lies beside
 * the module at `callerUrl`. Built (dist/), every worker is a bundle beside the one that starts it
 * (build.mjs names each entry). From source it is TypeScript: a thread does not inherit the loader the
 * server runs under (tsx, or vitest's in tests), so its entry registers tsx itself and then imports the
 * worker module; tsx is looked up only then, production has no TypeScript loader.
 */
export function workerEntry(callerUrl: string, name: string): string {
  if (!callerUrl.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL(`./${name}.js`, callerUrl).href)});`;
  }
  const tsxApi = pathToFileURL(
    path.join(path.dirname(createRequire(callerUrl).resolve('tsx/esm/api')), 'index.mjs'),
  ).href;
  return `import(${JSON.stringify(tsxApi)})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(new URL(`./${name}.ts`, callerUrl).href)}));`;
}
