import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5310);
/** The simulated game vendor (apps/vendor-sim) beside the server, as `npm start` runs it. */
const VENDOR_PORT = PORT + 1;
// One fresh data folder per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'jinb-e2e-'));
// One fresh Redis namespace per run too: the machine's Redis outlives runs, and a day's SMS cap per address or a
// lockout counted by an earlier run (or by another site on this machine) must not refuse this run's members.
process.env.E2E_REDIS_PREFIX ??= `jinb-e2e:${path.basename(process.env.E2E_DATA_DIR)}:`;

export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  captcha: '1234',
  member: ['e2edemo', 'demo123456'] as const,
  operator: ['e2eadmin', 'admin123456'] as const,
};

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../test-results/e2e-report' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: E2E.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: [/(desktop|site-wide)\.spec\.ts/, /console-.*\.spec\.ts/],
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    {
      name: 'desktop',
      testMatch: /desktop\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    // The operator console (apps/console), a desktop app: console-*.spec.ts.
    {
      name: 'console',
      testMatch: /console-.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    // What changes every visitor's screen runs once the others are done (site-wide.spec.ts).
    {
      name: 'site-wide',
      testMatch: /site-wide\.spec\.ts/,
      dependencies: ['mobile', 'desktop'],
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/vendor-sim/src/beside.ts node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${E2E.baseURL}/api/f/v1/member/publicKey`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_CAPTCHA: E2E.captcha,
      DEMO_MEMBER: E2E.member.join(':'),
      DEMO_OPERATOR: E2E.operator.join(':'),
      LOG_LEVEL: 'warn',
      VENDOR_SIM_PORT: String(VENDOR_PORT),
      VENDOR_SIM_URL: `http://127.0.0.1:${VENDOR_PORT}`,
      VENDOR_SIM_DATA: '',
      JINB_URL: E2E.baseURL,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(process.env.E2E_CONSOLE_DIST ? { CONSOLE_DIST: process.env.E2E_CONSOLE_DIST } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: process.env.E2E_REDIS_PREFIX }
        : {}),
    },
  },
});
