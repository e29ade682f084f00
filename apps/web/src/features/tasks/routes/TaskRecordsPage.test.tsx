import { api, type RewardGrantView, rewardsApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import TaskRecordsPage from './TaskRecordsPage';

const server = startMockApi();

const grant = (over: Partial<RewardGrantView>): RewardGrantView => ({
  id: '1',
  programme: 'task',
  reference: 'task:1:2030-05-01',
  amount: '5.0000',
  turnoverRequired: '5.0000',
  detail: { title: '今日充值', period: '2030-05-01', points: 20 },
  createdAt: '2030-05-01T04:00:00Z',
  ...over,
});

let bodies: Array<Record<string, unknown>>;

beforeEach(() => {
  useSession.getState().logout();
  bodies = [];
  server.use(
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.post(at(rewardsApi.taskRecords), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const list =
        body.dateType === 1
          ? []
          : [
              grant({}),
              grant({ id: '2', programme: 'signin', detail: { day: '2030-05-01', streak: 3 }, amount: '3.0000' }),
              grant({
                id: '3',
                programme: 'task_points',
                detail: { day: '2030-05-01', threshold: 20 },
                amount: '2.0000',
              }),
            ];
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20, amount: '10.0000' }));
    }),
  );
});

const open = () => renderPage(<TaskRecordsPage />, { route: paths.taskRecords, path: paths.taskRecords });

describe('TaskRecordsPage', () => {
  test('When a member opens 任务记录, then each reward shows what paid it, when, and how much', async () => {
    server.use(...signedIn());
    open();
    const rows = await screen.findAllByTestId('task-record');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('今日充值')).toBeTruthy();
    expect(within(rows[0]!).getByText('+¥5.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('需流水 ¥5.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('连续签到第 3 天')).toBeTruthy();
    expect(within(rows[2]!).getByText('20 活跃度宝箱')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ dateType: -1, page: 1 });
  });

  test('When the member picks 昨天, then the preset is sent and the empty state says so', async () => {
    server.use(...signedIn());
    open();
    await screen.findAllByTestId('task-record');
    await userEvent.click(screen.getByRole('button', { name: '昨天' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ dateType: 1 }));
    expect(await screen.findByText('该时间段内暂无任务记录')).toBeTruthy();
  });
});
