import { expect, type Locator, type Page, test } from '@playwright/test';
import { uniquePhone } from '../support/api';
import { registerThroughSite } from '../support/member';
import { layoutShift, smallTapTargets } from '../support/tap-targets';
import { bindAlipayThroughSite, setWithdrawPasswordThroughSite } from '../support/wallet';

/** Opens a page, waits until `ready` shows and the network is quiet, and expects every control to fit a finger. */
async function expectFingerSized(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await smallTapTargets(page), `controls under 44 px on ${path}`).toEqual([]);
}

test('a visitor can tap every control on the home, sign-in and account pages with a finger', async ({ page }) => {
  await expectFingerSized(page, '/app/home', (p) => p.getByRole('tab'));
  await expectFingerSized(page, '/login', (p) => p.getByRole('button', { name: '登录', exact: true }));
  await expectFingerSized(page, '/register', (p) => p.getByRole('button', { name: '注册', exact: true }));
  await expectFingerSized(page, '/app/center', (p) => p.getByRole('link', { name: '登录' }));
});

test('the home page draws its banners and game tiles as WebP artwork that moves nothing while it loads', async ({
  page,
}) => {
  const artwork: Array<{ url: string; status: number; type: string }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/media/art/'))
      artwork.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto('/app/home');
  const banner = page.getByRole('button', { name: '新人首存礼' }).locator('img');
  await expect(banner).toHaveJSProperty('complete', true);
  expect(await banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(750);
  await expect(page.getByRole('tabpanel').locator('img').first()).toHaveJSProperty('complete', true);
  await page.waitForLoadState('networkidle');

  expect(artwork.length).toBeGreaterThan(5);
  for (const image of artwork) {
    expect(image.url, 'the spec’s asset version query').toMatch(/\?v=1758416353925$/);
    expect(image, image.url).toMatchObject({ status: 200, type: 'image/webp' });
  }
  // Every picture has its box before it arrives; the tiles below the banner wait until they are near the screen.
  const images = await page.locator('img').evaluateAll((nodes) =>
    nodes.map((node) => ({
      src: node.getAttribute('src'),
      width: node.getAttribute('width'),
      height: node.getAttribute('height'),
      loading: node.getAttribute('loading'),
    })),
  );
  for (const image of images)
    expect(image, `${image.src}`).toMatchObject({ width: expect.any(String), height: expect.any(String) });
  for (const tile of images.filter((image) => image.width === '72')) expect(tile.loading).toBe('lazy');
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('a member finds deposit, withdraw and transfer on the home page and taps every wallet and account control with a finger', async ({
  page,
}) => {
  // Sign-up, two settings and eight screens measured one control at a time: more than a minute on a loaded machine.
  test.setTimeout(120_000);
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await setWithdrawPasswordThroughSite(page, '135790');
  await bindAlipayThroughSite(page, { holderName: '张三', accountNo: uniquePhone(), password: '135790' });

  await page.goto('/app/home');
  const quick = page.getByRole('navigation', { name: '钱包快捷入口' });
  await expect(quick.getByRole('link')).toHaveText(['充值', '提现', '转账']);
  await quick.getByRole('link', { name: '转账' }).click();
  await expect(page).toHaveURL(/\/finance\/transfer$/);

  await expectFingerSized(page, '/app/home', (p) => p.getByRole('tab'));
  await expectFingerSized(page, '/app/center', (p) => p.getByRole('link', { name: '交易记录' }));
  await expectFingerSized(page, '/user/transactionRecord', (p) => p.getByRole('button', { name: '近7天' }));
  await expectFingerSized(page, '/finance/withdraw', (p) => p.getByRole('link', { name: '管理账户' }));
  await expectFingerSized(page, '/finance/deposit', (p) => p.getByRole('button', { name: /快捷金额/ }));
  await expectFingerSized(page, '/finance/transfer', (p) => p.getByRole('button', { name: '全部' }));
  await expectFingerSized(page, '/personalInfo', (p) => p.getByRole('button', { name: '复制邀请码' }));
  await expectFingerSized(page, '/cards', (p) => p.getByRole('region', { name: /支付宝/ }));
});
