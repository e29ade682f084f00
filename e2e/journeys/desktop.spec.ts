import { expect, test } from '@playwright/test';

test('a desktop browser on /app/home goes to /home with the query kept, and sees a QR code and the phone view', async ({
  page,
}) => {
  await page.goto('/app/home?i_code=DESK01&from=ad');
  await expect(page).toHaveURL(/\/home\?i_code=DESK01&from=ad$/);
  await expect(page.locator('svg').first()).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(1);
});
