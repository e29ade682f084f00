import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      // The benchmarks' own helpers, among them the site size budget's measurement.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      // The deployment's own checks: nginx, systemd, Prometheus rules, the restore drill (deploy/README.md).
      {
        test: {
          name: 'deploy',
          include: ['deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy; files run one at a time per worker pool slot.
          fileParallelism: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Form tests type into a page as a member would; on a loaded two-core CI machine that can pass 5 s.
          testTimeout: 15_000,
        },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: {
          name: 'console',
          root: './apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 15_000,
        },
      },
    ],
  },
});
