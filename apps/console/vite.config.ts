import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The server hands out <file>.br or .gz when the browser accepts it (@fastify/static `preCompressed`), so the build
 * writes both beside every text file of 1 KB or more (as apps/web's build does).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'jinb-console-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter(
          (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'),
        );
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            if ((await stat(full)).size < 1024) return;
            const source = await readFile(full);
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipAsync(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

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
