import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server serves `dist` at `/` from the same process (port 3000); in development Vite serves the
 * app and forwards `/api` there, so cookies and CSRF behave as in production (same origin).
 */
export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Vendors change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs)[\\/]/,
              priority: 20,
            },
            // Charts load with the pages that draw them, not with the shell.
            {
              name: 'echarts',
              test: /node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor)[\\/]/,
              priority: 25,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
