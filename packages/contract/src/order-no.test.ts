import { describe, expect, it } from 'vitest';
import { formatOrderNo, parseOrderNo } from './order-no';

describe('formatOrderNo', () => {
  it('reads as kind, creation date in the platform zone and the padded id', () => {
    expect(formatOrderNo('withdrawal', 42n, new Date('2026-11-23T10:00:00Z'), 'Asia/Shanghai')).toBe('W20261123000042');
    expect(formatOrderNo('deposit', '7', '2026-11-23T10:00:00.000Z', 'Asia/Shanghai')).toBe('D20261123000007');
    expect(formatOrderNo('transfer', '1234567', '2026-11-23T10:00:00.000Z', 'Asia/Shanghai')).toBe('T202611231234567');
  });

  it('dates the order by the platform’s day, so late evening in UTC is already tomorrow in Shanghai', () => {
    const lateUtc = new Date('2026-11-23T17:00:00Z');
    expect(formatOrderNo('adjust', 3n, lateUtc, 'Asia/Shanghai')).toBe('A20261124000003');
    expect(formatOrderNo('adjust', 3n, lateUtc, 'UTC')).toBe('A20261123000003');
  });

  it('is read back to the stored id', () => {
    expect(parseOrderNo('W20261123000042')).toEqual({ kind: 'withdrawal', id: '42' });
    expect(parseOrderNo(' t202611231234567 ')).toEqual({ kind: 'transfer', id: '1234567' });
    expect(parseOrderNo('X20261123000042')).toBeNull();
    expect(parseOrderNo('42')).toBeNull();
  });
});
