import { describe, expect, it } from 'vitest';
import { tableQuery } from './table';

describe("ProTable's arguments as a list call's query", () => {
  it('turns the page into page/pageSize and leaves empty search fields out', () => {
    expect(tableQuery({ current: 3, pageSize: 50, account: 'abc', status: '', note: undefined })).toEqual({
      page: 3,
      pageSize: 50,
      account: 'abc',
    });
  });

  it('caps the page size at 100 and starts at page 1 when ProTable says nothing', () => {
    expect(tableQuery({ pageSize: 500 })).toEqual({ page: 1, pageSize: 100 });
  });

  it('sends the sorted column as field or -field', () => {
    expect(tableQuery({ current: 1, pageSize: 20 }, { createdAt: 'descend' }).sort).toBe('-createdAt');
    expect(tableQuery({ current: 1, pageSize: 20 }, { amount: 'ascend' }).sort).toBe('amount');
    expect(tableQuery({ current: 1, pageSize: 20 }, { amount: null }).sort).toBeUndefined();
  });

  it("joins a column filter's values with commas", () => {
    expect(tableQuery({ current: 1, pageSize: 20 }, {}, { status: ['pending', 'review'], kind: null }).status).toBe(
      'pending,review',
    );
  });
});
