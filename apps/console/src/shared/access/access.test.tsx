import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Can, mayCall, OperatorProvider, toConsoleOperator } from './access';

function as(role: string) {
  return toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
}

describe('what an operator may do', () => {
  it('follows the role groups of ENDPOINT_ACCESS', () => {
    expect(mayCall('admin', 'adminOperatorCreate')).toBe(true);
    expect(mayCall('support', 'adminOperatorCreate')).toBe(false);
    expect(mayCall('finance', 'adminMe')).toBe(mayCall('support', 'adminMe'));
  });

  it("treats a call the table does not name as the admin's alone", () => {
    expect(mayCall('admin', 'adminNoSuchCall')).toBe(true);
    expect(mayCall('finance', 'adminNoSuchCall')).toBe(false);
  });

  it('shows a button only to a role that may make its call', () => {
    const button = (role: string) => (
      <OperatorProvider operator={as(role)}>
        <Can call="adminOperatorCreate">
          <button type="button">新建运营账号</button>
        </Can>
      </OperatorProvider>
    );
    const { rerender } = render(button('admin'));
    expect(screen.getByRole('button', { name: '新建运营账号' })).toBeTruthy();
    rerender(button('support'));
    expect(screen.queryByRole('button', { name: '新建运营账号' })).toBeNull();
  });

  it("fills in what an older server's adminMe leaves out", () => {
    expect(as('finance')).toMatchObject({
      role: 'finance',
      idleMinutes: 30,
      otp: { required: false, enrolled: false },
    });
  });
});
