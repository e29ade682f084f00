import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-diff';

describe('the audit row’s before and after', () => {
  it('lists the changed leaves first, then added, removed and unchanged ones, with their paths', () => {
    const lines = diffLines(
      { withdrawMin: '100.0000', fee: { rate: 1 }, channels: ['bank'], gone: true },
      { withdrawMin: '150.0000', fee: { rate: 1 }, channels: ['bank', 'usdt'] },
    );
    expect(lines).toEqual([
      { path: 'withdrawMin', before: '100.0000', after: '150.0000', change: 'changed' },
      { path: 'channels[1]', before: undefined, after: 'usdt', change: 'added' },
      { path: 'gone', before: 'true', after: undefined, change: 'removed' },
      { path: 'fee.rate', before: '1', after: '1', change: 'same' },
      { path: 'channels[0]', before: 'bank', after: 'bank', change: 'same' },
    ]);
  });

  it('shows what an action recorded as added when nothing tells the state before', () => {
    expect(diffLines(null, { amount: '12.0000', reason: 'goodwill' })).toEqual([
      { path: 'amount', before: undefined, after: '12.0000', change: 'added' },
      { path: 'reason', before: undefined, after: 'goodwill', change: 'added' },
    ]);
    expect(diffLines('1990-01-01', '1990-02-02')).toEqual([
      { path: '(值)', before: '1990-01-01', after: '1990-02-02', change: 'changed' },
    ]);
  });
});
