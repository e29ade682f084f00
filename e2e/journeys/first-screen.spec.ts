import { expect, type Page, test } from '@playwright/test';

const GREETING = '欢迎回来';
const HINT = '登录后即可游戏、充值与领取优惠';

/** Where the login page's greeting lines are on screen. */
async function greetingBoxes(page: Page) {
  return {
    greeting: await page.getByText(GREETING, { exact: true }).boundingBox(),
    hint: await page.getByText(HINT, { exact: true }).boundingBox(),
  };
}

test("the login page's greeting is on screen before its code arrives, where the page then draws it", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const paints: number[] = [];
    (window as unknown as { largestPaints: number[] }).largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) paints.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // The site's code is held back: what shows first is index.html alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByText(HINT, { exact: true })).toBeVisible();
  const frame = await greetingBoxes(page);
  expect(frame.greeting).not.toBeNull();
  const releasedAt = await page.evaluate(() => performance.now());
  release();

  await expect(page.getByRole('textbox', { name: '账号' })).toBeVisible();
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
  // The page's own greeting takes the frame's place to the pixel: nothing jumps when the code arrives.
  expect(await greetingBoxes(page)).toEqual(frame);
  // And the largest paint stays the frame's: the page adds nothing larger, so the screen counts as complete early.
  const largestPaints = await page.evaluate(() => (window as unknown as { largestPaints: number[] }).largestPaints);
  expect(largestPaints.length).toBeGreaterThan(0);
  expect(Math.max(...largestPaints)).toBeLessThan(releasedAt);
});
