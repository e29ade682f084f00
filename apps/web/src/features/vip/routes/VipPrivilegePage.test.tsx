import { rewardsApi } from '@jinb/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { levels, standing } from '../vip.test-fixtures';
import VipPrivilegePage from './VipPrivilegePage';

const server = startMockApi();

beforeEach(() => {
  useSession.getState().logout();
});

test('A visitor sees every level with its privileges and is asked to sign in for the card', async () => {
  server.use(http.get(at(rewardsApi.vips), () => HttpResponse.json(ok({ level: null, member: null, levels }))));
  renderPage(<VipPrivilegePage />, { route: '/user/vip/privilege' });

  const signIn = await screen.findByRole('link', { name: '立即登录' });
  expect(signIn.getAttribute('href')).toBe('/login?redirect=%2Fuser%2Fvip%2Fprivilege');
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3']);
  const vip2 = screen.getByRole('tabpanel', { name: 'VIP2' });
  expect(within(vip2).getByText('晋级礼金').nextSibling?.textContent).toBe('16.00');
  expect(within(vip2).getByText('每日提现次数').nextSibling?.textContent).toBe('7 次');
  expect(within(vip2).getByText('体育 0.5%')).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
});

test('A member sees their level, the progress to the next level and this month’s keep requirement', async () => {
  server.use(
    ...signedIn(),
    http.get(at(rewardsApi.vips), () =>
      HttpResponse.json(
        ok({
          level: 2,
          member: standing({
            level: 2,
            name: 'VIP2',
            peak: 2,
            turnover: '2500.0000',
            deposits: '210.0000',
            next: {
              level: 3,
              name: 'VIP3',
              turnover: '3000.0000',
              deposits: '300.0000',
              turnoverPercent: 83.33,
              depositsPercent: 70,
            },
            month: { turnover: '100.0000', keepTurnover: '400.0000', percent: 25, kept: false },
          }),
          levels,
        }),
      ),
    ),
  );
  renderPage(<VipPrivilegePage />, { route: '/user/vip/privilege' });

  const card = await screen.findByRole('region', { name: '我的等级' });
  expect(within(card).getByText('VIP2')).toBeTruthy();
  expect(within(card).getByText('距离 VIP3')).toBeTruthy();
  expect(within(card).getByRole('progressbar', { name: '有效投注' }).getAttribute('aria-valuenow')).toBe('83.33');
  expect(within(card).getByRole('progressbar', { name: '充值' }).getAttribute('aria-valuenow')).toBe('70');
  expect(within(card).getByText('2500 / 3000')).toBeTruthy();
  expect(within(card).getByText(/本月有效投注 100 \/ 400/)).toBeTruthy();
  expect(within(card).getByText('未达成')).toBeTruthy();
  expect(
    within(card)
      .getByRole('link', { name: /特权详情/ })
      .getAttribute('href'),
  ).toBe('/user/vip/detail');
  // The selector opens on the member's own level.
  expect(screen.getByRole('tab', { selected: true }).textContent).toBe('VIP2');
  await userEvent.click(screen.getByRole('tab', { name: 'VIP3' }));
  expect(screen.getByRole('tab', { selected: true }).textContent).toBe('VIP3');
});

test('At the top level the card says so instead of a progress bar', async () => {
  server.use(
    ...signedIn(),
    http.get(at(rewardsApi.vips), () =>
      HttpResponse.json(ok({ level: 3, member: standing({ level: 3, name: 'VIP3', next: null }), levels })),
    ),
  );
  renderPage(<VipPrivilegePage />, { route: '/user/vip/privilege' });
  expect(await screen.findByText('您已达到最高等级')).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
});
