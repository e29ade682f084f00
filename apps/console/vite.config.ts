import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The operator console: served by the server under /console (apps/server/src/http/console-static.ts), so every asset
 * URL starts there. Vendor code is grouped so a release that touches one page re-downloads that page only.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|@tanstack)[\\/]/,
    priority: 40,
  },
  { name: 'pro', test: /node_modules[\\/]@ant-design[\\/]pro-/, priority: 30 },
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|rc-[a-z-]+|@rc-component|dayjs|@babel[\\/]runtime|classnames|stylis|@emotion)[\\/]/,
    priority: 20,
  },
];

export default defineConfig(({ mode }) => {
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  const apiProxy = { '/api': apiTarget, '/uploads': apiTarget, '/ws': { target: apiTarget, ws: true } };
  return {
    base: '/console/',
    plugins: [react()],
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
