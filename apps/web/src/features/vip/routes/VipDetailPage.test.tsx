import { api, rewardsApi } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { grant, levels, standing } from '../vip.test-fixtures';
import VipDetailPage from './VipDetailPage';

const server = startMockApi();

function serve(birthday: string | null) {
  const asked: string[] = [];
  const sent: string[] = [];
  let current = birthday;
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () =>
      HttpResponse.json(
        ok({
          customer_service: '',
          username: 'demo01',
          isLogin: true,
          whatsAppUrl: '',
          site: 'jinb',
          timeZone: 'Asia/Shanghai',
        }),
      ),
    ),
    http.get(at(rewardsApi.vipPayouts), () => HttpResponse.json(ok({ list: [], total: 0, amount: '0.0000' }))),
    http.get(at(rewardsApi.vips), () =>
      HttpResponse.json(ok({ level: 1, member: standing({ birthday: current }), levels })),
    ),
    http.get(at(rewardsApi.rewardGrants), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('programme') ?? '');
      return HttpResponse.json(
        ok({
          list: [
            grant(2, { amount: '28.0000', turnoverRequired: '28.0000' }),
            grant(1),
            grant(9, { programme: 'rebate', detail: {} }),
          ],
          total: 3,
          page: 1,
          size: 20,
          amount: '44.0000',
        }),
      );
    }),
    http.post(at(rewardsApi.vipBirthday), async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      sent.push(body.get('birthday') ?? '');
      current = body.get('birthday');
      return HttpResponse.json(ok(standing({ birthday: current })));
    }),
  );
  return { asked, sent };
}

test('The detail page explains the privileges and lists what the member received from the VIP programmes', async () => {
  const { asked } = serve('1990-05-20');
  renderPage(<VipDetailPage />, { route: '/user/vip/detail' });

  expect(await screen.findByText('晋级礼金 · VIP2')).toBeTruthy();
  expect(screen.getByText('+28.00')).toBeTruthy();
  expect(screen.getByText('每日返水')).toBeTruthy();
  expect(asked).toEqual(['vip_upgrade,vip_weekly,vip_monthly,vip_birthday,rebate']);
  expect(screen.getByRole('heading', { name: '特权说明' })).toBeTruthy();
  const birthday = screen.getByRole('region', { name: '我的生日' });
  expect(within(birthday).getByText('1990-05-20')).toBeTruthy();
  expect(within(birthday).queryByRole('button', { name: '设置生日' })).toBeNull();
});

test('A member without a birthday sets it once, after confirming', async () => {
  const { sent } = serve(null);
  renderPage(<VipDetailPage />, { route: '/user/vip/detail' });

  fireEvent.click(await screen.findByRole('button', { name: '设置生日' }));
  const picker = await screen.findByText('选择生日');
  fireEvent.click(within(picker.parentElement as HTMLElement).getByText('确定'));
  // The picker's own 确定 may still be closing: the dialog's is the one beside its title.
  const confirmation = (await screen.findByText('确认生日')).closest('[role="dialog"]') as HTMLElement;
  fireEvent.click(within(confirmation).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(sent).toEqual(['1990-01-01']));
  expect(await screen.findByText('1990-01-01')).toBeTruthy();
});
