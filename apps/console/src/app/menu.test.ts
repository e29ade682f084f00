import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { ConsoleRoute } from './console-route';
import { menuFor } from './menu';

const page = lazy(async () => ({ default: () => null }));
const ROUTES: ConsoleRoute[] = [
  { path: 'money/withdrawals', page: 'withdrawals', title: '提现审核', menu: { group: 'money' }, component: page },
  { path: 'members', page: 'members', title: '会员列表', menu: { group: 'members' }, component: page },
  { path: 'members/:id', page: 'memberDetail', title: '会员详情', component: page },
  { path: 'dashboard', page: 'dashboard', title: '仪表盘', menu: { group: 'overview' }, component: page },
  { path: 'operators', page: 'operators', title: '运营账号', menu: { group: 'system' }, component: page },
];

describe('the menu', () => {
  it("shows an admin every page with a menu place, in MENU_GROUPS' order", () => {
    const menu = menuFor('admin', ROUTES);
    expect(menu.map((section) => section.name)).toEqual(['概览', '会员', '资金', '系统']);
    expect(menu.flatMap((section) => section.children.map((entry) => entry.path))).toEqual([
      '/dashboard',
      '/members',
      '/money/withdrawals',
      '/operators',
    ]);
  });

  it('leaves out what a role may not open, and the groups left empty', () => {
    const menu = menuFor('support', ROUTES);
    expect(menu.map((section) => section.name)).toEqual(['会员']);
  });
});
