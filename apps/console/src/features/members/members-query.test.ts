import { describe, expect, it } from 'vitest';
import { membersQuery } from './members-query';

describe('the members list query', () => {
  it('sends the column sort as the call sort field, newest registration first by default', () => {
    expect(membersQuery({ page: 1, pageSize: 20 }).sort).toBe('-registered');
    expect(membersQuery({ sort: 'balance' }).sort).toBe('balance');
    expect(membersQuery({ sort: '-lastSignInAt' }).sort).toBe('-lastSignIn');
    expect(membersQuery({ sort: '-vipLevel' }).sort).toBe('-vip');
  });

  it('turns the registration days into the platform day edges (Asia/Shanghai) and keeps the other filters', () => {
    const query = membersQuery({ phone: '13800138000', registered: ['2026-11-01', '2026-11-02'] });
    expect(query).toMatchObject({
      phone: '13800138000',
      registeredFrom: '2026-10-31T16:00:00.000Z',
      registeredTo: '2026-11-02T15:59:59.000Z',
    });
    expect(query).not.toHaveProperty('registered');
  });
});
