#!/usr/bin/env node
// Compiles the server into dist/: one ES module per entry point with the server's own code and the
// contract's TypeScript source bundled in, every installed package left to node_modules (native
// modules, wasm and package data files load from where they are installed). Production runs these
// files with plain node; tests and `npm run dev` keep running the TypeScript through tsx.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const here = import.meta.dirname;
const outdir = path.join(here, 'dist');

/** Every bare import is an installed package, except the workspace's own TypeScript packages. */
const installedPackages = {
  name: 'installed-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@eduqa/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await esbuild.build({
  entryPoints: {
    main: 'src/main.ts',
    'backup-cli': 'src/backup-cli.ts',
    'audit-verify': 'src/audit-verify.ts',
    // Started by warehouse-sandbox.ts as a thread, from the folder of the bundle that holds it.
    'warehouse-sandbox.worker': 'src/modules/algorithms/warehouse-sandbox.worker.ts',
    // Started by db/pglite-thread.ts: the embedded database's own thread.
    'pglite-thread.worker': 'src/db/pglite-thread.worker.ts',
  },
  absWorkingDir: here,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [installedPackages],
  logLevel: 'warning',
});
console.log(
  `server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
