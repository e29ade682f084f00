import { api, rewardsApi, type TaskContent, type TaskView } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { resetTaskThrottle } from '../tasks-session';
import TaskCenterPage from './TaskCenterPage';

const server = startMockApi();

const task = (over: Partial<TaskView>): TaskView => ({
  id: '1',
  kind: 'daily',
  condition: 'valid_bet',
  category: '',
  tag: 'bet',
  title: '有效投注100元',
  description: '今日有效投注累计满100元',
  progress: '40.0000',
  target: '100.0000',
  unit: 'amount',
  state: 'doing',
  reward: '2.0000',
  multiple: '1',
  points: 20,
  period: '2030-05-01',
  ...over,
});

const content = (over: Partial<TaskContent> = {}): TaskContent => ({
  day: '2030-05-01',
  points: 30,
  chests: [
    { id: '1', threshold: 20, reward: '2.0000', state: 'ready' },
    { id: '2', threshold: 50, reward: '5.0000', state: 'locked' },
  ],
  signin: {
    signedToday: false,
    streak: 2,
    days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      reward: `${day}.0000`,
      state: day <= 2 ? 'signed' : day === 3 ? 'today' : 'upcoming',
    })),
  },
  claimable: 1,
  ...over,
});

let claimed: unknown[];
let groupsAsked: number;

beforeEach(() => {
  useSession.getState().logout();
  resetTaskThrottle();
  claimed = [];
  groupsAsked = 0;
  server.use(
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '10.0000' }))),
    http.post(at(rewardsApi.taskContent), () => HttpResponse.json(ok(content()))),
    http.post(at(rewardsApi.taskGroups), () => {
      groupsAsked += 1;
      const daily = [
        task({}),
        task({
          id: '2',
          condition: 'signin',
          tag: 'signin',
          title: '每日签到',
          state: 'claimable',
          unit: 'count',
          progress: '1',
          target: '1',
          reward: '1.0000',
        }),
        task({
          id: '3',
          condition: 'deposit_count',
          tag: 'deposit',
          title: '今日充值',
          state: 'claimed',
          unit: 'count',
          progress: '1',
          target: '1',
        }),
      ];
      const newbie = [
        task({
          id: '4',
          kind: 'newbie',
          condition: 'withdraw_password',
          tag: 'account',
          title: '设置提现密码',
          unit: 'count',
          progress: '0',
          target: '1',
        }),
      ];
      return HttpResponse.json(
        ok({
          list: [
            { id: 'daily', list: daily, total: 3, claimable: 1 },
            { id: 'newbie', list: newbie, total: 1, claimable: 0 },
          ],
          total: 2,
        }),
      );
    }),
    http.post(at(rewardsApi.taskReceive), async ({ request }) => {
      claimed.push(await request.json());
      return HttpResponse.json(ok({ claimed: 1, amount: '1.0000', points: 10 }));
    }),
  );
});

const open = () => renderPage(<TaskCenterPage />, { route: paths.task, path: paths.task });

describe('TaskCenterPage', () => {
  test('When a member opens 任务中心, then points, chests, the sign-in week and the tasks show with their actions', async () => {
    server.use(...signedIn());
    open();
    expect(await screen.findByTestId('task-points')).toHaveProperty('textContent', '30');
    expect(screen.getByRole('button', { name: '20 活跃度宝箱 开启' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: '50 活跃度宝箱 未达成' })).toHaveProperty('disabled', true);
    expect(screen.getByText('已连续签到 2 天')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即签到' })).toBeTruthy();

    const bet = await screen.findByRole('article', { name: '有效投注100元' });
    expect(within(bet).getByText('40.00/100.00')).toBeTruthy();
    expect(within(bet).getByText('奖励 ¥2.00')).toBeTruthy();
    expect(within(bet).getByRole('button', { name: '去完成 有效投注100元' })).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: '今日充值' })).getByRole('button', { name: '已领取' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '一键领取（1）' })).toBeTruthy();
  });

  test('When the member taps 领取, then the task id is sent as JSON and the list is asked for again', async () => {
    server.use(...signedIn());
    open();
    await userEvent.click(await screen.findByRole('button', { name: '领取 每日签到' }));
    await waitFor(() => expect(claimed).toEqual([{ id: '2' }]));
    await waitFor(() => expect(groupsAsked).toBe(2));
  });

  test('When the member picks a kind of task, then only those tasks of the group show', async () => {
    server.use(...signedIn());
    open();
    await screen.findByRole('article', { name: '有效投注100元' });
    await userEvent.click(screen.getByRole('button', { name: '签到' }));
    expect(screen.getAllByRole('article').map((row) => row.getAttribute('aria-label'))).toEqual(['每日签到']);
    await userEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  test('When the member taps 去完成 on a newbie task, then the page that completes it opens', async () => {
    server.use(...signedIn());
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '新手任务' }));
    await userEvent.click(await screen.findByRole('button', { name: '去完成 设置提现密码' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.withdrawPassword);
  });
});
