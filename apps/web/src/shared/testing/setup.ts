import './resolve-site-react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18next } from '../i18n/i18n';
import type { TOptions } from '../i18n/translator';
import { installAntdRender } from '../ui/antd-render';

await installAntdRender();

// CI runs the whole suite on two busy cores, where a page's next screen can take longer than Testing Library's
// one-second default to appear (a confirmation dialog after a picker's closing animation once did); the test's own
// timeout (15 s) still bounds a wait for something that never comes.
configure({ asyncUtilTimeout: 5_000 });

/**
 * A word looked up that no locale has fails the test that rendered it: in the site the key itself would reach the
 * member (我的资产 once showed `assets.types.bet`). A lookup with a defaultValue says what to show instead.
 */
const missingWords: string[] = [];
type Lookup = (key: string, options: TOptions | undefined, fixedNs: string | undefined) => unknown;
const translator = i18next as unknown as { translate: Lookup };
const lookUp = translator.translate.bind(i18next);
translator.translate = (key, options, fixedNs) => {
  const text = lookUp(key, options, fixedNs);
  const unprefixed = key.slice(key.indexOf(':') + 1);
  if (options?.defaultValue === undefined && (text === key || text === unprefixed)) {
    missingWords.push(`${options?.ns ?? fixedNs ?? i18next.defaultNS}:${key}`);
  }
  return text;
};

// Web tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // React's scheduler may still hold a task queued for the next turn (setImmediate): let it run while the page
  // exists, so it neither spills into the next test nor, after a file's last test, runs once jsdom is gone (CI saw
  // "window is not defined" from react-dom after CasinoTablePage's tests, failing the run with every test green).
  await new Promise((resolve) => setImmediate(resolve));
  sessionStorage.clear();
  localStorage.clear();
  const missing = missingWords.splice(0);
  if (missing.length) throw new Error(`No words in the locales for ${[...new Set(missing)].join(', ')}`);
});
