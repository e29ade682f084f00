import type { Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation the page reports from now on, across navigations: a blocked script, style,
 * image or eval means the policy and the site disagree, whether or not anything visibly broke.
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}
