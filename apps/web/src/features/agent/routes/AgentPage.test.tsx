import { type AgentCommissionView, type AgentInfoView, api, communityApi, type PreInfo } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import AgentPage from './AgentPage';

const server = startMockApi();

const preInfo: PreInfo = {
  customer_service: '',
  username: 'demo01',
  isLogin: true,
  whatsAppUrl: '',
  site: 'jinb',
  timeZone: 'Asia/Shanghai',
};

const info: AgentInfoView = {
  inviteCode: 'AB12CD',
  link: 'http://localhost/register?i_code=AB12CD',
  direct: 2,
  second: 1,
  paid: '4.7000',
  waiting: '0.4000',
  scheme: {
    enabled: true,
    basis: 'turnover',
    period: 'week',
    tiers: [
      { from: '0.0000', rate: '0.2' },
      { from: '1000.0000', rate: '0.3' },
    ],
    secondRate: '0.1',
    multiple: '1',
    mode: 'claim',
    expiryDays: 30,
  },
};

const commission: AgentCommissionView = {
  id: '7',
  period: '2026-W47',
  basis: 'turnover',
  basisAmount: '1500.0000',
  secondAmount: '200.0000',
  tier: 2,
  rate: '0.3',
  secondRate: '0.1',
  amount: '4.7000',
  status: 'pending',
  expiresAt: null,
  createdAt: '2026-11-24T00:10:00.000Z',
};

const confirmButton = () => screen.getAllByRole('button', { name: '确定' }).at(-1) as HTMLElement;

function serve() {
  const claimed: string[] = [];
  let status: AgentCommissionView['status'] = 'pending';
  server.use(
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
    http.get(at(communityApi.agentInfo), () => HttpResponse.json(ok(info))),
    http.get(at(communityApi.agentCommissions), () =>
      HttpResponse.json(ok({ list: [{ ...commission, status }], total: 1, page: 1, size: 20 })),
    ),
    http.get(at(communityApi.agentDownline), ({ request }) => {
      const level = new URL(request.url).searchParams.get('level');
      const list =
        level === '2'
          ? []
          : [{ account: 'ab***9', registeredAt: '2026-11-20', deposits: '100.0000', validTurnover: '800.0000' }];
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20 }));
    }),
    http.post(at(communityApi.agentCommissionClaim), async ({ request }) => {
      claimed.push(new URLSearchParams(await request.text()).get('id') ?? '');
      status = 'claimed';
      return HttpResponse.json(ok({ id: '7', amount: '4.7000' }));
    }),
  );
  return claimed;
}

test('When the page opens, then the code, the link, the totals and the tiers show', async () => {
  serve();
  renderPage(<AgentPage />);
  expect(await screen.findByTestId('invite-link')).toHaveProperty('textContent', info.link);
  expect(screen.getByTestId('invite-code').textContent).toBe('AB12CD');
  expect(screen.getByText('¥4.70')).toBeTruthy();
  expect(screen.getByText('≥ ¥1000.00')).toBeTruthy();
  expect(screen.getByText('0.3%')).toBeTruthy();
  expect(screen.getByRole('button', { name: '保存二维码' })).toBeTruthy();
});

test('When a commission is claimed after the confirmation, then it reads as claimed', async () => {
  const claimed = serve();
  renderPage(<AgentPage />);
  fireEvent.click(await screen.findByRole('tab', { name: '我的佣金' }));
  expect(await screen.findByText('2026 年第 47 周')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '领取' }));
  fireEvent.click(await screen.findByText('确认领取 ¥4.70 到中心钱包？').then(() => confirmButton()));
  await waitFor(() => expect(claimed).toEqual(['7']));
  expect(await screen.findByText('已领取')).toBeTruthy();
});

test('When the second level has nobody, then it says so; the first level lists masked accounts', async () => {
  serve();
  renderPage(<AgentPage />);
  fireEvent.click(await screen.findByRole('tab', { name: '我的下级' }));
  expect(await screen.findByText('ab***9')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '二级下级' }));
  expect(await screen.findByText('暂无下级，快去邀请好友吧')).toBeTruthy();
});
