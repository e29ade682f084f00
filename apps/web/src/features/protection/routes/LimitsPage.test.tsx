import { api, type LimitsUpdated, type LimitsView, protectionApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { readForm, type SentRequest, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import LimitsPage from './LimitsPage';

const server = startMockApi();

const HOUR = 60 * 60_000;
const usage = (used: string) => ({ used, resetsAt: '2030-05-02T16:00:00.000Z' });

function view(extra: Partial<LimitsView> = {}): LimitsView {
  return {
    depositDay: '1000.0000',
    depositWeek: null,
    depositMonth: null,
    lossDay: null,
    lossWeek: null,
    lossMonth: null,
    stakeMax: null,
    sessionMinutes: null,
    realityMinutes: 30,
    pending: {},
    usage: {
      depositDay: usage('200.0000'),
      depositWeek: usage('200.0000'),
      depositMonth: usage('200.0000'),
      lossDay: usage('0.0000'),
      lossWeek: usage('0.0000'),
      lossMonth: usage('0.0000'),
    },
    ...extra,
  };
}

let current: LimitsView;
let updates: SentRequest[];
let confirms: SentRequest[];

beforeEach(() => {
  current = view();
  updates = [];
  confirms = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(protectionApi.memberLimits), () => HttpResponse.json(ok(current))),
    http.put(at(protectionApi.memberLimitsUpdate), async ({ request }) => {
      updates.push(await readForm(request));
      const effectiveAt = new Date(Date.now() + 24 * HOUR).toISOString();
      current = view({
        pending: {
          depositDay: { value: '5000.0000', requestedAt: new Date().toISOString(), effectiveAt, confirmable: false },
        },
      });
      const answer: LimitsUpdated = { ...current, changes: [{ key: 'depositDay', status: 'pending', effectiveAt }] };
      return HttpResponse.json(ok(answer));
    }),
    http.post(at(protectionApi.memberLimitsConfirm), async ({ request }) => {
      confirms.push(await readForm(request));
      current = view({ depositDay: '5000.0000' });
      return HttpResponse.json(ok(current));
    }),
  );
});

const open = () => renderPage(<LimitsPage />, { route: paths.limits });
const row = (key: string) => screen.getByTestId(`limit-${key}`);

describe('LimitsPage', () => {
  test('Shows what is in force and how much of the period is used', async () => {
    open();

    const depositDay = await screen.findByTestId('limit-depositDay');
    expect(within(depositDay).getByText('1000.00')).toBeTruthy();
    expect(within(depositDay).getByText('今日已用 200.00 / 1000.00')).toBeTruthy();
    expect(within(depositDay).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(within(row('depositWeek')).getByText('未设置')).toBeTruthy();
    expect(within(row('depositWeek')).getByText('本周已用 200.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '30 分钟' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('When the member raises the daily deposit limit, then the page says it waits and shows the pending value with a countdown but no 确认生效', async () => {
    open();
    // The sheet takes no pointer events while it slides in; the member would wait for it.
    const typing = userEvent.setup({ pointerEventsCheck: 0 });
    await typing.click(await screen.findByRole('button', { name: '修改每日充值限额' }));
    await typing.type(await screen.findByLabelText('金额'), '5000');
    await typing.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ depositDay: '5000' });
    expect((await screen.findByRole('status')).textContent).toMatch(/每日充值限额的提高或取消将于 .+ 后可确认/);
    const pending = await within(row('depositDay')).findByRole('region', { name: '每日充值限额待生效' });
    expect(within(pending).getByText('待生效：5000.00')).toBeTruthy();
    expect(within(pending).getByText(/^2[34]小时\d+分 后可确认$/)).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: '确认生效' })).toBeNull();
    expect(within(pending).getByRole('button', { name: '撤销' })).toBeTruthy();
    // What is in force has not changed.
    expect(within(row('depositDay')).getByText('1000.00')).toBeTruthy();
  });

  test('When the 24 hours have passed, then 确认生效 appears and confirming puts the new limit in force', async () => {
    current = view({
      pending: {
        depositDay: {
          value: '5000.0000',
          requestedAt: new Date(Date.now() - 25 * HOUR).toISOString(),
          effectiveAt: new Date(Date.now() - HOUR).toISOString(),
          confirmable: true,
        },
      },
    });
    open();

    const confirm = await screen.findByRole('button', { name: '确认生效' });
    expect(screen.getByText('已满 24 小时，确认后生效')).toBeTruthy();
    await userEvent.setup().click(confirm);

    await waitFor(() => expect(confirms.map((sent) => sent.body)).toEqual([{ key: 'depositDay' }]));
    await waitFor(() => expect(within(row('depositDay')).getByText('5000.00')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '确认生效' })).toBeNull();
  });
});
