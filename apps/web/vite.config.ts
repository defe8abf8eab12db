import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * The server serves `dist` at `/` from the same process (port 3000); in development Vite serves the
 * app and forwards `/api` there, so cookies and CSRF behave as in production (same origin).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  // Zod without eval, as the Content-Security-Policy requires (see src/zod-under-csp.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/zod-under-csp.ts') }],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the size budget (scripts/size-budget.mjs) reads the login page's chunks from it.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Groups split by the lazy parts that use them are named after all of those parts: keep file names short.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        // Vendors change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // Charts load with the pages that draw them, not with the shell; in parts (maxSize counts
            // source bytes before minifying), so no file passes the 200 KB gzip budget of a chunk.
            {
              name: 'echarts',
              test: /node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor)[\\/]/,
              priority: 25,
              maxSize: 1_600_000,
            },
            // The SQL editor of 算法管理, fetched only when a group page opens its editor.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|codemirror|@lezer|crelt|style-mod|w3c-keyname)[\\/]/,
              priority: 25,
            },
            // What the login page needs from the libraries ($initial: statically reached from the entry).
            { name: 'vendor-login', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // The rest of antd, split by which lazy parts use it: the shell does not pull the whole library.
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs)[\\/]/,
              priority: 15,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              priority: 10,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
          ],
        },
      },
    },
  },
});
