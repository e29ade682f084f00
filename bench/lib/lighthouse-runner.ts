import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BenchmarkInvalid, onCleanup } from './lifecycle';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type LighthouseSample = { score: number; lcpMs: number; cls: number; fcpMs: number; tbtMs: number };

function numeric(audits: Record<string, { numericValue?: number }>, id: string): number {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new BenchmarkInvalid(`Lighthouse returned no ${id}`);
  return value;
}

/**
 * One Lighthouse navigation (default config: mobile form factor, simulated throttling) with the performance
 * category only, in a Chrome of its own so no run inherits another's cache or service worker.
 */
async function runOnce(url: string): Promise<LighthouseSample> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const kill = async () => chrome.kill();
  onCleanup(kill);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new BenchmarkInvalid(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError)
      throw new BenchmarkInvalid(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) {
      throw new BenchmarkInvalid(`Lighthouse on ${url} gave no performance score: ${lhr.runWarnings.join('; ')}`);
    }
    return {
      score: Math.round(score * 100),
      lcpMs: numeric(lhr.audits, 'largest-contentful-paint'),
      cls: numeric(lhr.audits, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr.audits, 'first-contentful-paint'),
      tbtMs: numeric(lhr.audits, 'total-blocking-time'),
    };
  } finally {
    await kill();
  }
}

const ATTEMPTS = 3;

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART and the like); such runs are retried. */
export async function runLighthouse(url: string): Promise<LighthouseSample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (!(error instanceof BenchmarkInvalid) || attempt >= ATTEMPTS) throw error;
      console.error(`  Lighthouse run failed (${error.message}); retrying`);
    }
  }
}
