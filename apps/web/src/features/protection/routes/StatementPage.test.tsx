import { api, protectionApi, type Statement } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/paths';
import { deviceId } from '../../../shared/session/storage';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import StatementPage from './StatementPage';

const server = startMockApi();

const zero = { deposits: '0.0000', withdrawals: '0.0000', stakes: '0.0000', payouts: '0.0000', net: '0.0000' };
const busy: Statement = {
  from: '2030-02-01T00:00:00.000Z',
  to: '2030-05-01T00:00:00.000Z',
  deposits: '3000.0000',
  withdrawals: '500.0000',
  stakes: '1200.5000',
  payouts: '900.2500',
  net: '-300.2500',
  months: [
    {
      month: '2030-04',
      deposits: '1000.0000',
      withdrawals: '500.0000',
      stakes: '800.0000',
      payouts: '900.2500',
      net: '100.2500',
    },
    {
      month: '2030-03',
      deposits: '2000.0000',
      withdrawals: '0.0000',
      stakes: '400.5000',
      payouts: '0.0000',
      net: '-400.5000',
    },
  ],
};

let asked: string[];
let csvRequests: Request[];
let saved: { href: string; download: string }[];

beforeEach(() => {
  asked = [];
  csvRequests = [];
  saved = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(protectionApi.memberStatement), ({ request }) => {
      const months = new URL(request.url).searchParams.get('months') ?? '';
      asked.push(months);
      return HttpResponse.json(ok(months === '3' ? busy : { ...zero, from: busy.from, to: busy.to, months: [] }));
    }),
    http.get(at(protectionApi.memberStatementCsv), ({ request }) => {
      csvRequests.push(request);
      return new HttpResponse('month,deposits\n2030-04,1000.00\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

const open = () => renderPage(<StatementPage />, { route: paths.statement });

describe('StatementPage', () => {
  test('A month without activity shows the empty state', async () => {
    open();

    expect(await screen.findByText('这段时间没有充值、提现或投注')).toBeTruthy();
    expect(asked).toEqual(['1']);
    expect(screen.getByRole('tab', { name: '近1个月' }).getAttribute('aria-selected')).toBe('true');
  });

  test('近3个月 shows the totals and a row per month', async () => {
    open();
    await userEvent.setup().click(screen.getByRole('tab', { name: '近3个月' }));

    const net = await screen.findByText('-300.25');
    expect(net.tagName).toBe('DD');
    expect(screen.getByText('3000.00')).toBeTruthy();
    expect(screen.getByText('1200.50')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '月份充值提现投注派彩净输赢',
      '2030-041000.00500.00800.00900.25100.25',
      '2030-032000.000.00400.500.00-400.50',
    ]);
  });

  test('导出CSV fetches the span shown with the headers every call carries and saves it as a .csv file', async () => {
    open();
    const typing = userEvent.setup();
    await typing.click(screen.getByRole('tab', { name: '近3个月' }));
    await screen.findByText('-300.25');

    await typing.click(screen.getByRole('button', { name: '导出CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(csvRequests).toHaveLength(1);
    const request = csvRequests[0]!;
    expect(new URL(request.url).searchParams.get('months')).toBe('3');
    expect(request.headers.get('t')).toBe('token');
    expect(request.headers.get('lang')).toBe('zh-CN');
    expect(request.headers.get('device_no')).toBe(deviceId());
    expect(request.headers.get('d')).toBeTruthy();
    expect(saved[0]).toMatchObject({ href: 'blob:statement' });
    expect(saved[0]?.download).toMatch(/^statement-3m-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
