import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The server hands out <file>.br or .gz when the browser accepts it (@fastify/static `preCompressed`, for the member
 * site and the console alike), so a build writes both next to every text file once everything else (the site's PWA
 * worker, its manifest) has been written. Files under 1 KB gain nothing worth a second request path.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'jinb-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle (the PWA worker is generated there).
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
              brotli(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
