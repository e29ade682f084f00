import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../tools/vite-precompress';

/**
 * The operator console: served by the server under /console (apps/server/src/http/console-static.ts), so every asset
 * URL starts there. Only React and its router are grouped by hand (every screen needs them); antd and ProComponents
 * are split by the bundler along the lazy pages, so the sign-in page loads the few antd components it draws and
 * not ProLayout or the tables of the pages behind it.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|@tanstack)[\\/]/,
    priority: 40,
  },
];

export default defineConfig(({ mode }) => {
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  const apiProxy = { '/api': apiTarget, '/uploads': apiTarget, '/ws': { target: apiTarget, ws: true } };
  return {
    base: '/console/',
    plugins: [react(), precompress()],
    resolve: {
      dedupe: ['react', 'react-dom'],
      ...(mode === 'test'
        ? { mainFields: ['module', 'jsnext:main', 'jsnext', 'main'], conditions: ['module', 'development|production'] }
        : {}),
    },
    build: {
      target: 'es2020',
      cssCodeSplit: true,
      chunkSizeWarningLimit: 2_000,
      rolldownOptions: {
        treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
        output: { codeSplitting: { groups: vendorGroups } },
      },
    },
    server: { port: 5174, proxy: apiProxy },
    preview: { proxy: apiProxy },
    test: {
      setupFiles: ['./src/shared/testing/setup.ts'],
      server: {
        deps: {
          inline: [
            /@testing-library[\\/]react/,
            /antd/,
            /@ant-design/,
            /[\\/]rc-[a-z-]+[\\/]/,
            /@rc-component/,
            /react-router/,
            /@tanstack[\\/]react-query/,
          ],
        },
      },
    },
  };
});
